// Turns each island's widgets/<name>/markup.html into the template the plugin prints (shortcode and
// blocks alike), so the plugin never carries a second, hand-written copy of the markup. What an admin
// may set on the host comes from the manifest's `attributes` (widgets/islands.js), never from the file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { numberedAttributes } from '../../src/shared/copy-attributes.js';
import { byClass, DONATION_MANAGER_MARKUP } from '../../widgets/donation-manager-markup.js';
import { COLUMNS, PAGE_SIZE, resultsParts } from '../../widgets/donors-search/results/results-markup.js';
import { ISLANDS } from '../../widgets/islands.js';

const ATTRIBUTES = '%%attributes%%';
const CONTENT = '%%content%%';
const MARKER = 'data-donation-widgets-attributes';
const FILL = 'data-fill';
const OPTION = '%%option%%';
const SELECTED = '%%selected%%';
const COPY = '%%copy%%';
// The host's attributes a block's wrapper attributes merge with (get_block_wrapper_attributes()).
const MERGED = ['class', 'style', 'id'];

/**
 * Turns every `data-fill` element of an island's inner markup into placeholders the plugin fills from
 * the host's final attribute values, so a printed form follows what the admin set: an input's
 * `data-fill="zipcode"` becomes `value="%%value:zipcode%%"`; a select's `data-fill="radius-options
 * radius"` has its options replaced by `%%options:radius-options:radius%%`, one option per choice of the
 * first attribute, the one equal to the second selected, each written like the file's first option
 * (its value in place of `%%option%%`, `%%selected%%` where `selected` goes), kept in `options`.
 * @param {Element} host
 * @param {ReadonlySet<string>} declared the manifest's attribute names (kebab-case)
 * @returns {Record<string, string>} the option template of each list attribute
 */
function fillPlaceholders(host, declared) {
  /** @type {Record<string, string>} */
  const options = {};
  for (const element of host.querySelectorAll(`[${FILL}]`)) {
    const names = (element.getAttribute(FILL) ?? '').split(' ');
    element.removeAttribute(FILL);
    for (const name of names)
      if (!declared.has(name))
        throw new Error(`${FILL}="${names.join(' ')}" names ${name}, which the manifest does not declare`);
    if (element.localName === 'select' && names.length === 2) {
      const [list, chosen] = /** @type {[string, string]} */ (names);
      const first = element.querySelector('option');
      if (!first) throw new Error(`the select filled from ${list} needs an option to copy`);
      const value = first.getAttribute('value') ?? '';
      first.removeAttribute('selected');
      first.setAttribute('value', OPTION);
      first.textContent = (first.textContent ?? '').replace(value, OPTION);
      options[list] = first.outerHTML.replace('<option', `<option${SELECTED}`);
      element.textContent = `%%options:${list}:${chosen}%%`;
    } else if (element.localName === 'input' && names.length === 1) {
      element.setAttribute('value', `%%value:${names[0]}%%`);
    } else throw new Error(`${FILL} fills an input from one attribute or a select from two`);
  }
  return options;
}

const SEARCH_HIDDEN = 'data-search-hidden';

// The status area and the results alert, named as in Donation Manager's markup.
const STATUS = byClass(DONATION_MANAGER_MARKUP.search.status);
const ALERT = byClass(DONATION_MANAGER_MARKUP.search.alert);

/**
 * The places where the plugin prints a donors search's answer when the page's address holds one
 * (includes/search/printed-search.php), each filled in the same one pass as the other placeholders, and empty
 * (or ` hidden`) otherwise: `%%search:status-class%%` and `%%search:status%%` in the status area, the
 * results alert's `%%search:hidden%%`, `%%search:alert%%` and its tone in its class (`%%search:alert-tone%%`
 * for `alert-success`: `alert-info` when nothing was found), the map's `%%search:hidden%%`, the table
 * after the map (`%%search:table%%`), the answer as JSON at the end (`%%search:answer%%`), and the
 * address's other parameters as hidden fields of the form (`%%search:fields%%`). The form's note that the
 * search needs JavaScript goes: the printed results make that untrue (the map keeps its own note).
 * @param {Element} host
 */
function searchPlaceholders(host) {
  const status = /** @type {Element} */ (host.querySelector(STATUS));
  status.setAttribute('class', `${status.getAttribute('class')}%%search:status-class%%`);
  status.textContent = '%%search:status%%';
  const alert = /** @type {Element} */ (host.querySelector(ALERT));
  alert.textContent = '%%search:alert%%';
  alert.setAttribute(
    'class',
    (alert.getAttribute('class') ?? '').replace(/\balert-success\b/, '%%search:alert-tone%%'),
  );
  for (const element of [alert, host.querySelector('.donors-search-map')])
    if (element?.hasAttribute('hidden')) {
      element.removeAttribute('hidden');
      element.setAttribute(SEARCH_HIDDEN, '');
    }
  host.querySelector('.donors-search-map')?.after('%%search:table%%');
  host.querySelector('form')?.append('%%search:fields%%');
  // A page that prints results searches without JavaScript: the note saying it cannot is left out.
  host.querySelector('noscript:has(.donors-search-noscript)')?.remove();
}

/** Islands an admin places (found by a selector; the others are page-wide and have no markup to place). */
export const placeableIslands = () => ISLANDS.filter(({ host }) => 'selector' in host);

/**
 * @param {string} html the markup.html file
 * @param {string} selector how the island finds its host
 * @param {Readonly<Record<string, { html: string }>>} attributes the island's settable attributes, from the manifest
 * @param {boolean} [numbered] whether each copy's ids are numbered: every attribute of the inner markup
 *   that src/shared/copy-attributes.js numbers (ids, labels' `for`, the names of visible fields named like
 *   their id) then ends in %%copy%%, which the plugin fills with '' for a page's first copy, -2, -3, …
 * @returns {{ html: string, content: string, options: Record<string, string>, hostAttributes: Record<string, string> }}
 *   the host with %%attributes%% where its attributes go and %%content%% where its inner markup goes, that
 *   inner markup with the placeholders of its `data-fill` elements, their option templates (see
 *   fillPlaceholders), and the host's own `class`, `style` and `id`, which the plugin prints in
 *   %%attributes%%, merged with a block's wrapper attributes (the editor's alignment, class, spacing, anchor)
 */
export function markupTemplate(html, selector, attributes, numbered = false) {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const host = document.body.querySelector(selector);
  if (!host) throw new Error(`no element matches ${selector}`);
  const settable = new Set(Object.values(attributes).map((attribute) => attribute.html));
  /** @type {Record<string, string>} */
  const hostAttributes = {};
  for (const { name, value } of [...host.attributes]) {
    if (settable.has(name)) host.removeAttribute(name);
    else if (MERGED.includes(name)) {
      hostAttributes[name] = value;
      host.removeAttribute(name);
    }
    // A data-* value in the file that the manifest does not declare could be neither set nor documented.
    else if (name.startsWith('data-') && name !== 'data-island')
      throw new Error(`${selector} has ${name}, which the manifest's attributes do not declare`);
  }
  const options = fillPlaceholders(host, new Set(Object.keys(attributes)));
  if (numbered)
    for (const element of host.querySelectorAll('[id], label[for]'))
      for (const name of numberedAttributes(element))
        element.setAttribute(name, `${element.getAttribute(name)}${COPY}`);
  const searchable = host.querySelector(STATUS) && host.querySelector(ALERT);
  if (searchable) searchPlaceholders(host);
  let content = host.innerHTML.trim();
  if (searchable)
    content = `${content.replaceAll(` ${SEARCH_HIDDEN}=""`, '%%search:hidden%%')}%%search:answer%%`;
  host.innerHTML = CONTENT;
  host.setAttribute(MARKER, '');
  const template = host.outerHTML.replace(` ${MARKER}=""`, ATTRIBUTES);
  if (!template.includes(ATTRIBUTES) || template.split(CONTENT).length !== 2)
    throw new Error(`the template for ${selector} lost a placeholder`);
  return { html: template, content, options, hostAttributes };
}

/**
 * Every placeable island, keyed by name, as the plugin's markup/islands.json holds it: its label, the
 * template and inner markup of its markup.html, and its attributes as the manifest declares them; for an
 * island that prints a search's outcome (a results.html beside its markup.html), that file's parts and
 * the rows of the table's first page and the keys of its columns' header texts, in order
 * (results-markup.js), which the plugin fills.
 * @param {string} root the repository's root
 */
export function islandTemplates(root) {
  return Object.fromEntries(
    placeableIslands().map(({ name, label, host, attributes = {}, numberedCopies }) => {
      const file = readFileSync(path.join(root, 'widgets', name, 'markup.html'), 'utf8');
      const selector = 'selector' in host ? host.selector : '';
      const results = path.join(root, 'widgets', name, 'results.html');
      const printed = existsSync(results)
        ? {
            results: {
              parts: resultsParts(readFileSync(results, 'utf8')),
              pageSize: PAGE_SIZE,
              columns: COLUMNS.map(({ text }) => text),
            },
          }
        : {};
      return [
        name,
        { label, ...markupTemplate(file, selector, attributes, numberedCopies), attributes, ...printed },
      ];
    }),
  );
}
