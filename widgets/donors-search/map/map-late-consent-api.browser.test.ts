import { expect, it } from 'vitest';
import type { EnginePage } from '../../../test/engines/engine-page.ts';
import { describeEngines } from '../../../test/engines/suite.ts';
import {
  isVisible,
  SEARCH_PAGE,
  search,
  textOf,
  waitForResults,
} from '../../../test/support/donors-search/search-page.ts';

const OSM = 'tile.openstreetmap.org';
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

describeEngines('donors-search map with the WP Consent API’s script delayed by an optimiser', (suite) => {
  const requestedSince = (from: number) => suite.door.requests.slice(from).map(({ url }) => url);
  const tiles = (page: EnginePage) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile'), ({ src }) => src),
    );

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
    await page.waitFor(() => document.querySelector('#map.leaflet-container img.leaflet-tile') !== null);
    expect((await tiles(page)).every((src) => src.includes(OSM))).toBe(true);
    // WebKit's HTTPS never reaches the door.
    if (page.engine !== 'webkit')
      await expect.poll(() => requestedSince(from).some((url) => url.includes(OSM))).toBe(true);
    expect(await page.problems()).toEqual([]);
  });
});
