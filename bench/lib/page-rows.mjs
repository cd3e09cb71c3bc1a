/**
 * The pages whose script bytes the budgets cover (see docs/how-it-works.md#byte-budgets), each as a
 * path to open and what to do there before counting. Shared by test/page-budgets.browser.test.ts
 * (which enforces the budgets) and bench/scripts/page-bytes.mjs (which reports gzip and brotli next to the
 * original site's jQuery).
 */
import { readFileSync } from 'node:fs';
import { pasteMarkup } from '../../test/paste-markup.mjs';
import { ISLANDS } from '../../widgets/islands.js';
import { requestedScripts } from './page-scripts.mjs';

/**
 * The plain-TypeScript islands, every island but the search (which renders with React); conversion-tracker
 * needs a dataLayer, submit-lock a form.
 */
export const BEHAVIOUR_ISLANDS = ISLANDS.filter((island) => island.name !== 'donors-search').map(
  (island) => island.name,
);

const markup = (name) => readFileSync(new URL(`../../widgets/${name}/markup.html`, import.meta.url), 'utf8');

/**
 * @typedef {object} PageRow
 * @property {string} key the row's budget in package.json `budgets`, or a name for a report-only row
 * @property {string} label
 * @property {string} path demo page to open
 * @property {boolean} [reportOnly] no budget: the bytes are printed, never enforced
 * @property {(page: import('playwright-core').Page) => Promise<void>} [act] after load, before counting
 */

/**
 * No demo page holds exactly the five behaviour islands, so the conversion-tracker page (which has
 * analytics, hence a dataLayer) gets the other four islands' markup pasted in after load; the loader's
 * MutationObserver mounts them as it would any late markup, and downloads the same chunks.
 * @param {import('playwright-core').Page} page
 */
async function addBehaviourIslands(page) {
  const pasted = BEHAVIOUR_ISLANDS.filter((name) => name !== 'conversion-tracker').map(markup);
  await pasteMarkup(page, pasted);
}

/**
 * What a visitor does before typing: the pointer comes onto the donors search and its first field takes
 * focus (a tap or a Tab gives the same). Under any loading strategy this brings the island's code:
 * `visible` has loaded it already, `intent` waits for exactly this.
 * @param {import('playwright-core').Page} page
 * @param {string} [selector] the search's host: the island's own markup, or Donation Manager's form
 */
export async function reachForSearch(page, selector = '[data-island="donors-search"]') {
  const host = page.locator(selector).first();
  await host.hover({ timeout: 10_000 });
  const field = host.locator('input, select, button').first();
  if ((await field.count()) > 0) await field.focus();
}

/** Searches the demo data (New York has donations) and waits for the results and the map. */
async function searchOnce(page) {
  await page.fill('#zipcode', '10001');
  await page.click('#donors-in-your-area button[type=submit]');
  await page.locator('.alert-donors:not([hidden])').waitFor({ timeout: 20_000 });
  await page.locator('#map .leaflet-container, #map.leaflet-container').waitFor({ timeout: 20_000 });
}

/** @type {PageRow[]} */
export const PAGE_ROWS = [
  { key: 'noIsland', label: 'no island (`/about/`)', path: '/about/' },
  {
    key: 'behaviourIslands',
    label: 'the five behaviour islands, no search',
    path: '/islands/conversion-tracker/',
    act: addBehaviourIslands,
  },
  {
    key: 'behaviourIslandsConfigured',
    label:
      'the five behaviour islands on a page whose config sets `analytics` (a thank-you page with a transaction id)',
    path: `/islands/conversion-tracker/?config=${encodeURIComponent(JSON.stringify({ analytics: { transactionId: 'screening-1' } }))}`,
    act: addBehaviourIslands,
    reportOnly: true,
  },
  {
    key: 'oneBehaviourIsland',
    label: 'one behaviour island (`/islands/lazy-background/`)',
    path: '/islands/lazy-background/',
    reportOnly: true,
  },
  {
    key: 'donorsSearchBeforeSearch',
    label: 'donors-search before the first search, once the visitor reaches for it',
    path: '/islands/donors-search/',
    act: reachForSearch,
  },
  {
    key: 'donorsSearchBeforeIntent',
    label: 'donors-search in view, before the visitor reaches for it',
    path: '/islands/donors-search/',
  },
  {
    key: 'donorsSearchBelowTheFold',
    label: 'donors-search far below the fold, before the visitor reaches for it',
    path: '/islands/donors-search/below-the-fold/',
  },
  {
    key: 'donorsSearchAfterResults',
    label: 'donors-search after the first results (Leaflet)',
    path: '/islands/donors-search/',
    act: searchOnce,
    reportOnly: true,
  },
];

/** Resolves once `requests` has not grown for `quietMs`: the page has fetched what it is going to. */
async function networkQuiet(requests, quietMs = 500) {
  let seen = -1;
  while (seen !== requests.length) {
    seen = requests.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/**
 * Opens a row's page, acts, waits until no new request has started for half a second (so dynamic
 * imports are in) and returns the built files the page requested.
 * @param {PageRow} row
 * @param {(path: string) => Promise<{ page: import('playwright-core').Page, requests: string[] }>} open
 * @param {import('./page-scripts.mjs').BuiltFile[]} built
 */
export async function scriptsOfPage(row, open, built) {
  const { page, requests } = await open(row.path);
  await networkQuiet(requests);
  if (row.act) {
    await row.act(page);
    await networkQuiet(requests);
  }
  return requestedScripts(requests, built);
}
