/**
 * The donors search on a phone's screen (390 × 844) in the three engines, on the demo: every column of
 * the results shows without scrolling sideways, and "use my location" finds the zip code in the
 * browser (each engine's own geolocation emulation; WebKit's driver has none, see the suite's
 * `position`).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { narrowTableProblems } from '../../test/looks.ts';
import {
  SEARCH_PAGE,
  textOf,
  waitForResults,
  withConfig,
} from '../../test/support/donors-search/search-page.ts';

const PHONE = { width: 390, height: 844 };
const HOST = '[data-island="donors-search"]';
const LOOP = { latitude: 41.8819, longitude: -87.6278 };
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
// The map's tiles from the site itself, so that every request of a search is the site's own.
const OWN_TILES = withConfig(SEARCH_PAGE, { maps: { tileUrl: '/tiles/{z}/{x}/{y}.png' } });
const LOOKUP = /^\/dist\/zip-centroids\/[0-9a-f]{8}\/-?\d+_-?\d+\.json$/;
const SEARCH_ROUTE = '/wp-json/donations/v1/search/';
// A search with its map in WebKit on a loaded two-core machine.
const SEARCH_MS = { timeout: 60_000 };

/** Reaches for the form, as a visitor does, and waits for the island's button in the zip code field. */
async function takeOver(page: EnginePage) {
  await page.focus('#zipcode');
  await page.waitFor(() => document.querySelector('.donors-search-locate'));
}

describeEngines('the donors search on a phone', (suite) => {
  const pathsSince = (first: number) =>
    suite.door.requests.slice(first).map((request) => new URL(request.url, suite.door.url).pathname);

  it(
    'shows every column of the results without scrolling sideways, dates without their time',
    SEARCH_MS,
    async () => {
      const page = await suite.open(`${SEARCH_PAGE}?zipcode=60601&radius=15&days=30`, { viewport: PHONE });
      expect(await page.evaluate(narrowTableProblems, HOST)).toEqual([]);
      await takeOver(page);
      await waitForResults(page);
      expect(await page.evaluate(narrowTableProblems, HOST)).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      expect(await page.problems()).toEqual([]);
    },
  );

  it(
    "fills a 606xx zip code from a position in Chicago's Loop, by keyboard, and shows its donations: one lookup of at most 30 KB gzip, no request to any other host",
    SEARCH_MS,
    async () => {
      const page = await suite.open(OWN_TILES, { viewport: PHONE, position: LOOP });
      await takeOver(page);
      const first = suite.door.requests.length;
      await page.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Use my location',
      );
      await page.press('Enter');
      await waitForResults(page);
      const zip = await page.evaluate(() => (document.querySelector('#zipcode') as HTMLInputElement).value);
      expect(zip).toMatch(/^606\d\d$/);
      expect(await textOf(page, '#display_zipcode')).toBe(zip);
      expect(new URL(await page.url()).searchParams.get('zipcode')).toBe(zip);
      await page.waitFor(() => document.querySelector('#map .donors-search-centre'));
      // Focus stays where the visitor pressed.
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('donors-search-locate');

      expect(suite.door.requests.slice(first).filter((request) => request.blocked)).toEqual([]);
      const lookups = pathsSince(first).filter((path) => LOOKUP.test(path));
      expect(lookups).toHaveLength(1);
      const file = readFileSync(new URL(`../..${lookups[0]}`, import.meta.url));
      expect(gzipSync(file).length).toBeLessThanOrEqual(30 * 1024);
      // Nothing the browser asked for carries the position: only the cell's file names a place.
      const degrees = /41\.8|87\.6/;
      expect(suite.door.requests.slice(first).filter((request) => degrees.test(request.url))).toEqual([]);
      expect(pathsSince(first).filter((path) => path.startsWith(SEARCH_ROUTE))).toEqual([
        `${SEARCH_ROUTE}${zip}/15/30`,
      ]);
      expect(await page.problems()).toEqual([]);
    },
  );

  it.each([
    ['refused', 'refused', 'ERROR: Your location was not shared. Please enter your zip code.'],
    ['in London', LONDON, 'ERROR: There is no US zip code near your location. Please enter your zip code.'],
  ] as const)(
    'a position %s ends with its line in the status area, no search and no lookup',
    SEARCH_MS,
    async (_, position, line) => {
      const page = await suite.open(SEARCH_PAGE, { viewport: PHONE, position });
      await takeOver(page);
      const first = suite.door.requests.length;
      await page.click('.donors-search-locate');
      await page.waitFor(
        (want) => document.querySelector('.alert-before')?.textContent === want,
        line,
        20_000,
      );
      expect(
        await page.evaluate(() => ({
          tone: document.querySelector('.alert-before')?.className,
          zip: (document.querySelector('#zipcode') as HTMLInputElement).value,
          busy: document.querySelector('.donors-search-locate')?.getAttribute('aria-disabled') ?? null,
          results: document.querySelector('.donors-search-table') !== null,
        })),
      ).toEqual({ tone: 'alert-before alert alert-danger', zip: '', busy: null, results: false });
      const paths = pathsSince(first);
      expect(paths.filter((path) => path.startsWith(SEARCH_ROUTE) || LOOKUP.test(path))).toEqual([]);
      expect(await page.problems()).toEqual([]);
    },
  );
});
