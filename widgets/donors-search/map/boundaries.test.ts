import type { FeatureCollection } from 'geojson';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { kmlFile } from '../../../src/shared/boundary-names.js';
import { kmlFor, kmlHandler } from '../../../test/support/donors-search/search-answers.ts';
import {
  BOUNDARY_CONCURRENCY,
  BOUNDARY_FAILURE_LIMIT,
  BOUNDARY_TIMEOUT_MS,
  createBoundaryLoader,
} from './boundaries.ts';
import { parseKml } from './kml-boundary.ts';

const requested: string[] = [];
/** The bundle index the loader asks for first: here there is none, so every outline comes from KML. */
const indexRequests: string[] = [];
const server = setupServer(kmlHandler());
server.events.on('request:start', ({ request }) => {
  const path = new URL(request.url).pathname;
  (path.endsWith('/zips.json') ? indexRequests : requested).push(path);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requested.length = 0;
  indexRequests.length = 0;
  loaders.clear();
  pageIsland = new AbortController();
});
afterAll(() => server.close());

/** The island of the test's page: its map keeps one loader for its life. */
let pageIsland = new AbortController();
const signals = () => ({ search: new AbortController().signal, island: pageIsland.signal });

const reported: Error[] = [];
afterEach(() => {
  reported.length = 0;
});

/** The loader an island's map makes once, by island, base URL and timeout. */
const loaders = new Map<string, ReturnType<typeof createBoundaryLoader>>();
const islandIds = new WeakMap<AbortSignal, number>();
let islands = 0;

/** One search's load, with the loader of the map of `island` (made on first use). */
const loadBoundaries = (
  baseUrl: string,
  zips: readonly string[],
  { search, island }: { search: AbortSignal; island: AbortSignal },
  timeoutMs?: number,
) => {
  if (!islandIds.has(island)) islandIds.set(island, islands++);
  const key = `${islandIds.get(island)} ${baseUrl} ${timeoutMs}`;
  let loader = loaders.get(key);
  if (!loader) {
    loader = createBoundaryLoader({ baseUrl, island, report: (error) => reported.push(error), timeoutMs });
    loaders.set(key, loader);
  }
  return loader.load(zips, search);
};
const names = (collections: FeatureCollection[]) => collections.map((c) => c.features[0]?.properties?.name);

describe('zip boundaries', () => {
  test('the file of a zip is zip{zip}.kml under the base URL', () => {
    expect(kmlFile('/zipcodes/', '10001')).toBe('/zipcodes/zip10001.kml');
    expect(kmlFile('https://cdn.example/kml/', '02134')).toBe('https://cdn.example/kml/zip02134.kml');
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

  test('fetches each file once per map, and asks for the bundle index once, first', async () => {
    await loadBoundaries('/zipcodes/', ['20001', '20002'], signals());
    await loadBoundaries('/zipcodes/', ['20002', '20003'], signals());
    expect(requested).toEqual(['/zipcodes/zip20001.kml', '/zipcodes/zip20002.kml', '/zipcodes/zip20003.kml']);
    expect(indexRequests).toEqual(['/zipcodes/zips.json']);
    // Another island's map keeps its own: nothing is shared through the module.
    await loadBoundaries('/zipcodes/', ['20001'], { ...signals(), island: new AbortController().signal });
    expect(requested.at(-1)).toBe('/zipcodes/zip20001.kml');
    expect(indexRequests).toHaveLength(2);
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
      http.get('/zipcodes/:file', ({ params }) => {
        if (params.file === 'zips.json') return new HttpResponse('Not Found', { status: 404 });
        search.abort();
        return new HttpResponse(kmlFor('40000'));
      }),
    );
    const zips = Array.from({ length: 20 }, (_, i) => String(40001 + i));
    await loadBoundaries('/zipcodes/', zips, { search: search.signal, island: new AbortController().signal });
    expect(requested).toHaveLength(BOUNDARY_CONCURRENCY);
  });
});

describe('zip boundaries that fail: a timeout, a retry for transient failures, a cache for final ones', () => {
  const count = (path: string) => requested.filter((p) => p === path).length;
  /** A body that starts, then breaks off: `response.text()` rejects. */
  const cutOffBody = () =>
    new HttpResponse(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('<kml><Document>'));
          controller.error(new TypeError('connection reset'));
        },
      }),
    );

  test('a file gets ten seconds, body included', () => {
    expect(BOUNDARY_TIMEOUT_MS).toBe(10_000);
  });

  test('a hung file is given up after the timeout: the others are drawn, and searches sharing it end too', async () => {
    server.use(http.get('/zipcodes/zip50002.kml', () => delay('infinite')));
    const first = loadBoundaries('/zipcodes/', ['50001', '50002', '50003'], signals(), 50);
    const second = loadBoundaries('/zipcodes/', ['50002'], signals(), 50);
    expect(names(await first)).toEqual(['50001', '50003']);
    expect(await second).toEqual([]);
    expect(count('/zipcodes/zip50002.kml')).toBe(1);

    // Not cached: the next search asks again and draws it.
    server.resetHandlers();
    expect(names(await loadBoundaries('/zipcodes/', ['50002'], signals(), 50))).toEqual(['50002']);
    expect(count('/zipcodes/zip50002.kml')).toBe(2);
  });

  test('a hung body is given up after the timeout too', async () => {
    server.use(
      http.get(
        '/zipcodes/zip50012.kml',
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('<kml><Document>'));
              },
            }),
          ),
      ),
    );
    expect(names(await loadBoundaries('/zipcodes/', ['50011', '50012'], signals(), 50))).toEqual(['50011']);
  });

  test.each([
    ['a network failure', () => HttpResponse.error()],
    ['an HTTP 503', () => new HttpResponse('Service Unavailable', { status: 503 })],
    ['a body cut off while read', cutOffBody],
  ])('%s loses the outline for this search only: the next search asks again', async (name, answer) => {
    const zip = String(60001 + name.length);
    const path = `/zipcodes/zip${zip}.kml`;
    server.use(http.get(path, answer));
    expect(await loadBoundaries('/zipcodes/', [zip], signals())).toEqual([]);
    server.resetHandlers();
    expect(names(await loadBoundaries('/zipcodes/', [zip], signals()))).toEqual([zip]);
    expect(count(path)).toBe(2);
    // Now a final answer: kept.
    await loadBoundaries('/zipcodes/', [zip], signals());
    expect(count(path)).toBe(2);
  });

  test.each([
    ['a 404', '70001', () => new HttpResponse('Not Found', { status: 404 })],
    ['a file that does not parse', '70002', () => new HttpResponse('<kml><Document><Placemark')],
  ])('%s is a final answer: asked once per page', async (_name, zip, answer) => {
    const path = `/zipcodes/zip${zip}.kml`;
    server.use(http.get(path, answer));
    expect(await loadBoundaries('/zipcodes/', [zip], signals())).toEqual([]);
    server.resetHandlers();
    expect(await loadBoundaries('/zipcodes/', [zip], signals())).toEqual([]);
    expect(count(path)).toBe(1);
  });

  test('the island going away aborts the requests under way, and nothing is cached', async () => {
    const island = new AbortController();
    let resolve = () => {};
    const asked = new Promise<void>((done) => {
      resolve = done;
    });
    server.use(
      http.get('/zipcodes/zip80001.kml', () => {
        resolve();
        return delay('infinite');
      }),
    );
    const loading = loadBoundaries('/zipcodes/', ['80001'], {
      search: new AbortController().signal,
      island: island.signal,
    });
    await asked;
    island.abort();
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
    server.resetHandlers();
    expect(names(await loadBoundaries('/zipcodes/', ['80001'], signals()))).toEqual(['80001']);
    expect(count('/zipcodes/zip80001.kml')).toBe(2);
  });
});

describe('zip boundaries that keep failing the same way: the loader stops asking and says so once', () => {
  const loader = (baseUrl = '/zipcodes/') =>
    createBoundaryLoader({ baseUrl, island: new AbortController().signal, report: (e) => reported.push(e) });
  const zips = (from: number, count: number) => Array.from({ length: count }, (_, i) => String(from + i));

  test(`a base URL where every file is missing: at most ${BOUNDARY_FAILURE_LIMIT} + ${BOUNDARY_CONCURRENCY} requests for 100 zips, one report`, async () => {
    server.use(http.get('/wrong/:file', () => new HttpResponse('Not Found', { status: 404 })));
    const maps = loader('/wrong/');
    expect(await maps.load(zips(11001, 50), new AbortController().signal)).toEqual([]);
    expect(await maps.load(zips(11051, 50), new AbortController().signal)).toEqual([]);
    expect(requested.length).toBeLessThanOrEqual(BOUNDARY_FAILURE_LIMIT + BOUNDARY_CONCURRENCY);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.message).toMatch(/boundaryBaseUrl "\/wrong\/" were not found \(404\)/);
  });

  test('a host that keeps failing is given up the same way', async () => {
    server.use(http.get('/down/:file', () => HttpResponse.error()));
    const maps = loader('/down/');
    await maps.load(zips(12001, 40), new AbortController().signal);
    expect(requested.length).toBeLessThanOrEqual(BOUNDARY_FAILURE_LIMIT + BOUNDARY_CONCURRENCY);
    expect(reported.map((error) => error.message)).toEqual([expect.stringMatching(/could not be fetched/)]);
  });

  test('once a file has loaded, missing files are zips without one: the loader keeps asking and says nothing', async () => {
    const maps = loader();
    const loaded = await maps.load(['13001'], new AbortController().signal);
    server.use(http.get('/zipcodes/:file', () => new HttpResponse('Not Found', { status: 404 })));
    await maps.load(zips(13002, 10), new AbortController().signal);
    expect(names(loaded)).toEqual(['13001']);
    expect(requested).toHaveLength(11);
    expect(reported).toEqual([]);
  });

  test('failures of different kinds do not add up', async () => {
    server.use(
      http.get('/zipcodes/zip14001.kml', () => new HttpResponse('Not Found', { status: 404 })),
      http.get('/zipcodes/zip14002.kml', () => new HttpResponse('<kml><Document><Placemark')),
      http.get('/zipcodes/zip14003.kml', () => HttpResponse.error()),
    );
    await loader().load(['14001', '14002', '14003', '14004'], new AbortController().signal);
    expect(requested).toHaveLength(4);
    expect(reported).toEqual([]);
  });
});
