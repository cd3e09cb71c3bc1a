// @ts-check
import { siteDate } from './php-date.js';

/**
 * The parts of widgets/donors-search/results.html, and filling one: plain JavaScript, so that the build
 * (which writes them for the WordPress plugin), the demo server and the island's tests read the same
 * file the same way. The plugin fills the same parts in PHP (includes/search/search-table.php) by the same
 * rule: one pass, `{name}` as escaped text, `{{name}}` as markup made from other parts.
 */

const PART = /<template data-part="([a-z]+)">([\s\S]*?)<\/template>/g;

/**
 * Each part of results.html by name.
 * @param {string} html the file
 * @returns {Record<string, string>}
 */
export function resultsParts(html) {
  /** @type {Record<string, string>} */
  const parts = {};
  for (const [, name, markup] of html.matchAll(PART)) parts[/** @type {string} */ (name)] = markup ?? '';
  if (Object.keys(parts).length === 0) throw new Error('results.html holds no <template data-part>');
  return parts;
}

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
/** @param {string} text */
const escapeText = (text) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/**
 * A part with its values in, in one pass: `{name}` from `text` (escaped), `{{name}}` from `markup` (as
 * it is). A placeholder without a value is an error: the part and its filler disagree.
 * @param {string} part
 * @param {Readonly<Record<string, string | number>>} text
 * @param {Readonly<Record<string, string>>} [markup]
 * @returns {string}
 */
export function fillPart(part, text, markup = {}) {
  return part.replace(/\{\{([a-zA-Z]+)\}\}|\{([a-zA-Z]+)\}/g, (whole, markupName, textName) => {
    if (markupName !== undefined) {
      if (!(markupName in markup)) throw new Error(`no markup for ${whole}`);
      return /** @type {string} */ (markup[markupName]);
    }
    if (!(textName in text)) throw new Error(`no value for ${whole}`);
    return escapeText(String(text[textName]));
  });
}

/** Rows per page of the table, printed and rendered alike. */
export const PAGE_SIZE = 100;

/**
 * @typedef {{ number: string, title: string, zipcode: string, date: string }} TableRow
 * @typedef {Readonly<Record<'tableLabel' | 'columnNumber' | 'columnTitle' | 'columnZipcode' | 'columnDate'
 *   | 'showOnMap' | 'pagesLabel' | 'pageCount' | 'previousPage' | 'nextPage', string>>} TableTexts
 */

/**
 * The table's columns, in their order: the original site's number, title, zip code and date, each with
 * its sort key (the donation's field) and the key of its header's text (english-texts.js). The one list: the
 * island's table (table-order.ts), this filler, and the plugin through markup/islands.json
 * (includes/search/search-table.php).
 */
export const COLUMNS = /** @type {const} */ ([
  { key: 'number', text: 'columnNumber' },
  { key: 'title', text: 'columnTitle' },
  { key: 'zipcode', text: 'columnZipcode' },
  { key: 'date', text: 'columnDate' },
]);

/**
 * A template's `{name}`s filled as plain text, for the words inside a part's values (a placeholder
 * without a value stays, as src/shared/texts.ts's fillText leaves it).
 * @param {string} template
 * @param {Readonly<Record<string, string | number>>} values
 */
export const fillWords = (template, values) =>
  template.replace(/\{([a-zA-Z]+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

/**
 * A route date the site's way, in the date part (`<time datetime>`: the day, the time after it in a part of
 * its own, and the abbreviated day a narrow table shows), or the text as it is when it is no date.
 * @param {Record<string, string>} parts
 * @param {string} value
 * @param {import('./php-date.js').SiteDates} site
 */
export function printedDate(parts, value, site) {
  const { day, time, short, datetime } = siteDate(value, site);
  if (!datetime) return fillPart('{day}', { day });
  const after = time ? fillPart(/** @type {string} */ (parts.time), { time }) : '';
  return fillPart(/** @type {string} */ (parts.date), { datetime, short, day }, { time: after });
}

/**
 * The table's first page and, past one page, its pager, as the island renders them before any sort.
 * @param {Record<string, string>} parts results.html's parts
 * @param {{ id: string, donations: readonly TableRow[], texts: TableTexts,
 *   site: import('./php-date.js').SiteDates }} table
 * @returns {string}
 */
export function printedTable(parts, { id, donations, texts, site }) {
  const numbers = new Intl.NumberFormat(site.locale);
  const part = (/** @type {string} */ name) => /** @type {string} */ (parts[name]);
  const rows = donations
    .slice(0, PAGE_SIZE)
    .map(({ number, title, zipcode, date }) =>
      fillPart(
        part('row'),
        { showOnMap: fillWords(texts.showOnMap, { number, title }), number, title, zipcode },
        { date: printedDate(parts, date, site) },
      ),
    );
  const headers = COLUMNS.map(({ text }) => fillPart(part('header'), { column: texts[text] }));
  const total = donations.length;
  const page = { count: numbers.format(PAGE_SIZE) };
  const pager =
    total > PAGE_SIZE
      ? fillPart(part('pager'), {
          pagesLabel: texts.pagesLabel,
          pageCount: fillWords(texts.pageCount, {
            first: numbers.format(1),
            last: numbers.format(PAGE_SIZE),
            total: numbers.format(total),
          }),
          previousPage: fillWords(texts.previousPage, page),
          nextPage: fillWords(texts.nextPage, page),
        })
      : '';
  return fillPart(
    part('table'),
    { tableLabel: texts.tableLabel, id },
    { headers: headers.join(''), rows: rows.join(''), pager },
  );
}

/**
 * The results sentence: `template` (the found text's form for the count) with each value in its element.
 * @param {Record<string, string>} parts
 * @param {string} template e.g. `Found {count} donations within {radius} miles of {zipcode} in the last {days} days.`
 * @param {Readonly<Record<string, { id: string, value: string }>>} values by placeholder name
 */
export function printedSentence(parts, template, values) {
  const sentence = template
    .split(/(\{[a-zA-Z]+\})/)
    .map((piece) => {
      const value = values[piece.slice(1, -1)];
      return value && /^\{[a-zA-Z]+\}$/.test(piece)
        ? fillPart(/** @type {string} */ (parts.value), value)
        : fillPart('{piece}', { piece });
    })
    .join('');
  return fillPart(/** @type {string} */ (parts.sentence), {}, { sentence });
}

/**
 * One status line.
 * @param {Record<string, string>} parts
 * @param {string} line
 */
export const printedLine = (parts, line) => fillPart(/** @type {string} */ (parts.line), { line });
