import { http } from 'msw';
import { setupServer } from 'msw/node';
import { englishClusterTitle } from '../../../test/support/donors-search/english-words.ts';
import { kmlHandler } from '../../../test/support/donors-search/search-answers.ts';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import type { MapItem } from './donation-clusters.ts';
import type { MapPicture } from './map-picture.ts';
import type { MapView, MapViewEvents } from './map-view.ts';
import { parseSearchConfig } from './search-config.ts';
import { createSearchMap } from './search-map.ts';

const views = vi.hoisted(() => ({ leaflet: [] as unknown[], google: [] as unknown[] }));
/** What the fake view shows; a test moves it and tells the map, as a provider's moveend would. */
const viewState = vi.hoisted(() => ({ bounds: { south: -85, west: -180, north: 85, east: 180 } }));
const fakeView = (): MapView => ({
  show: vi.fn(),
  setDonations: vi.fn(),
  redraw: vi.fn(),
  clearBoundaries: vi.fn(),
  addBoundaries: vi.fn(),
  bounds: vi.fn(() => viewState.bounds),
  zoomTo: vi.fn(),
  destroy: vi.fn(),
});

vi.mock('./leaflet-map-view.ts', () => ({
  createLeafletMapView: vi.fn((...args: unknown[]) => {
    views.leaflet.push(args);
    return fakeView();
  }),
}));
vi.mock('./google-map-view.ts', () => ({
  createGoogleMapViews: vi.fn((maps: unknown) => async (container: unknown, events: unknown) => {
    views.google.push([container, maps, events]);
    return fakeView();
  }),
}));

const requested: string[] = [];
const server = setupServer(kmlHandler());
// The bundle index, asked for once per map before any outline, is not there: outlines come from KML.
server.events.on('request:start', ({ request }) => {
  const path = new URL(request.url).pathname;
  if (!path.endsWith('/zips.json')) requested.push(path);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requested.length = 0;
  viewState.bounds = { south: -85, west: -180, north: 85, east: 180 };
});
afterAll(() => server.close());

const config = (maps: Record<string, unknown> = {}) => parseSearchConfig({ maps }, () => {});
const picture: MapPicture = {
  center: { lat: 40.75, lng: -73.99 },
  centerTitle: 'Searched zip code 10001',
  markers: [{ position: { lat: 40.7, lng: -74 }, zip: '10001', title: '10001', label: '2', index: 0 }],
  radiusMiles: 15,
  boundaryZips: ['10001', '99999', '10002'],
};
// Each test's maps belong to an island of their own, disposed after it as the runtime disposes one: a
// map holds a listener on its island's signal for its life, so one signal shared by the file's maps
// gathers more than Node's leak warning allows (browsers have no such limit).
let islandLife = new AbortController();
let island = islandLife.signal;
afterEach(() => {
  islandLife.abort();
  islandLife = new AbortController();
  island = islandLife.signal;
});
const listener = () => ({ choose: vi.fn(), report: vi.fn() });
/** The island's English words for the map. */
const TEXTS = {
  hints: { twoFingers: SEARCH_TEXT_DEFAULTS.twoFingersHint, wheel: SEARCH_TEXT_DEFAULTS.wheelHint },
  clusterTitle: englishClusterTitle,
};

/** The last Leaflet view created, and the events the map gave it. */
/** The zips whose outlines the view was given, in order. */
const drawnZips = (view: MapView) =>
  vi.mocked(view.addBoundaries).mock.calls.map(([[boundary]]) => boundary?.features[0]?.properties?.name);

async function lastView() {
  const created = vi.mocked((await import('./leaflet-map-view.ts')).createLeafletMapView).mock;
  return {
    view: created.results.at(-1)?.value as MapView,
    events: created.calls.at(-1)?.[2] as MapViewEvents,
  };
}

describe('createSearchMap', () => {
  test('loads only the chosen provider, with the container and the maps config', async () => {
    const container = document.createElement('div');
    await createSearchMap(container, config({ googleApiKey: 'key' }), island, listener(), TEXTS);
    expect(views.google.at(-1)).toEqual([
      container,
      expect.objectContaining({ googleApiKey: 'key' }),
      expect.anything(),
    ]);
    const before = views.google.length;
    await createSearchMap(container, config(), island, listener(), TEXTS);
    expect(views.google).toHaveLength(before);
    expect(views.leaflet).toHaveLength(1);
  });

  test('draw centres the map on the radius, clusters the markers, clears old outlines, then draws the searched zip’s and the rest', async () => {
    const map = await createSearchMap(document.createElement('div'), config(), island, listener(), TEXTS);
    const { view } = await lastView();
    await map.draw(picture, new AbortController().signal);
    expect(view.show).toHaveBeenCalledWith(picture.center, 'Searched zip code 10001', 15);
    expect(await vi.mocked(view.setDonations).mock.calls[0]?.[0].itemsIn(viewState.bounds, 19)).toEqual([
      expect.objectContaining({ kind: 'donation', title: '10001', label: '2', index: 0 }),
    ]);
    expect(view.clearBoundaries).toHaveBeenCalledTimes(1);
    expect(drawnZips(view)).toEqual(['10001', '10002']);
    expect(requested).toEqual(['/zipcodes/zip10001.kml', '/zipcodes/zip99999.kml', '/zipcodes/zip10002.kml']);
  });

  test('fetches the searched zip first, then only the zips in view, and more as the view moves', async () => {
    const map = await createSearchMap(document.createElement('div'), config(), island, listener(), TEXTS);
    const { events } = await lastView();
    // Titles other than the zips: the zip alone places a zip's donations.
    const at = (lat: number, lng: number, zip: string, index: number) => ({
      position: { lat, lng },
      zip,
      title: `Donation ${index}`,
      label: '1',
      index,
    });
    const far = at(45, -70, '20002', 1);
    const near = at(40.7, -74, '20001', 0);
    const south = at(30, -90, '20003', 2);
    const east = at(30, -60, '20004', 3);
    viewState.bounds = { south: 40, west: -75, north: 41, east: -73 };
    await map.draw(
      {
        ...picture,
        markers: [near, far, south, east],
        boundaryZips: ['20000', '20002', '20001', '20003', '20004'],
      },
      new AbortController().signal,
    );
    expect(requested).toEqual(['/zipcodes/zip20000.kml', '/zipcodes/zip20001.kml']);
    viewState.bounds = { south: 44, west: -71, north: 46, east: -69 };
    events.moved();
    await vi.waitFor(() => expect(requested).toHaveLength(3));
    expect(requested[2]).toBe('/zipcodes/zip20002.kml');
    // A move that shows nothing new asks for nothing: the next move's request comes straight after 20002's.
    events.moved();
    viewState.bounds = { south: 29, west: -91, north: 31, east: -89 };
    events.moved();
    await vi.waitFor(() => expect(requested).toHaveLength(4));
    expect(requested.slice(2)).toEqual(['/zipcodes/zip20002.kml', '/zipcodes/zip20003.kml']);
    // Each outline is drawn once, however often its zip comes back into view: a view over every zip so
    // far, then one over 20004 alone, whose outline arriving is the sign that the wide view is done.
    const { view } = await lastView();
    viewState.bounds = { south: 20, west: -100, north: 50, east: -65 };
    events.moved();
    viewState.bounds = { south: 25, west: -62, north: 35, east: -58 };
    events.moved();
    await vi.waitFor(() => expect(drawnZips(view)).toContain('20004'));
    expect(requested.slice(4)).toEqual(['/zipcodes/zip20004.kml']);
    expect(drawnZips(view).sort()).toEqual(['20000', '20001', '20002', '20003', '20004']);
  });

  test('a search replaced before its outlines arrive does not draw them', async () => {
    const map = await createSearchMap(document.createElement('div'), config(), island, listener(), TEXTS);
    const { view } = await lastView();
    const search = new AbortController();
    const drawn = map.draw({ ...picture, boundaryZips: ['50001'] }, search.signal);
    search.abort();
    await drawn;
    expect(view.clearBoundaries).toHaveBeenCalledTimes(1);
    expect(view.addBoundaries).not.toHaveBeenCalled();
  });

  test('a wrong boundaryBaseUrl is reported once, to the console, not to the visitor', async () => {
    server.use(http.get('/nowhere/:file', () => new Response('Not Found', { status: 404 })));
    const heard = listener();
    const map = await createSearchMap(
      document.createElement('div'),
      parseSearchConfig({ boundaryBaseUrl: '/nowhere/' }, () => {}),
      island,
      heard,
      TEXTS,
    );
    const zips = Array.from({ length: 30 }, (_, i) => String(30001 + i));
    await map.draw({ ...picture, boundaryZips: zips }, new AbortController().signal);
    expect(requested.length).toBeLessThan(10);
    expect(heard.report).toHaveBeenCalledTimes(1);
  });
});

describe('choosing on the map', () => {
  const cluster = (id: number, count: number): MapItem => ({
    kind: 'cluster',
    key: `c${id}`,
    position: { lat: 40, lng: -75 },
    title: `Cluster of ${count} donations`,
    label: String(count),
    chosen: false,
    id,
    count,
  });

  test('a donation’s marker tells the island which donation; a cluster that splits zooms in instead', async () => {
    const heard = listener();
    const map = await createSearchMap(document.createElement('div'), config(), island, heard, TEXTS);
    const { view, events } = await lastView();
    const spread = [0, 1].map((index) => ({
      position: { lat: 40 + index / 100, lng: -75 },
      zip: '10001',
      title: '10001',
      label: '2',
      index,
    }));
    await map.draw({ ...picture, markers: spread, boundaryZips: [] }, new AbortController().signal);
    const clusters = vi.mocked(view.setDonations).mock.calls[0]?.[0];
    const [top] = (await clusters?.itemsIn(viewState.bounds, 3)) ?? [];
    if (top?.kind !== 'cluster') throw new Error('expected a cluster');
    events.chose(top);
    const opening = await clusters?.open(top.id);
    if (!opening || !('zoom' in opening)) throw new Error('expected a cluster that splits');
    await vi.waitFor(() => expect(view.zoomTo).toHaveBeenCalledWith(top.position, opening.zoom));
    expect(heard.choose).not.toHaveBeenCalled();
    events.chose({ ...top, kind: 'donation', index: 1 } as MapItem);
    expect(heard.choose).toHaveBeenCalledWith([1]);
  });

  test('a cluster on one point lists its donations', async () => {
    const heard = listener();
    const map = await createSearchMap(document.createElement('div'), config(), island, heard, TEXTS);
    const { view, events } = await lastView();
    const same = [3, 4, 5].map((index) => ({
      position: { lat: 40, lng: -75 },
      zip: '10001',
      title: '10001',
      label: '3',
      index,
    }));
    await map.draw({ ...picture, markers: same, boundaryZips: [] }, new AbortController().signal);
    const [deepest] =
      (await vi.mocked(view.setDonations).mock.calls[0]?.[0].itemsIn(viewState.bounds, 19)) ?? [];
    events.chose(deepest ?? cluster(0, 0));
    await vi.waitFor(() => expect(heard.choose).toHaveBeenCalled());
    expect(heard.choose.mock.calls[0]?.[0].slice().sort()).toEqual([3, 4, 5]);
  });

  test('a row chosen in the table rings its marker and centres it', async () => {
    const map = await createSearchMap(document.createElement('div'), config(), island, listener(), TEXTS);
    const { view } = await lastView();
    await map.draw({ ...picture, boundaryZips: [] }, new AbortController().signal);
    map.mark([0], true);
    expect(view.redraw).toHaveBeenCalled();
    expect(view.zoomTo).toHaveBeenCalledWith({ lat: 40.7, lng: -74 }, 14);
    const [item] =
      (await vi.mocked(view.setDonations).mock.calls[0]?.[0].itemsIn(viewState.bounds, 19)) ?? [];
    expect(item?.chosen).toBe(true);
  });
});
