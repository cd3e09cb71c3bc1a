// @ts-check
import { readAnswer } from '../search/answer-rules.js';
import { fillPart, printedLine, printedSentence, printedTable } from './results-markup.js';

/**
 * The printed search's parts for one answer of the donations route, filled from results.html: what the
 * demo server prints into the island's markup (mock-server/demo/printed-search.js), part for part what
 * the plugin prints (`donation_widgets_printed_search_parts()` in includes/search/printed-search.php), each
 * named for its `%%search:…%%` place in the markup (wordpress-plugin/island-markup.mjs). The shared cases
 * (../printed-cases/) hold both, and the island's render, to one outcome per answer.
 * @param {Record<string, string>} parts results.html's parts
 * @param {import('../search/answer-rules.js').PrintedAnswer} answer
 * @param {{ texts: typeof import('../english-texts.js').SEARCH_TEXT_DEFAULTS,
 *   site: import('./php-date.js').SiteDates, suffix: string }} page the site's words and dates (English
 *   plural forms), and the copy's id suffix ('' for the page's first copy, -2, …)
 * @returns {{ 'status-class': string, status: string, hidden: string, 'alert-tone': string, alert: string,
 *   table: string }}
 */
export function printedSearchParts(parts, answer, { texts, site, suffix }) {
  const { lines, donations } = readAnswer(answer, texts);
  if (lines.length > 0)
    return {
      'status-class': ' alert alert-danger',
      status: lines.map((line) => printedLine(parts, line)).join(''),
      hidden: ' hidden',
      'alert-tone': 'alert-success',
      alert: '',
      table: '',
    };
  const { query } = answer;
  const count = new Intl.NumberFormat(site.locale).format(donations.length);
  return {
    'status-class': '',
    status: '',
    hidden: '',
    // Nothing found is no success: a neutral alert, with the hint to widen the search.
    'alert-tone': donations.length === 0 ? 'alert-info' : 'alert-success',
    alert:
      printedSentence(parts, texts.found[donations.length === 1 ? 1 : 2], {
        count: { id: `display_count${suffix}`, value: count },
        radius: { id: `display_radius${suffix}`, value: query.radius },
        zipcode: { id: `display_zipcode${suffix}`, value: query.zipcode },
        days: { id: `display_days${suffix}`, value: query.days },
      }) + (donations.length === 0 ? fillPart(parts.none ?? '', { hint: texts.noneFound }) : ''),
    // Nothing found, no table: a header with sort buttons over no rows would be all it showed.
    table:
      donations.length === 0
        ? ''
        : printedTable(parts, { id: `donors-in-your-area-table${suffix}`, donations, texts, site }),
  };
}
