import type { FeatureCollection } from 'geojson';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { kmlFor, kmlHandler } from '../test-fixtures.ts';
import { BOUNDARY_CONCURRENCY, boundaryUrl, loadBoundaries, parseKml } from './boundaries.ts';

const requested: string[] = [];
const server = setupServer(kmlHandler());
server.events.on('request:start', ({ request }) => {
  requested.push(new URL(request.url).pathname);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requested.length = 0;
});
afterAll(() => server.close());

const signals = () => ({ search: new AbortController().signal, island: new AbortController().signal });
const names = (collections: FeatureCollection[]) => collections.map((c) => c.features[0]?.properties?.name);

describe('zip boundaries', () => {
  test('the file of a zip is zip{zip}.kml under the base URL', () => {
    expect(boundaryUrl('/zipcodes/', '10001')).toBe('/zipcodes/zip10001.kml');
    expect(boundaryUrl('https://cdn.example/kml/', '02134')).toBe('https://cdn.example/kml/zip02134.kml');
  });

  test('KML becomes GeoJSON polygons; broken XML reads as nothing', () => {
    expect(parseKml(kmlFor('10001'))?.features[0]?.geometry.type).toBe('Polygon');
    expect(parseKml(kmlFor('10001').slice(0, 200))).toBeNull();
  });

  test('loads every zip in order, skipping a missing file, a broken file and a network failure', async () => {
    server.use(
      http.get('/zipcodes/zip10003.kml', () => new HttpResponse('<kml><Document><Placemark><Polygon><outer')),
      http.get('/zipcodes/zip10004.kml', () => HttpResponse.error()),
    );
    const loaded = await loadBoundaries(
      '/zipcodes/',
      ['10001', '99999', '10003', '10004', '10002'],
      signals(),
    );
    expect(names(loaded)).toEqual(['10001', '10002']);
  });

  test('fetches each file once per page', async () => {
    await loadBoundaries('/zipcodes/', ['20001', '20002'], signals());
    await loadBoundaries('/zipcodes/', ['20002', '20003'], signals());
    expect(requested).toEqual(['/zipcodes/zip20001.kml', '/zipcodes/zip20002.kml', '/zipcodes/zip20003.kml']);
  });

  test(`fetches at most ${BOUNDARY_CONCURRENCY} files at once`, async () => {
    let open = 0;
    let most = 0;
    server.use(
      http.get('/zipcodes/:file', async () => {
        most = Math.max(most, ++open);
        await new Promise((resolve) => setTimeout(resolve, 5));
        open--;
        return new HttpResponse(kmlFor('30000'));
      }),
    );
    const zips = Array.from({ length: 20 }, (_, i) => String(30001 + i));
    expect(await loadBoundaries('/zipcodes/', zips, signals())).toHaveLength(20);
    expect(most).toBe(BOUNDARY_CONCURRENCY);
  });

  test('a newer search stops the files not yet requested', async () => {
    const search = new AbortController();
    server.use(
      http.get('/zipcodes/:file', () => {
        search.abort();
        return new HttpResponse(kmlFor('40000'));
      }),
    );
    const zips = Array.from({ length: 20 }, (_, i) => String(40001 + i));
    await loadBoundaries('/zipcodes/', zips, { search: search.signal, island: new AbortController().signal });
    expect(requested).toHaveLength(BOUNDARY_CONCURRENCY);
  });
});
