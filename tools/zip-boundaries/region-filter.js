/**
 * The zips an admin wants files for, as zip codes (60601), zip prefixes (606, the first digits), and
 * state codes (IL), mixed freely: the command's `--only`, and the settings screen's field of the same
 * meaning, which names itself in the messages instead.
 */
import { InputError } from './input-error.js';
import { stateOfZip, statesIn } from './zip-states.js';

/**
 * @param {string} list comma- or space-separated
 * @param {() => import('./zip-states.js').ZipStateTable} stateTable asked for only when a state is named
 * @param {string} [option] how messages name the list
 * @returns {(zip: string) => boolean}
 */
export function regionFilter(list, stateTable, option = '--only') {
  const tokens = list.split(/[\s,]+/).filter(Boolean);
  if (tokens.length === 0)
    throw new InputError(`${option}: empty; give zips, zip prefixes or state codes, e.g. 60601,606,IL`);
  /** @type {Set<string>} */
  const zips = new Set();
  /** @type {string[]} */
  const prefixes = [];
  /** @type {Set<string>} */
  const states = new Set();
  for (const token of tokens) {
    if (/^\d{5}$/.test(token)) zips.add(token);
    else if (/^\d{1,4}$/.test(token)) prefixes.push(token);
    else if (/^[a-z]{2}$/i.test(token)) states.add(token.toUpperCase());
    else
      throw new InputError(
        `${option}: "${token}" is not a zip code (60601), a zip prefix (606) or a state code (IL)`,
      );
  }
  let stateOf = (/** @type {string} */ _zip) => /** @type {string | undefined} */ (undefined);
  if (states.size > 0) {
    const table = stateTable();
    const known = statesIn(table);
    for (const state of states) {
      if (!known.has(state))
        throw new InputError(`${option}: "${state}" is not a US state or territory code`);
    }
    stateOf = stateOfZip(table);
  }
  return (zip) =>
    zips.has(zip) || prefixes.some((prefix) => zip.startsWith(prefix)) || states.has(stateOf(zip) ?? '');
}
