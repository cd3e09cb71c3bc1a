/**
 * The donors search on a phone (390 × 844) on the release's default theme (Twenty Twenty-Five on 7.1):
 * every column of the results table shows without scrolling sideways, printed and after the island
 * takes over, sorted too (dates show their short day, the whole date and time kept for screen readers
 * and in `<time datetime>`; every button of the table a 24 × 24 px touch target); and "use my location"
 * finds the zip code in the browser from the plugin's own files, or ends with a line and no search.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { narrowTableProblems, sidewaysOverflow } from '../../test/looks.ts';
import { phpString } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const PHONE = { width: 390, height: 844 };
const HOST = '[data-island="donors-search"]';
// By the fixture's 60601 centroid, in the Loop's north-east corner.
const LOOP = { latitude: 41.886, longitude: -87.619 };
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
const LOOKUP =
  /\/wp-content\/plugins\/donation-widgets\/dist\/zip-centroids\/[0-9a-f]{8}\/-?\d+_-?\d+\.json$/;
const SEARCH_ROUTE = 'donations/v1/search/';

describeWordPress('the donors search on a phone', () => {
  const wp = useWordPress();
  let searchPage = '';
  let tiles = '';

  beforeAll(async () => {
    searchPage = await pageWith(wp.php, 'phone-search', '[donation_widget island="donors-search" /]');
    // The map's tiles from the site itself, so that every request a search makes is the site's own.
    tiles = await wp.php("echo donation_widgets_get( 'donation_widgets_tile_url' );");
    await setTileUrl(`${wp.site.url}/tiles/{z}/{x}/{y}.png`);
  });
  afterAll(() => setTileUrl(tiles));

  /** Sets the Tile URL setting as a save would have stored it. */
  const setTileUrl = (url: string) =>
    wp.php(`$settings = get_option( 'donation_widgets_settings', array() );
      $settings['donation_widgets_tile_url'] = ${phpString(url)};
      update_option( 'donation_widgets_settings', $settings );`);

  /** The browser tells the site `position` when asked, as a phone whose visitor allowed it does. */
  const telling = (position: { latitude: number; longitude: number }) => async (context: BrowserContext) => {
    await context.grantPermissions(['geolocation'], { origin: new URL(wp.site.url).origin });
    await context.setGeolocation(position);
  };

  it('shows every column of the results table without scrolling sideways, sorted too', async () => {
    // Without JavaScript first: the page's printed table alone.
    const printed = await wp.open(`${searchPage}?zipcode=10001&radius=15&days=30`, { viewport: PHONE });
    await printed.context.route('**/*.js', (route) => route.abort());
    await printed.page.reload();
    expect(await printed.page.locator('.donors-search-table tbody tr').count()).toBe(4); // 10001 / 15 miles / 30 days finds four of the fixture's donations.
    expect(await printed.page.evaluate(narrowTableProblems, HOST)).toEqual([]);

    const { page } = await wp.open(`${searchPage}?zipcode=10001&radius=15&days=30`, { viewport: PHONE });
    await page.locator(`${HOST}[data-mounted]`).waitFor({ state: 'attached' });
    await page.locator('.donors-row-show:not([disabled])').first().waitFor();
    expect(await page.evaluate(narrowTableProblems, HOST)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    // The short day shows (narrowTableProblems checks that the rest is hidden from sight); the text, which
    // a screen reader reads, is the whole date and time.
    const dates = await page.$$eval('.donors-search-table tbody time', (times) =>
      times.map((time) => ({ short: time.getAttribute('data-short'), text: time.textContent })),
    );
    expect(dates).toHaveLength(4);
    for (const { short, text } of dates) {
      expect(short).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(text).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [ap]m$/);
    }
    // Dates sort newest first at the first press.
    await page.getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => page.locator('th[aria-sort="descending"]').textContent()).toBe('Date');
    expect(await page.evaluate(narrowTableProblems, HOST)).toEqual([]);
  });

  it("fills the zip code of a position in Chicago's Loop and shows its donations: one lookup of at most 30 KB gzip from the plugin, no other host", async () => {
    const { page, requests } = await wp.open(searchPage, { viewport: PHONE, before: telling(LOOP) });
    await page.getByLabel('Zip code').focus();
    const button = page.getByRole('button', { name: 'Use my location' });
    await button.click();
    await expect.poll(() => page.locator('#display_zipcode').textContent()).toBe('60601');
    expect(await page.getByLabel('Zip code').inputValue()).toBe('60601');
    expect(await page.locator('.donors-search-table tbody').textContent()).toContain('Bed frame');
    expect(new URL(page.url()).searchParams.get('zipcode')).toBe('60601');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Use my location',
    );
    await page.locator('#map .donors-search-centre').waitFor();

    const origin = new URL(wp.site.url).origin;
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    const lookups = requests.filter((url) => LOOKUP.test(new URL(url).pathname));
    expect(lookups).toHaveLength(1);
    const file = Buffer.from(await (await fetch(lookups[0] as string)).arrayBuffer());
    expect(gzipSync(file).length).toBeLessThanOrEqual(30 * 1024);
  });

  it.each([
    ['refused', undefined, 'ERROR: Your location was not shared. Please enter your zip code.'],
    ['in London', LONDON, 'ERROR: There is no US zip code near your location. Please enter your zip code.'],
  ])('a position %s ends with its line in the status area and no search', async (_, position, line) => {
    // Chromium refuses a site the visitor has not allowed.
    const { page, requests } = await wp.open(searchPage, {
      viewport: PHONE,
      ...(position && { before: telling(position) }),
    });
    await page.getByLabel('Zip code').focus();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => page.locator('.alert-before').textContent()).toBe(line);
    expect(await page.getByLabel('Zip code').inputValue()).toBe('');
    expect(
      await page.getByRole('button', { name: 'Use my location' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(requests.filter((url) => url.includes(SEARCH_ROUTE) || LOOKUP.test(url))).toEqual([]);
  });

  it('leaves the button out where the block or the shortcode turns it off', async () => {
    const off = await pageWith(
      wp.php,
      'phone-search-off',
      '[donation_widget island="donors-search" locate="off" /]\n\n<!-- wp:donation-widgets/donors-search {"locate":"off"} /-->',
    );
    const { page } = await wp.open(off, { viewport: PHONE, before: telling(LOOP) });
    expect(await page.locator(`${HOST}[data-locate="off"]`).count()).toBe(2);
    for (const copy of [0, 1]) await page.locator(HOST).nth(copy).getByLabel('Zip code').focus();
    await expect.poll(() => page.locator(`${HOST}[data-mounted]`).count()).toBe(2);
    expect(await page.locator('.donors-search-locate').count()).toBe(0);
  });

  it('tells in the privacy policy guide that the location stays in the browser', async () => {
    const { page } = await wp.open('/wp-admin/options-privacy.php?tab=policyguide', { admin: true });
    await expect
      .poll(() => page.getByText(/Your location is sent neither to this site nor to anyone else\./).count())
      .toBeGreaterThan(0);
  });
});
