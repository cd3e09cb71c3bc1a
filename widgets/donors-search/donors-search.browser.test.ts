import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import {
  donationsOnMap,
  expectedMarkers,
  mapMarkers,
} from '../../test/support/donors-search/search-markers.ts';
import {
  askRoute,
  isVisible,
  SEARCH_PAGE,
  search,
  searchAgain,
  textOf,
  waitForResults,
} from '../../test/support/donors-search/search-page.ts';
import { allTableRows } from '../../test/support/donors-search/search-table.ts';
import { DEFAULT_SITE_DATES, siteDate } from './results/php-date.js';

const MAPS_CODE = /leaflet-map-view|google-map-view|search-map|maps\.googleapis\.com/;

const count = (page: EnginePage, selector: string) =>
  page.evaluate((target) => document.querySelectorAll(target).length, selector);

/** Resolves once the page has drawn twice: whatever a finished answer makes React render is on screen. */
const twoFrames = (page: EnginePage) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

describeEngines('donors-search', (suite) => {
  /** The URLs the page requested since `from` (an index into the front door's log). */
  const requestedSince = (from: number) => suite.door.requests.slice(from).map(({ url }) => url);

  // Walks every page of the table by keyboard: slow on a loaded machine, hence the longer timeout.
  it('fills the table with exactly the donations the route returned, a page at a time, and says how many, where and when', {
    timeout: 90_000,
  }, async () => {
    const from = suite.door.requests.length;
    // The delay keeps "Working..." on screen long enough to be read on a slow machine.
    const page = await suite.open(SEARCH_PAGE, { fault: 'delay=1500' });
    await page.waitFor(() => document.querySelector('#zipcode'));
    expect(requestedSince(from).filter((url) => MAPS_CODE.test(url))).toEqual([]);
    await search(page, '10001', '15', '30');
    await expect.poll(() => textOf(page, '.alert-before')).toBe('Working...');
    await waitForResults(page);
    const answer = await askRoute(page, '10001', '15', '30');
    const expected = answer.data.donations.map((item) =>
      // The date as the demo writes it: WordPress's default formats in American English.
      [item.number, item.title, item.zipcode, siteDate(String(item.date), DEFAULT_SITE_DATES).text].map(
        String,
      ),
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(await textOf(page, '.donors-table-pages p')).toBe(`Showing 1–100 of ${expected.length}`);
    expect(await allTableRows(page)).toEqual(expected);
    expect(await textOf(page, '.alert-donors')).toBe(
      `Found ${expected.length} donations within 15 miles of 10001 in the last 30 days.`,
    );
    const spans = ['count', 'zipcode', 'radius', 'days'].map((name) => textOf(page, `#display_${name}`));
    expect(await Promise.all(spans)).toEqual([String(expected.length), '10001', '15', '30']);
    expect(await textOf(page, '.alert-before')).toBe('');
    const button = '#donors-in-your-area button[type="submit"]';
    expect(
      await page.evaluate(
        (target) => [
          document.querySelector(target)?.textContent,
          !document.querySelector<HTMLButtonElement>(target)?.disabled,
        ],
        button,
      ),
    ).toEqual(['Search', true]);
    expect(await page.problems()).toEqual([]);
  });

  it('shows the route’s error for an unknown zip code, and Search is usable again', async () => {
    const page = await suite.open(SEARCH_PAGE);
    await search(page, '00000');
    await page.waitFor(() => document.querySelector('.alert-before')?.textContent?.includes('ERROR:'));
    expect(await textOf(page, '.alert-before')).toBe(
      'ERROR: No zip codes returned for 00000. Please try another search.',
    );
    expect(await isVisible(page, '.alert-donors')).toBe(false);
    expect(await isVisible(page, '#map')).toBe(false);
    expect(
      await page.evaluate(
        () => document.querySelector<HTMLButtonElement>('#donors-in-your-area button')?.disabled,
      ),
    ).toBe(false);
    expect(await page.problems()).toEqual([]);
  });

  it('shows only the second search when the first one is answered last', { timeout: 90_000 }, async () => {
    const from = suite.door.requests.length;
    const page = await suite.open(SEARCH_PAGE, { fault: 'delay.60601=3000' });
    // Two searches far apart, so the first answer could not pass for the second.
    await search(page, '60601');
    await searchAgain(page, '10002');
    await waitForResults(page);
    expect(await textOf(page, '#display_zipcode')).toBe('10002');
    // The first answer comes after the second, unless the page gave it up: once the door is done with it
    // (and, had it gone out, the page's code has read it and the page has drawn since), it had its chance.
    const first = suite.door.requests
      .slice(from)
      .find(({ url }) => url.includes('/wp-json/donations/v1/search/60601/'));
    expect(first).toBeDefined();
    if ((await first?.settled) === 'answered')
      await page.waitFor(() =>
        (window as { __harnessBodiesRead?: string[] }).__harnessBodiesRead?.some((url) =>
          url.includes('/wp-json/donations/v1/search/60601/'),
        ),
      );
    await twoFrames(page);
    expect(await textOf(page, '#display_zipcode')).toBe('10002');
    const answer = await askRoute(page, '10002');
    expect((await allTableRows(page)).map(([, title, zipcode]) => [title, zipcode])).toEqual(
      answer.data.donations.map(({ title, zipcode }) => [String(title), String(zipcode)]),
    );
    expect(await textOf(page, '.alert-before')).toBe('');
    expect(await page.problems()).toEqual([]);
  });

  it('draws the Leaflet map: a centre marker, every donation with coordinates in a marker or a cluster, every zip boundary', async () => {
    const page = await suite.open(SEARCH_PAGE, { fault: 'nocoords' });
    // Counted from here: the last test's page may still have had boundary files on their way at its end.
    const from = suite.door.requests.length;
    await search(page, '80401');
    await waitForResults(page);
    const answer = await askRoute(page, '80401');
    const markers = expectedMarkers(answer);
    expect(markers.length).toBeLessThan(answer.data.donations.length);
    // The first view shows the whole radius: its markers stand for every donation with coordinates.
    await expect.poll(async () => donationsOnMap(page)).toBe(markers.length);
    const singles = (await mapMarkers(page)).filter(({ title }) => !title?.startsWith('Cluster of'));
    for (const single of singles) expect(markers).toContainEqual(single);
    expect(
      await page.evaluate(() => document.querySelector('#map .donors-search-centre')?.getAttribute('title')),
    ).toBe('Searched zip code 80401');
    const zips = new Set(['80401', ...Object.keys(answer.donations_by_zipcode)]);
    await expect
      .poll(() => count(page, '#map .leaflet-overlay-pane path'), { timeout: 15_000 })
      .toBe(zips.size);
    expect(
      await page.evaluate(() => document.querySelector('section#map')?.getAttribute('aria-label') ?? null),
    ).toBe('Map of the donations found');
    expect(await isVisible(page, '#map')).toBe(true);
    expect(await textOf(page, '.leaflet-control-attribution')).toContain('© OpenStreetMap contributors');
    // The outlines come from the bundle index and one bundle per area (or group of small areas), each once.
    const requests = requestedSince(from);
    const boundaryFiles = requests.filter((url) => url.includes('/zipcodes/'));
    expect(boundaryFiles.filter((url) => url.endsWith('/zipcodes/zips.json'))).toHaveLength(1);
    const bundles = boundaryFiles.filter((url) => /\/zipcodes\/zips\d{3}\.json$/.test(url));
    expect(new Set(bundles).size).toBe(bundles.length);
    expect(bundles.length).toBeGreaterThan(0);
    expect(bundles.length).toBeLessThanOrEqual(new Set([...zips].map((zip) => zip.slice(0, 3))).size);
    expect(boundaryFiles).toHaveLength(1 + bundles.length);
    const tiles = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLImageElement>('#map .leaflet-tile-pane img'),
        (tile) => tile.src,
      ),
    );
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((src) => src.includes('tile.openstreetmap.org'))).toBe(true);
    // Asked for, and refused at the door. WebKitGTK's WebDriver sends no HTTPS through the door's proxy.
    if (page.engine !== 'webkit')
      expect(requests.some((url) => url.includes('tile.openstreetmap.org'))).toBe(true);
    expect(await page.problems()).toEqual([]);
  });

  it('reuses the map for the next search and leaves out a missing or broken boundary file', async () => {
    const page = await suite.open(SEARCH_PAGE, { fault: 'kml404' });
    await search(page, '10001');
    await waitForResults(page);
    await searchAgain(page, '10002');
    await page.waitFor(() => document.querySelector('#display_zipcode')?.textContent === '10002');
    await waitForResults(page);
    // The map is drawn after the results' frame: wait for it (and the second centre) before counting.
    await page.waitFor(() => document.querySelector('#map.leaflet-container'));
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('#map .donors-search-centre')?.getAttribute('title')),
      )
      .toBe('Searched zip code 10002');
    expect(await count(page, '#map.leaflet-container')).toBe(1);
    expect(await count(page, '#map .leaflet-control-zoom')).toBe(1);
    expect(await count(page, '#map .leaflet-overlay-pane path')).toBe(0);
    // Missing boundary files are told to the site's admin in the console, once; nothing is uncaught.
    expect((await page.problems()).filter((problem) => !problem.includes('boundaryBaseUrl'))).toEqual([]);
  });

  it('renders hostile text as text: nothing runs, no element is injected', async () => {
    const page = await suite.open(SEARCH_PAGE, { fault: 'xss' });
    await search(page, '10001');
    await waitForResults(page);
    await twoFrames(page);
    // No element from the answer is in the page, so nothing from it can run later either.
    expect(
      await count(
        page,
        '#donors-in-your-area-table :is(img, script, svg, iframe), .donors-search-labels :is(img, script, svg, iframe)',
      ),
    ).toBe(0);
    expect(await page.evaluate(() => typeof (window as { __pwned?: unknown }).__pwned)).toBe('undefined');
    expect(await page.problems()).toEqual([]);
  });

  it('releases the page’s submit lock: every other button on the home page gets its own label and state back', async () => {
    const page = await suite.open('/', { fault: 'delay=2000' });
    await page.waitFor(() => document.querySelector('#donors-in-your-area button[type="submit"]'));
    const states = () =>
      page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLButtonElement | HTMLInputElement>(
            'button[type="submit"], input[type="submit"], button:not([type])',
          ),
        )
          .filter((button) => !button.closest('form#donors-in-your-area'))
          .map((button) => ({
            label: button instanceof HTMLInputElement ? button.value : button.textContent,
            disabled: button.disabled,
          })),
      );
    const before = await states();
    expect(before.length).toBeGreaterThan(0);
    await search(page, '10001');
    await expect.poll(async () => (await states()).every((state) => state.disabled)).toBe(true);
    await waitForResults(page);
    await expect.poll(states).toEqual(before);
    expect(
      await page.evaluate(() => {
        const own = document.querySelector<HTMLButtonElement>('#donors-in-your-area button[type="submit"]');
        return [own?.textContent, !own?.disabled];
      }),
    ).toEqual(['Search', true]);
    expect(await page.problems()).toEqual([]);
  });
});
