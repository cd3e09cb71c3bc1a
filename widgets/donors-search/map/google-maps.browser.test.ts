import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../../test/browser.ts';
import { GOOGLE_MAPS_FAKE } from '../../../test/support/donors-search/google-maps-fake.ts';
import { donationsMarked, expectedMarkers } from '../../../test/support/donors-search/search-markers.ts';
import {
  askRoute,
  SEARCH_PAGE,
  search,
  waitForResults,
  withConfig,
} from '../../../test/support/donors-search/search-page.ts';
import { allTableRows } from '../../../test/support/donors-search/search-table.ts';

interface Call {
  type: string;
  [key: string]: unknown;
}

/** The markers of `type` on the map after `calls`, in the order they were made. */
function liveMarkers(calls: Call[], type: 'Marker' | 'AdvancedMarkerElement') {
  const made = new Map<unknown, { id: number; title: string | null; label: string | null }>();
  const onMap = new Set<unknown>();
  for (const call of calls) {
    if (call.type === type) made.set(call.id, call as never);
    if (call.type === `${type}.setMap` || call.type === `${type}.map`) {
      if (call.onMap) onMap.add(call.id);
      else onMap.delete(call.id);
    }
  }
  return [...made.values()].filter((marker) => onMap.has(marker.id));
}

const GOOGLE = 'https://maps.googleapis.com';

/**
 * Serves the stand-in for the Maps script. The demo's own CSP lets it load: the page config chooses
 * Google, so the demo adds what Google's CSP guide lists.
 */
async function fakeGoogle(context: BrowserContext) {
  await context.route(`${GOOGLE}/**`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GOOGLE_MAPS_FAKE }),
  );
}

/** A zip on a metro's edge: a few dozen donations and zips, so the stand-in's records stay small. */
const ZIP = '80501';

// Chromium only: it stands in for Google's script by routing its HTTPS request to a fake, which WebKit's WebDriver cannot do.
describeBrowser('donors-search on Google Maps (a stand-in google.maps) in Chromium', () => {
  const suite = useBrowserSuite();

  async function searchOnGoogle(maps: Record<string, string>) {
    const path = withConfig(SEARCH_PAGE, { maps: { provider: 'google', googleApiKey: 'test-key', ...maps } });
    const opened = await suite.open(path, { before: fakeGoogle });
    const { page, requests } = opened;
    await page.getByLabel('Zip code').waitFor();
    expect(requests.filter((url) => url.startsWith(GOOGLE))).toEqual([]);
    await search(page, ZIP);
    await waitForResults(page);
    const answer = await askRoute(page, ZIP);
    const zips = new Set([ZIP, ...Object.keys(answer.donations_by_zipcode)]);
    const calls = () =>
      page.evaluate(() => (window as unknown as { __mapsCalls?: Call[] }).__mapsCalls ?? []);
    await expect
      .poll(async () => (await calls()).filter((call) => call.type === 'Data.addGeoJson').length, {
        timeout: 15_000,
      })
      .toBe(zips.size);
    return { ...opened, answer, zips, calls: await calls() };
  }

  it('loads the API with the key, centres the map at zoom 10 with a centre marker, every donation in a Marker or a cluster', async () => {
    const { calls, answer, pageErrors } = await searchOnGoogle({});
    expect(calls.find((call) => call.type === 'script')).toMatchObject({ key: 'test-key', v: 'weekly' });
    expect(calls.filter((call) => call.type === 'importLibrary').map((call) => call.name)).toEqual(
      expect.arrayContaining(['maps', 'marker']),
    );
    expect(calls.find((call) => call.type === 'Map')).toMatchObject({ zoom: 10, mapId: null, inPage: true });
    expect(calls.filter((call) => call.type === 'Map.setCenter').at(-1)).toEqual({
      type: 'Map.setCenter',
      center: answer.coordinates,
    });
    expect(calls.filter((call) => call.type === 'Map.setZoom').at(-1)).toEqual({
      type: 'Map.setZoom',
      zoom: 10,
    });
    expect(calls.find((call) => call.type === 'Map.options')).toMatchObject({
      gestureHandling: 'cooperative',
    });
    const [centre, ...markers] = liveMarkers(calls, 'Marker');
    expect(centre).toMatchObject({
      title: `Searched zip code ${ZIP}`,
      label: null,
      position: answer.coordinates,
    });
    const expected = expectedMarkers(answer);
    expect(donationsMarked(markers)).toBe(expected.length);
    expect(markers.length).toBeLessThan(expected.length);
    for (const { title, label } of markers.filter((m) => !m.title?.startsWith('Cluster of')))
      expect(expected).toContainEqual({ title, label });
    expect(calls.some((call) => call.type === 'AdvancedMarkerElement')).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it('draws every zip boundary as GeoJSON polygons on map.data', async () => {
    const { calls, zips } = await searchOnGoogle({});
    const features = calls
      .filter((call) => call.type === 'Data.addGeoJson')
      .flatMap((call) => call.features as Call[]);
    expect(new Set(features.map((feature) => feature.name))).toEqual(zips);
    expect(new Set(features.map((feature) => feature.geometry))).toEqual(new Set(['Polygon']));
  });

  it('uses AdvancedMarkerElement, with the count as its text, when a map id is configured', async () => {
    const { calls, answer } = await searchOnGoogle({ googleMapId: 'demo-map-id' });
    expect(calls.find((call) => call.type === 'Map')).toMatchObject({ mapId: 'demo-map-id' });
    const [centre, ...markers] = liveMarkers(calls, 'AdvancedMarkerElement');
    expect(centre).toMatchObject({ title: `Searched zip code ${ZIP}`, label: '' });
    expect(donationsMarked(markers)).toBe(expectedMarkers(answer).length);
    expect(markers.filter((m) => m.title?.startsWith('Cluster of')).map((m) => m.label)).not.toEqual([]);
    expect(calls.filter((call) => call.type === 'Marker')).toEqual([]);
  });

  it('clusters as on Leaflet: a cluster chosen zooms in to where it splits, a donation chosen is listed under the map', async () => {
    const { page, calls } = await searchOnGoogle({});
    const [, ...markers] = liveMarkers(calls, 'Marker');
    const cluster = markers.find((marker) => marker.title?.startsWith('Cluster of'));
    const single = markers.find((marker) => !marker.title?.startsWith('Cluster of'));
    if (!cluster || !single) throw new Error('expected a cluster and a single donation at zoom 10');
    const click = (id: number) =>
      page.evaluate((id) => {
        const markers = (
          window as unknown as { __mapsMarkers: Record<number, { handlers: { click(): void } }> }
        ).__mapsMarkers;
        markers[id]?.handlers.click();
      }, id);
    await click(cluster.id);
    const zooms = async () =>
      (await page.evaluate(() => (window as unknown as { __mapsCalls: Call[] }).__mapsCalls))
        .filter((call) => call.type === 'Map.setZoom')
        .map((call) => call.zoom as number);
    await expect.poll(async () => (await zooms()).at(-1)).toBeGreaterThan(10);
    await click(single.id);
    const choice = page.getByRole('region', { name: 'Donations at the place chosen on the map' });
    await choice.waitFor();
    expect(await choice.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(`, ${single.title}, `),
    ]);
    expect(await page.locator('tbody tr.donors-row-chosen').count()).toBe(1);
  });

  it('when the Maps script cannot load, says so in place of the map and still lists every donation', async () => {
    const path = withConfig(SEARCH_PAGE, { maps: { provider: 'google', googleApiKey: 'test-key' } });
    const { page, pageErrors, consoleErrors } = await suite.open(path);
    await search(page, ZIP);
    await waitForResults(page);
    await page.getByText('The map could not be loaded.').waitFor();
    expect(await page.locator('#map').isHidden()).toBe(true);
    expect(await allTableRows(page)).toHaveLength((await askRoute(page, ZIP)).data.donations.length);
    expect(await page.getByRole('button', { name: 'Search' }).isEnabled()).toBe(true);
    expect(consoleErrors.some((message) => message.includes('[donation-widgets] donors-search'))).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
