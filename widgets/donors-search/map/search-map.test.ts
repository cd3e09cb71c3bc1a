import { setupServer } from 'msw/node';
import type { MapPicture } from '../map-picture.ts';
import { parseSearchConfig } from '../search-config.ts';
import { kmlHandler } from '../test-fixtures.ts';
import type { MapView } from './map-view.ts';
import { chooseProvider, createSearchMap } from './search-map.ts';

const views = vi.hoisted(() => ({ leaflet: [] as unknown[], google: [] as unknown[] }));
const fakeView = (): MapView => ({
  show: vi.fn(),
  setDonations: vi.fn(),
  setBoundaries: vi.fn(),
  destroy: vi.fn(),
});

vi.mock('./leaflet-map-view.ts', () => ({
  createLeafletMapView: vi.fn((...args: unknown[]) => {
    views.leaflet.push(args);
    return fakeView();
  }),
}));
vi.mock('./google-map-view.ts', () => ({
  createGoogleMapView: vi.fn(async (...args: unknown[]) => {
    views.google.push(args);
    return fakeView();
  }),
}));

const server = setupServer(kmlHandler());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const config = (maps: Record<string, unknown> = {}) => parseSearchConfig({ maps }, () => {});
const picture: MapPicture = {
  center: { lat: 40.75, lng: -73.99 },
  centerTitle: 'Searched zip code 10001',
  markers: [{ position: { lat: 40.7, lng: -74 }, title: '10001', label: '2' }],
  boundaryZips: ['10001', '99999', '10002'],
};
const island = new AbortController().signal;

describe('chooseProvider', () => {
  test.each([
    [{}, 'leaflet'],
    [{ googleApiKey: 'key' }, 'google'],
    [{ provider: 'leaflet', googleApiKey: 'key' }, 'leaflet'],
    [{ provider: 'google' }, 'google'],
  ])('%j → %s', (maps, provider) => {
    expect(chooseProvider(config(maps).maps)).toBe(provider);
  });
});

describe('createSearchMap', () => {
  test('loads only the chosen provider, with the container and the maps config', async () => {
    const container = document.createElement('div');
    await createSearchMap(container, config({ googleApiKey: 'key' }), island);
    expect(views.google.at(-1)).toEqual([container, expect.objectContaining({ googleApiKey: 'key' })]);
    const before = views.google.length;
    await createSearchMap(container, config(), island);
    expect(views.google).toHaveLength(before);
    expect(views.leaflet).toHaveLength(1);
  });

  test('draw centres the map, places the markers, clears old outlines, then draws the new ones', async () => {
    const map = await createSearchMap(document.createElement('div'), config(), island);
    const view = vi.mocked((await import('./leaflet-map-view.ts')).createLeafletMapView).mock.results.at(-1)
      ?.value as MapView;
    await map.draw(picture, new AbortController().signal);
    expect(view.show).toHaveBeenCalledWith(picture.center, 'Searched zip code 10001');
    expect(view.setDonations).toHaveBeenCalledWith(picture.markers);
    expect(vi.mocked(view.setBoundaries).mock.calls.map(([list]) => list.length)).toEqual([0, 2]);
  });

  test('a search replaced before its outlines arrive does not draw them', async () => {
    const map = await createSearchMap(document.createElement('div'), config(), island);
    const view = vi.mocked((await import('./leaflet-map-view.ts')).createLeafletMapView).mock.results.at(-1)
      ?.value as MapView;
    const search = new AbortController();
    const drawn = map.draw({ ...picture, boundaryZips: ['50001'] }, search.signal);
    search.abort();
    await drawn;
    expect(vi.mocked(view.setBoundaries).mock.calls).toEqual([[[]]]);
  });
});
