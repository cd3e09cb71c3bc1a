/**
 * The address's parameters the printed search reads or carries, by the rule the plugin's
 * `donation_widgets_address_parameters()` follows (both held to address-parameters.cases.json): the page's
 * id (`p`, `page_id`) and the fields of the search's copies (`zipcode`, `radius`, `days`, `zipcode-2`,
 * …), each a string of valid UTF-8 without a NUL; any other value is left out, as if the address did not
 * hold it. The query string is read as PHP reads it into `$_GET`, byte by byte, since a parser that
 * decodes for us (Express's) turns `%FF` into text PHP never sees: `+` is a space, a name's leading spaces
 * go, and the last of a name wins (see addressParameters()).
 */

const OURS = /^(?:p|page_id|(?:zipcode|radius|days)(?:-[1-9][0-9]*)?)$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * `%XX` and `+` read as PHP's urldecode() reads them; anything else as it is.
 * @param {string} text
 */
const urlBytes = (text) => {
  const ascii = Buffer.from(text.replaceAll('+', ' '), 'utf8');
  /** @type {number[]} */
  const bytes = [];
  for (let i = 0; i < ascii.length; i++) {
    const hex = ascii.subarray(i + 1, i + 3).toString('latin1');
    if (ascii[i] === 0x25 && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(/** @type {number} */ (ascii[i]));
  }
  return Buffer.from(bytes);
};

/**
 * The bytes as text when they are valid UTF-8 without a NUL.
 * @param {Buffer} bytes
 * @returns {string | undefined}
 */
const asText = (bytes) => {
  if (bytes.includes(0)) return undefined;
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
};

/**
 * The address's parameters by the rule above, in the address's order.
 * @param {string} search the query string, with or without its `?`
 * @returns {Map<string, string>}
 */
export function addressParameters(search) {
  /** @type {Map<string, Buffer | undefined>} */
  const get = new Map();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = urlBytes(equals < 0 ? pair : pair.slice(0, equals))
      .toString('latin1')
      .replace(/^ +/, '');
    const value = urlBytes(equals < 0 ? '' : pair.slice(equals + 1));
    // PHP's names: `.` and a space before any `[` read as `_`; `name[…]` an array under `name`, a `[`
    // without its `]` an `_`. A name set again keeps its place.
    const bracket = name.indexOf('[');
    const base = (bracket < 0 ? name : name.slice(0, bracket)).replace(/[. ]/g, '_');
    if (bracket < 0) get.set(base, value);
    else if (name.indexOf(']', bracket) > 0) get.set(base, undefined);
    else get.set(`${base}_${name.slice(bracket + 1)}`, value);
  }
  /** @type {Map<string, string>} */
  const read = new Map();
  for (const [name, value] of get) {
    const text = value && OURS.test(name) ? asText(value) : undefined;
    if (text !== undefined) read.set(name, text);
  }
  return read;
}
