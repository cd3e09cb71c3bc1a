/**
 * The failure matrix, one row per way a search can fail (see docs/how-it-works.md#when-a-search-fails;
 * FAILURE-MATRIX.md lists them, and failures.browser.test.ts writes each run's verdicts to
 * test-results/failure-matrix.md). Each row names the mock server's
 * fault switch or setup that produces it and what the visitor must see once the search has ended.
 */
import { expect } from 'vitest';
import type { MockServer } from '../../mock-server/server.js';
import type { EnginePage } from '../engines/engine-page.ts';
import { donationsOnMap, SEARCH_ZIP, tableRows } from './helpers.ts';

export const error = (message: string) => `ERROR: ${message} Please try another search.`;

export interface FailureCase {
  name: string;
  fault?: string;
  config?: object;
  zip?: string;
  /** Opened as the demo's logged-in user: only then does the page carry a nonce, as the plugin prints it. */
  loggedIn?: boolean;
  /** Runs once the page has loaded, before the search. */
  before?: (server: MockServer) => void;
  /** How `config` or `before` produces the failure, in words, for the matrix. */
  how?: string;
  /** The status area's lines once the search has ended; [] with results. */
  status: string[];
  results: boolean;
  /** Island errors expected in the console (`[donation-widgets] donors-search: …`). */
  reports?: number;
  /** Further checks of this row; `requested` gives the URLs the page has asked the site for so far. */
  check?: (page: EnginePage, requested: () => string[]) => Promise<void>;
}

/** The lines the islands reported in the console (`[donation-widgets] …`) among a page's problems. */
export const islandReports = (problems: string[]) =>
  problems.filter((problem) => problem.startsWith('console.error: [donation-widgets]'));

const MAP_NOTE = 'The map could not be loaded. The table lists every donation found.';

const boundaryRequested = async (page: EnginePage, requested: () => string[]) => {
  await expect
    .poll(() => requested().some((url) => url.includes(`/zipcodes/zip${SEARCH_ZIP}.kml`)))
    .toBe(true);
  await page.waitFor(() => document.querySelector('#map .donors-search-centre'));
  // After a few files fail the same way the map stops asking and says so once, for the admin.
  await expect
    .poll(
      async () => (await page.problems()).filter((problem) => problem.includes('boundaryBaseUrl')).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(1);
  // A boundary is drawn only from a file that loaded: none did, so none is drawn, now or later.
  expect(await page.evaluate(() => document.querySelectorAll('#map .leaflet-overlay-pane path').length)).toBe(
    0,
  );
};

/** The route never asked: only it can tell which five-digit zips exist, and it is sent nothing else. */
const noSearchSent = async (_page: EnginePage, requested: () => string[]) => {
  expect(requested().filter((url) => url.includes('/wp-json/donations/'))).toEqual([]);
};

export const FAILURE_CASES: FailureCase[] = [
  {
    name: 'network failure (connection dropped)',
    fault: 'drop',
    status: ['ERROR: The server could not be reached. Please check your connection and search again.'],
    results: false,
  },
  {
    name: 'timeout (3 s answer, 1 s limit, the least Settings allows)',
    fault: 'delay=3000',
    config: { requestTimeoutMs: 1000 },
    status: [error('The server took too long to answer.')],
    results: false,
  },
  {
    name: 'HTTP 500 with an HTML body',
    fault: 'html500',
    status: [error('The server answered with an error (HTTP 500).')],
    results: false,
  },
  {
    name: 'a zip that is not five digits (1234), answered in the page',
    zip: '1234',
    status: [error('The zip code must have 5 digits.')],
    results: false,
    check: noSearchSent,
  },
  {
    name: 'a zip that is not five digits (abcde), answered in the page',
    zip: 'abcde',
    status: [error('The zip code must have 5 digits.')],
    results: false,
    check: noSearchSent,
  },
  {
    name: '403 invalid nonce, refresh works → results',
    loggedIn: true,
    before: (server) => server.expireNonces(),
    how: 'logged in, the nonce expires after load',
    status: [],
    results: true,
    check: async (_page, requested) => {
      const requests = requested();
      expect(requests.filter((url) => url.includes('action=rest-nonce'))).toHaveLength(1);
      expect(requests.filter((url) => url.includes('/wp-json/donations/'))).toHaveLength(2);
    },
  },
  {
    name: '403 invalid nonce, refresh refused (noncefail)',
    fault: 'noncefail',
    loggedIn: true,
    before: (server) => server.expireNonces(),
    how: 'logged in, the nonce expires after load',
    status: ['ERROR: Your session has expired. Please reload the page and search again.'],
    results: false,
  },
  {
    name: '403 invalid nonce, refresh answers a login page (noncehtml)',
    fault: 'noncehtml',
    loggedIn: true,
    before: (server) => server.expireNonces(),
    how: 'logged in, the nonce expires after load',
    status: ['ERROR: Your session has expired. Please reload the page and search again.'],
    results: false,
  },
  { name: '`null` body', fault: 'null', status: [error('The server sent an empty answer.')], results: false },
  // A site that displays PHP's errors prints them before the route's JSON: the JSON is read after them.
  { name: 'PHP warning before the JSON', fault: 'malformed', status: [], results: true },
  {
    name: 'JSON cut off in the middle',
    fault: 'truncated',
    status: [error('The server sent an answer that could not be read.')],
    results: false,
  },
  {
    name: 'missing fields (no `data`)',
    fault: 'missing',
    status: [error('The server’s answer did not include a list of donations.')],
    results: false,
  },
  {
    name: 'route errors (unknown zip 00000)',
    zip: '00000',
    status: [error('No zip codes returned for 00000.')],
    results: false,
  },
  {
    name: 'route errors, two keys, three messages (multierrors)',
    fault: 'multierrors',
    status: [
      error('Radius must be a number of miles from 1 to 99.'),
      error('Radius is too large for this zip code.'),
      error('Days must be a number from 1 to 90.'),
    ],
    results: false,
  },
  {
    name: 'route errors as strings (stringerrors)',
    fault: 'stringerrors',
    status: [error('The donation search is not available right now.')],
    results: false,
  },
  {
    name: '`coordinates: false` / missing → rows, fewer markers',
    fault: 'nocoords',
    status: [],
    results: true,
    check: async (page) => {
      // The fault strips the coordinates of two donations in every three: only every third keeps them.
      // The first view shows the whole radius, so the markers (clusters included) stand for all of those.
      // The count is written in the demo's American English ("1,234").
      const shown = await page.evaluate(() => document.querySelector('#display_count')?.textContent ?? '');
      const rows = Number(shown.replaceAll(',', ''));
      expect(rows).toBeGreaterThan(30);
      expect((await tableRows(page)).length).toBe(Math.min(rows, 100));
      await expect.poll(() => donationsOnMap(page)).toBe(Math.floor(rows / 3));
    },
  },
  {
    name: 'Maps script blocked (Google provider)',
    config: { maps: { provider: 'google', googleApiKey: 'test' } },
    // The demo's CSP lets Google's script through for a page that chooses Google; the network refuses it.
    how: 'the CSP lets Google’s script through and the network refuses it',
    status: [],
    results: true,
    reports: 1,
    check: async (page, requested) => {
      await page.waitFor(
        (note) => document.querySelector('.donors-map-note')?.textContent === note,
        MAP_NOTE,
      );
      expect(await page.evaluate(() => document.querySelector<HTMLElement>('#map')?.hidden)).toBe(true);
      expect(
        await page.evaluate(() => !!document.querySelector('script[src^="https://maps.googleapis.com/"]')),
      ).toBe(true);
      // Refused at the door. WebKitGTK's WebDriver sends no HTTPS through the door's proxy: it reaches no network.
      if (page.engine !== 'webkit')
        expect(requested().some((url) => url.startsWith('https://maps.googleapis.com/'))).toBe(true);
    },
  },
  {
    name: 'boundary KML 404',
    fault: 'kml404',
    status: [],
    results: true,
    // Once, for the admin: the map stops asking for files after a few are missing.
    reports: 1,
    check: boundaryRequested,
  },
  {
    name: 'boundary KML malformed',
    fault: 'kmlbroken',
    status: [],
    results: true,
    reports: 1,
    check: boundaryRequested,
  },
];
