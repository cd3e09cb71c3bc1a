/**
 * The donors search's answer in the page's HTML, as the WordPress plugin prints it: when the page's
 * address holds a copy's search (`zipcode`, `radius`, `days`; `zipcode-2`, … for the second copy), the
 * demo asks its own donations route (with the visitor's fault switches, as WordPress asks the route
 * inside itself) and prints, in the island's own markup: the chosen values in the form, the route's
 * errors in the status area, the results alert, the map's place, the table's first page, and the answer
 * as JSON for the island to take over without asking again. Without JavaScript the search works end to
 * end, minus the map. Every value from the request or the route goes through `html`, which escapes it.
 */
import { readFile } from 'node:fs/promises';
import { SEARCH_TEXT_DEFAULTS as TEXTS } from '../../widgets/donors-search/english-texts.js';
import { FORM_DEFAULTS } from '../../widgets/donors-search/form/form-defaults.js';
import { choicesShowing, wordsLike } from '../../widgets/donors-search/form/shown-choices.js';
import { DEFAULT_SITE_DATES } from '../../widgets/donors-search/results/php-date.js';
import { printedSearchParts } from '../../widgets/donors-search/results/printed-search-parts.js';
import { resultsParts } from '../../widgets/donors-search/results/results-markup.js';
import { answerOfResponse } from '../../widgets/donors-search/search/answer-rules.js';
import { searchedZip } from '../../widgets/donors-search/search/searched-zip.js';
import { html, jsonForScript, trusted } from '../lib/html.js';
import { addressParameters } from './address-parameters.js';

const RESULTS = new URL('../../widgets/donors-search/results.html', import.meta.url);

/** results.html's parts, read on every request as markup.html is, so an edit shows on the next reload. */
const readParts = async () => resultsParts(await readFile(RESULTS, 'utf8'));

/**
 * The search the address holds for the `copy`th copy, trimmed as the island trims typed values (a ZIP+4
 * as its five-digit zip), or
 * undefined without a zip code; a missing radius or days takes the host's first choice.
 * @param {Record<string, unknown>} query the address's parameters (./address-parameters.js)
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
  return {
    zipcode: searchedZip(zipcode),
    radius: read('radius') ?? FORM_DEFAULTS.radius,
    days: read('days') ?? FORM_DEFAULTS.days,
  };
}

/**
 * Asks the demo's own route, as the island would, with the visitor's cookies (fault switches): at the
 * address the request came in on, never the Host header's, which the visitor writes, so neither the
 * request nor the cookies can be sent to another server.
 * @param {import('express').Request} req
 * @param {{zipcode: string, radius: string, days: string}} query
 */
export async function askRoute(req, query) {
  const path = [query.zipcode, query.radius, query.days].map(encodeURIComponent).join('/');
  const response = await fetch(`${ownOrigin(req.socket)}/wp-json/donations/v1/search/${path}`, {
    headers: { cookie: req.headers.cookie ?? '' },
  });
  return answerOfResponse(query, response.status, await response.text());
}

/**
 * The origin of the server's own end of the connection.
 * @param {import('node:net').Socket} socket
 */
const ownOrigin = ({ localAddress = '127.0.0.1', localFamily, localPort }) =>
  `http://${localFamily === 'IPv6' ? `[${localAddress}]` : localAddress}:${localPort}`;

/**
 * The copy's markup with the answer printed into it (see the module's comment).
 * @param {string} markup the copy's markup.html, its ids numbered
 * @param {number} copy
 * @param {import('../../widgets/donors-search/search/answer-rules.js').PrintedAnswer} answer
 */
export async function printSearch(markup, copy, answer) {
  const suffix = copy === 1 ? '' : `-${copy}`;
  const { query } = answer;
  const printed = printedSearchParts(await readParts(), answer, {
    texts: TEXTS,
    site: DEFAULT_SITE_DATES,
    suffix,
  });
  let out = markup
    .replace('data-fill="zipcode">', () => String(html`data-fill="zipcode" value="${query.zipcode}">`))
    .replace(
      /(<select[^>]*data-fill="(radius|days)-options[^"]*"[^>]*>)([\s\S]*?)(<\/select>)/g,
      (_, open, key, options, close) => {
        const chosen = key === 'radius' ? query.radius : query.days;
        const printed = [...options.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)];
        const values = printed.map((match) => match[1] ?? '');
        const shown = choicesShowing(values, chosen);
        if (!shown.includes(chosen)) return open + options + close;
        // A value the link brings that the form lacks (shown-choices.js), worded like the first choice.
        const [, like = '', words = ''] = printed[0] ?? [];
        const option = (/** @type {string} */ value) => {
          const known = printed[values.indexOf(value)];
          // The markup's own words, or them with a value the rule lets in only as one or two digits.
          const text = trusted(known ? (known[2] ?? '') : wordsLike(words, like, value));
          return String(
            html`<option value="${value}"${value === chosen ? trusted(' selected') : ''}>${text}</option>`,
          );
        };
        return `${open}\n        ${shown.map(option).join('\n        ')}\n      ${close}`;
      },
    )
    // The parts are markup filled from results.html, every value escaped as it landed.
    .replace(
      /<div class="alert-before"([^>]*)><\/div>/,
      (_, rest) => `<div class="alert-before${printed['status-class']}"${rest}>${printed.status}</div>`,
    );
  if (!printed.hidden)
    out = out
      .replace(
        '<div class="alert-donors alert alert-success" hidden></div>',
        () => `<div class="alert-donors alert ${printed['alert-tone']}">${printed.alert}</div>`,
      )
      // The map's place shows its own note without JavaScript (markup.html), and the table follows it.
      .replace(
        /(<section id="map[^"]*"[^>]*?) hidden>([\s\S]*?<\/section>)/,
        (_, open, rest) => `${open}>${rest}${printed.table}`,
      );
  const script = html`<script type="application/json" class="donors-search-answer">${jsonForScript(answer)}</script>`;
  return trusted(out.replace(/<\/div>\s*$/, () => `${script}\n</div>\n`));
}

/**
 * The `copy`th copy of the search's markup for this request: the address's parameters the plugin's form
 * carries as hidden fields of its form (the page's own keys and the other copies' fields, each valid
 * UTF-8 without a NUL: ./address-parameters.js, so a cache that leaves `utm_*` out of its key stores no
 * visitor's address in every copy), and the answer printed when the address holds this copy's search.
 * @param {import('express').Request} req
 * @param {import('../lib/html.js').SafeHtml} markup the copy's markup, its ids and names numbered
 * @param {number} copy
 */
export async function printedSearchCopy(req, markup, copy) {
  const own = ['zipcode', 'radius', 'days'].map((key) => (copy === 1 ? key : `${key}-${copy}`));
  const address = addressParameters(new URL(req.originalUrl, 'http://demo').search);
  /** @type {Record<string, string>} */
  const others = {};
  for (const [key, value] of address) if (!own.includes(key)) others[key] = value;
  const withFields = withoutSearchNote(String(markup)).replace(
    '</form>',
    () => `${hiddenFields(others)}</form>`,
  );
  const query = addressSearch(Object.fromEntries(address), copy);
  return query ? await printSearch(withFields, copy, await askRoute(req, query)) : trusted(withFields);
}

/**
 * The search's markup without its note that the search needs JavaScript: on a page that prints
 * results, as the demo's and the plugin's do, that is not true.
 * @param {string} markup
 */
export const withoutSearchNote = (markup) =>
  markup.replace(/<noscript><p class="donors-search-noscript">[\s\S]*?<\/noscript>\s*/, '');

/** @param {Record<string, string>} others */
const hiddenFields = (others) =>
  String(
    html`${Object.entries(others).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`,
  );
