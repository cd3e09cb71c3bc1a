/**
 * The donors search's answer in the page's HTML, as the WordPress plugin prints it: when the page's
 * address holds a copy's search (`zipcode`, `radius`, `days`; `zipcode-2`, … for the second copy), the
 * demo asks its own donations route (with the visitor's fault switches, as WordPress asks the route
 * inside itself) and prints, in the island's own markup: the chosen values in the form, the route's
 * errors in the status area, the results alert, the map's place, the table's first page, and the answer
 * as JSON for the island to take over without asking again. Without JavaScript the search works end to
 * end, minus the map. Every value from the request or the route goes through `html`, which escapes it.
 */
import { DEFAULT_SITE_DATES, siteDate } from '../../widgets/donors-search/results/php-date.js';
import { html, jsonForScript, trusted } from '../lib/html.js';

const PAGE_SIZE = 100;
const FIVE_DIGITS = /^\d{5}$/;
const count = new Intl.NumberFormat(DEFAULT_SITE_DATES.locale);
const COLUMNS = ['Number', 'Title', 'Zip code', 'Date'];

/**
 * The search the address holds for the `copy`th copy, trimmed as the island trims typed values, or
 * undefined without a zip code; a missing radius or days takes the host's first choice.
 * @param {Record<string, unknown>} query the request's query
 * @param {number} copy
 */
export function addressSearch(query, copy) {
  const suffix = copy === 1 ? '' : `-${copy}`;
  const read = (/** @type {string} */ key) => {
    const value = query[`${key}${suffix}`];
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const zipcode = read('zipcode');
  if (zipcode === undefined) return undefined;
  return { zipcode, radius: read('radius') ?? '15', days: read('days') ?? '30' };
}

/**
 * Asks the demo's own route, as the island would, with the visitor's cookies (fault switches).
 * @param {import('express').Request} req
 * @param {{zipcode: string, radius: string, days: string}} query
 */
export async function askRoute(req, query) {
  const path = [query.zipcode, query.radius, query.days].map(encodeURIComponent).join('/');
  const response = await fetch(`http://${req.get('host')}/wp-json/donations/v1/search/${path}`, {
    headers: { cookie: req.headers.cookie ?? '' },
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { query, status: response.status, body };
}

/** @param {unknown} value */
const toText = (value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The status lines for an answer that is no list of donations, as the island words them.
 * @param {{query: {zipcode: string}, status: number, body: any}} answer
 */
function errorLines({ query, status, body }) {
  if (status === 200 && body && typeof body.errors === 'object' && body.errors)
    return Object.values(body.errors)
      .flat()
      .map((message) => `ERROR: ${toText(message)} Please try another search.`);
  if (status === 200) return [];
  if (body?.code === 'rest_no_route')
    return FIVE_DIGITS.test(query.zipcode)
      ? ['ERROR: The search is not available right now. Please try again later.']
      : ['ERROR: The zip code must have 5 digits. Please try another search.'];
  const message =
    typeof body?.message === 'string' && body.message
      ? body.message
      : `The server answered with an error (HTTP ${status}).`;
  return [`ERROR: ${message} Please try another search.`];
}

/**
 * The copy's markup with the answer printed into it (see the module's comment).
 * @param {string} markup the copy's markup.html, its ids numbered
 * @param {number} copy
 * @param {{query: {zipcode: string, radius: string, days: string}, status: number, body: any}} answer
 */
export function printSearch(markup, copy, answer) {
  const suffix = copy === 1 ? '' : `-${copy}`;
  const { query } = answer;
  const lines = errorLines(answer);
  const donations =
    lines.length === 0 && Array.isArray(answer.body?.data?.donations)
      ? answer.body.data.donations
      : undefined;
  let out = markup
    .replace('data-fill="zipcode">', () => String(html`data-fill="zipcode" value="${query.zipcode}">`))
    .replace(
      /(<select[^>]*data-fill="(radius|days)-options[^"]*"[^>]*>)([\s\S]*?)(<\/select>)/g,
      (_, open, key, options, close) => {
        const chosen = key === 'radius' ? query.radius : query.days;
        const values = [...options.matchAll(/value="([^"]*)"/g)].map((match) => match[1]);
        if (!values.includes(chosen)) return open + options + close;
        return (
          open +
          options.replace(/ selected/g, '').replace(`value="${chosen}"`, `value="${chosen}" selected`) +
          close
        );
      },
    );
  if (lines.length > 0)
    out = out.replace(/<div class="alert-before"([^>]*)><\/div>/, (_, rest) =>
      String(
        html`<div class="alert-before alert alert-danger"${trusted(rest)}>${lines.map((line) => html`<p>${line}</p>`)}</div>`,
      ),
    );
  if (donations) {
    out = out
      .replace('<div class="alert-donors alert alert-success" hidden></div>', () =>
        String(resultsAlert(donations.length, query, suffix)),
      )
      // The map's place shows its own note without JavaScript (markup.html), and the table follows it.
      .replace(/(<section id="map[^"]*"[^>]*?) hidden>([\s\S]*?<\/section>)/, (_, open, rest) =>
        String(html`${trusted(open)}>${trusted(rest)}${table(donations, suffix)}`),
      );
  }
  const script = html`<script type="application/json" class="donors-search-answer">${jsonForScript(answer)}</script>`;
  return trusted(out.replace(/<\/div>\s*$/, () => `${script}\n</div>\n`));
}

/**
 * The `copy`th copy of the search's markup for this request: the address's other parameters as hidden
 * fields of its form (a submit without JavaScript keeps them, another copy's search among them), and
 * the answer printed when the address holds this copy's search.
 * @param {import('express').Request} req
 * @param {import('../lib/html.js').SafeHtml} markup the copy's markup, its ids and names numbered
 * @param {number} copy
 */
export async function printedSearchCopy(req, markup, copy) {
  const own = ['zipcode', 'radius', 'days'].map((key) => (copy === 1 ? key : `${key}-${copy}`));
  const others = Object.fromEntries(Object.entries(req.query).filter(([key]) => !own.includes(key)));
  const withFields = withoutSearchNote(String(markup)).replace(
    '</form>',
    () => `${hiddenFields(others)}</form>`,
  );
  const query = addressSearch(req.query, copy);
  return query ? printSearch(withFields, copy, await askRoute(req, query)) : trusted(withFields);
}

/**
 * The search's markup without its note that the search needs JavaScript: on a page that prints
 * results, as the demo's and the plugin's do, that is not true.
 * @param {string} markup
 */
export const withoutSearchNote = (markup) =>
  markup.replace(/<noscript><p class="donors-search-noscript">[\s\S]*?<\/noscript>\s*/, '');

/** @param {Record<string, unknown>} others */
const hiddenFields = (others) =>
  String(
    html`${Object.entries(others).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item) => typeof item === 'string')
        .map((item) => html`<input type="hidden" name="${name}" value="${item}">`),
    )}`,
  );

/**
 * @param {number} found
 * @param {{zipcode: string, radius: string, days: string}} query
 * @param {string} suffix
 */
const resultsAlert = (found, query, suffix) =>
  html`<div class="alert-donors alert alert-success"><p>Found <span id="display_count${suffix}">${count.format(found)}</span> ${found === 1 ? 'donation' : 'donations'} within <span id="display_radius${suffix}">${query.radius}</span> miles of <span id="display_zipcode${suffix}">${query.zipcode}</span> in the last <span id="display_days${suffix}">${query.days}</span> days.</p></div>`;

/**
 * The table's first page and its pager, as the island renders them; their buttons wait for the island.
 * @param {any[]} donations
 * @param {string} suffix
 */
function table(donations, suffix) {
  const rows = donations.slice(0, PAGE_SIZE).map((donation) => {
    const [number, title, zipcode] = [donation?.number, donation?.title, donation?.zipcode].map(toText);
    const date = siteDate(toText(donation?.date), DEFAULT_SITE_DATES);
    return html`<tr><td><button type="button" class="donors-row-show" aria-label="Show donation ${number}, ${title}, on the map" disabled>${number}</button></td><td>${title}</td><td>${zipcode}</td><td>${date.datetime ? html`<time datetime="${date.datetime}" data-short="${date.short}"><span class="donors-date-day">${date.day}</span>${date.time && html`<span class="donors-date-time"> ${date.time}</span>`}</time>` : date.text}</td></tr>`;
  });
  const total = donations.length;
  const pager =
    total > PAGE_SIZE &&
    html`<nav class="donors-table-pages" aria-label="Pages of the donations table"><p aria-live="polite">Showing 1–${count.format(Math.min(total, PAGE_SIZE))} of ${count.format(total)}</p><button type="button" aria-disabled="true" disabled>Previous 100</button><button type="button" aria-disabled="false" disabled>Next 100</button></nav>`;
  return html`<section class="donors-table-box" aria-label="Recent donations in your area" tabindex="0"><table id="donors-in-your-area-table${suffix}" class="donors-search-table"><caption>Recent donations in your area</caption><thead><tr>${COLUMNS.map((column) => html`<th scope="col"><button type="button" class="donors-sort" disabled>${column}</button></th>`)}</tr></thead><tbody>${rows}</tbody></table></section>${pager}`;
}
