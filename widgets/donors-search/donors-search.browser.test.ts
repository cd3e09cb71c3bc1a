import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';
import {
  allTableRows,
  askRoute,
  donationsMarked,
  expectedMarkers,
  mapMarkers,
  SEARCH_PAGE,
  search,
  searchAgain,
  waitForResults,
} from './browser-helpers.ts';

const MAPS_CODE = /leaflet-map-view|google-map-view|search-map|maps\.googleapis\.com/;

describeBrowser('donors-search in Chromium', () => {
  const suite = useBrowserSuite();

  // Walks every page of the table by keyboard: slow on a loaded machine, hence the longer timeout.
  it('fills the table with exactly the donations the route returned, a page at a time, and says how many, where and when', {
    timeout: 90_000,
  }, async () => {
    // The delay keeps "Working..." on screen long enough to be read on a slow machine.
    const { page, requests, pageErrors } = await suite.open(SEARCH_PAGE, { fault: 'delay=1500' });
    await page.getByLabel('Zip code').waitFor();
    expect(requests.filter((url) => MAPS_CODE.test(url))).toEqual([]);
    await search(page, '10001', '15', '30');
    await expect.poll(() => page.locator('.alert-before').textContent()).toBe('Working...');
    await waitForResults(page);
    const answer = await askRoute(page, '10001', '15', '30');
    const expected = answer.data.donations.map((item) =>
      [item.number, item.title, item.zipcode, item.date].map(String),
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(await page.locator('.donors-table-pages p').textContent()).toBe(
      `Showing 1–100 of ${expected.length}`,
    );
    expect(await allTableRows(page)).toEqual(expected);
    expect(await page.locator('.alert-donors').textContent()).toBe(
      `Found ${expected.length} donations within 15 miles of 10001 in the last 30 days.`,
    );
    const spans = ['count', 'zipcode', 'radius', 'days'].map((name) =>
      page.locator(`#display_${name}`).textContent(),
    );
    expect(await Promise.all(spans)).toEqual([String(expected.length), '10001', '15', '30']);
    expect(await page.locator('.alert-before').textContent()).toBe('');
    const button = page.getByRole('button', { name: 'Search' });
    expect([await button.textContent(), await button.isEnabled()]).toEqual(['Search', true]);
    expect(pageErrors).toEqual([]);
  });

  it('shows the route’s error for an unknown zip code, and Search is usable again', async () => {
    const { page, pageErrors } = await suite.open(SEARCH_PAGE);
    await search(page, '00000');
    const status = page.locator('.alert-before');
    await status.getByText('ERROR:').waitFor();
    expect(await status.textContent()).toBe(
      'ERROR: No zip codes returned for 00000. Please try another search.',
    );
    expect(await page.locator('.alert-donors').isHidden()).toBe(true);
    expect(await page.locator('#map').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Search' }).isEnabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('shows only the second search when the first one is answered last', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await suite.open(SEARCH_PAGE, { fault: 'delay.10001=3000' });
    await search(page, '10001');
    await searchAgain(page, '10002');
    await waitForResults(page);
    expect(await page.locator('#display_zipcode').textContent()).toBe('10002');
    await page.waitForTimeout(3500);
    expect(await page.locator('#display_zipcode').textContent()).toBe('10002');
    const answer = await askRoute(page, '10002');
    expect(await allTableRows(page)).toHaveLength(answer.data.donations.length);
    expect(await page.locator('.alert-before').textContent()).toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('draws the Leaflet map: a centre marker, every donation with coordinates in a marker or a cluster, every zip boundary', async () => {
    const { page, requests, pageErrors } = await suite.open(SEARCH_PAGE, { fault: 'nocoords' });
    await search(page, '80401');
    await waitForResults(page);
    const answer = await askRoute(page, '80401');
    const markers = expectedMarkers(answer);
    expect(markers.length).toBeLessThan(answer.data.donations.length);
    // The first view shows the whole radius: its markers stand for every donation with coordinates.
    await expect
      .poll(async () => donationsMarked(await mapMarkers(page)), { timeout: 10_000 })
      .toBe(markers.length);
    const singles = (await mapMarkers(page)).filter(({ title }) => !title?.startsWith('Cluster of'));
    for (const single of singles) expect(markers).toContainEqual(single);
    expect(await page.locator('#map .donors-search-centre').getAttribute('title')).toBe(
      'Searched zip code 80401',
    );
    const zips = new Set(['80401', ...Object.keys(answer.donations_by_zipcode)]);
    await expect
      .poll(() => page.locator('#map .leaflet-overlay-pane path').count(), { timeout: 15_000 })
      .toBe(zips.size);
    expect(await page.getByRole('region', { name: 'Map of the donations found' }).isVisible()).toBe(true);
    expect(await page.locator('.leaflet-control-attribution').textContent()).toContain(
      '© OpenStreetMap contributors',
    );
    expect(requests.filter((url) => url.includes('/zipcodes/'))).toHaveLength(zips.size);
    expect(requests.some((url) => url.includes('tile.openstreetmap.org'))).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('reuses the map for the next search and leaves out a missing or broken boundary file', async () => {
    const { page, pageErrors } = await suite.open(SEARCH_PAGE, { fault: 'kml404' });
    await search(page, '10001');
    await waitForResults(page);
    await searchAgain(page, '10002');
    await page.locator('#display_zipcode').getByText('10002').waitFor();
    await waitForResults(page);
    // The map is drawn after the results' frame: wait for it (and the second centre) before counting.
    await page.locator('#map.leaflet-container').waitFor();
    await expect
      .poll(() => page.locator('#map .donors-search-centre').getAttribute('title'), { timeout: 10_000 })
      .toBe('Searched zip code 10002');
    expect(await page.locator('#map.leaflet-container').count()).toBe(1);
    expect(await page.locator('#map .leaflet-control-zoom').count()).toBe(1);
    expect(await page.locator('#map .leaflet-overlay-pane path').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('renders hostile text as text: nothing runs, no element is injected', async () => {
    const { page, pageErrors } = await suite.open(SEARCH_PAGE, { fault: 'xss' });
    await search(page, '10001');
    await waitForResults(page);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(
      await page
        .locator(
          '#donors-in-your-area-table :is(img, script, svg), .donors-search-labels :is(img, script, svg)',
        )
        .count(),
    ).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('releases the page’s submit lock: every other button on the home page gets its own label and state back', async () => {
    const { page, pageErrors } = await suite.open('/', { fault: 'delay=2000' });
    const others = page.locator('button[type="submit"], input[type="submit"], button:not([type])').filter({
      hasNot: page.locator('xpath=ancestor::form[@id="donors-in-your-area"]'),
    });
    const states = () =>
      others.evaluateAll((buttons) =>
        buttons.map((b) => ({
          label: b instanceof HTMLInputElement ? b.value : b.textContent,
          disabled: (b as HTMLButtonElement).disabled,
        })),
      );
    const before = await states();
    expect(before.length).toBeGreaterThan(0);
    await search(page, '10001');
    await expect.poll(async () => (await states()).every((state) => state.disabled)).toBe(true);
    await waitForResults(page);
    await expect.poll(states).toEqual(before);
    const own = page.locator('#donors-in-your-area button');
    expect([await own.textContent(), await own.isEnabled()]).toEqual(['Search', true]);
    expect(pageErrors).toEqual([]);
  });
});
