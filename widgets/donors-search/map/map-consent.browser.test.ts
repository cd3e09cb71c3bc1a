import { expect, it } from 'vitest';
import type { EnginePage } from '../../../test/engines/engine-page.ts';
import { describeEngines } from '../../../test/engines/suite.ts';
import { axeViolations } from '../../../test/page-helpers.ts';
import {
  isVisible,
  SEARCH_PAGE,
  search,
  textOf,
  waitForResults,
} from '../../../test/support/donors-search/search-page.ts';

const OSM = 'tile.openstreetmap.org';
const CDN = 'zips.cdn.example';
const NOTE =
  'The map comes from tile.openstreetmap.org, which learns your IP address and the area shown when it loads. The table lists every donation found.';

/**
 * When the optimiser's stand-in runs the API's script: on the page's fake clock, which the test moves on
 * (in one step: WebKit's driver times a script with the page's own timers, and gives up at 30 s), and
 * far enough that the page's own time does not get there while the search runs.
 */
const DELAY_MS = 25_000;

interface HarnessClock {
  runFor(ms: number): number;
}

const hasApi = () => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function';

describeEngines('donors-search map with the WP Consent API', (suite) => {
  const requestedSince = (from: number) => suite.door.requests.slice(from).map(({ url }) => url);

  /** The tiles the page holds: a map that asked another host has them, whatever the network did. */
  const tiles = (page: EnginePage) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile'), ({ src }) => src),
    );

  /** The map has loaded: Leaflet's container with its tiles. WebKit's HTTPS never reaches the door. */
  async function expectMapLoaded(page: EnginePage, from: number) {
    await page.waitFor(() => document.querySelector('#map.leaflet-container img.leaflet-tile') !== null);
    expect(await isVisible(page, '#map')).toBe(true);
    expect((await tiles(page)).every((src) => src.includes(OSM))).toBe(true);
    if (page.engine !== 'webkit')
      await expect.poll(() => requestedSince(from).some((url) => url.includes(OSM))).toBe(true);
  }

  it('holds an OpenStreetMap map in an opt-in region with the results all there, and loads it when the visitor presses its button', async () => {
    const from = suite.door.requests.length;
    const page = await suite.open(`${SEARCH_PAGE}?consent=optin`);
    await search(page, '10001');
    await waitForResults(page);
    await page.waitFor(() => document.querySelector('.donors-map-consent') !== null);
    expect(await textOf(page, '.donors-map-consent p')).toBe(NOTE);
    expect(await isVisible(page, '#map')).toBe(false);
    expect(
      await page.evaluate(() => document.querySelectorAll('.donors-search-table tbody tr').length),
    ).toBeGreaterThan(0);
    // The note is the consent check's answer: by then a map allowed would have been made.
    expect(await tiles(page)).toEqual([]);
    expect(requestedSince(from).filter((url) => url.includes(OSM))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.click('.donors-map-consent button');
    await expectMapLoaded(page, from);
    expect(await page.evaluate(() => document.querySelector('.donors-map-consent'))).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('map');
    expect(await page.problems()).toEqual([]);
  });

  it('loads the map once the visitor allows through the banner, and at once on the next page', async () => {
    const from = suite.door.requests.length;
    const page = await suite.open(`${SEARCH_PAGE}?consent=optin`);
    await search(page, '10001');
    await waitForResults(page);
    await page.waitFor(() => document.querySelector('.donors-map-consent') !== null);
    await page.click('[data-consent="allow"]');
    await expectMapLoaded(page, from);
    await page.reload();
    await waitForResults(page);
    await page.waitFor(() => document.querySelector('#map.leaflet-container img.leaflet-tile') !== null);
  });

  it('keeps the map back after the visitor denies, and loads it at once in an opt-out region', async () => {
    const denied = await suite.open(`${SEARCH_PAGE}?consent=optin`);
    await denied.click('[data-consent="deny"]');
    await search(denied, '10001');
    await waitForResults(denied);
    await denied.waitFor(() => document.querySelector('.donors-map-consent') !== null);
    expect(await tiles(denied)).toEqual([]);
    const from = suite.door.requests.length;
    const optOut = await suite.open(`${SEARCH_PAGE}?consent=optout`);
    await search(optOut, '10001');
    await waitForResults(optOut);
    await expectMapLoaded(optOut, from);
    expect(await optOut.evaluate(() => document.querySelector('.donors-map-consent'))).toBeNull();
  });

  it('holds the zip boundary files of another host until the visitor allows the map, and names that host', async () => {
    const config = { boundaryBaseUrl: `http://${CDN}/zipcodes/` };
    const from = suite.door.requests.length;
    const page = await suite.open(
      `${SEARCH_PAGE}?consent=optin&config=${encodeURIComponent(JSON.stringify(config))}`,
    );
    await search(page, '10001');
    await waitForResults(page);
    await page.waitFor(() => document.querySelector('.donors-map-consent') !== null);
    expect(await textOf(page, '.donors-map-consent p')).toBe(
      `The map comes from ${OSM} and ${CDN}, which learns your IP address and the area shown when it loads. The table lists every donation found.`,
    );
    expect(requestedSince(from).filter((url) => url.startsWith(`http://${CDN}/`))).toEqual([]);
    await page.click('.donors-map-consent button');
    await expect
      .poll(() => requestedSince(from).some((url) => url.startsWith(`http://${CDN}/zipcodes/`)))
      .toBe(true);
  });

  it('loads the map at once, as it always has, without a consent plugin', async () => {
    const from = suite.door.requests.length;
    const page = await suite.open(SEARCH_PAGE);
    await search(page, '10001');
    await waitForResults(page);
    await expectMapLoaded(page, from);
    expect(requestedSince(from).some((url) => url.includes('/chunks/map-consent-watch-'))).toBe(false);
  });

  it('holds the map in an opt-in region with no request to its host until the late script came and the visitor allowed', async () => {
    const from = suite.door.requests.length;
    const page = await suite.open(`${SEARCH_PAGE}?consent=optin&consent-delay=${DELAY_MS}`, {
      fakeClock: true,
    });
    await search(page, '10001');
    await waitForResults(page);
    await page.waitFor(() => document.querySelector('.donors-map-consent') !== null);
    expect(await page.evaluate(hasApi)).toBe(false);
    expect(await textOf(page, '.donors-map-consent p')).toBe(NOTE);
    expect(await tiles(page)).toEqual([]);
    await page.evaluate(
      (ms) => (window as unknown as { __harnessClock: HarnessClock }).__harnessClock.runFor(ms),
      DELAY_MS,
    );
    await page.waitFor(hasApi);
    // The API answers "not yet" for an opt-in region: the note stays.
    expect(await textOf(page, '.donors-map-consent p')).toBe(NOTE);
    expect(await isVisible(page, '#map')).toBe(false);
    expect(requestedSince(from).filter((url) => url.includes(OSM))).toEqual([]);
    await page.click('[data-consent="allow"]');
    await expectMapLoaded(page, from);
    expect(await page.problems()).toEqual([]);
  });
});
