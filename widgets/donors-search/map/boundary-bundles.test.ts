import type { FeatureCollection } from 'geojson';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { bundleFile } from '../../../src/shared/boundary-names.js';
import { kmlHandler } from '../../../test/support/donors-search/search-answers.ts';
import { BOUNDARY_FAILURE_LIMIT, createBoundaryLoader } from './boundaries.ts';
import { parseKml } from './kml-boundary.ts';

/** Two zips of area 100 side by side, sharing the arc between them, as mapshaper writes a bundle. */
const bundle100 = {
  type: 'Topology',
  arcs: [
    [
      [-73.9, 40.7],
      [-73.9, 40.8],
    ],
    [
      [-73.9, 40.8],
      [-74, 40.8],
      [-74, 40.7],
      [-73.9, 40.7],
    ],
    [
      [-73.9, 40.7],
      [-73.8, 40.7],
      [-73.8, 40.8],
      [-73.9, 40.8],
    ],
  ],
  objects: {
    zips: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[0, 1]], properties: { zip: '10001' } },
        { type: 'Polygon', arcs: [[2, -1]], properties: { zip: '10002' } },
      ],
    },
  },
};
const bundle101 = {
  type: 'Topology',
  arcs: [
    [
      [-73.9, 40.9],
      [-73.8, 40.9],
      [-73.8, 41],
      [-73.9, 40.9],
    ],
  ],
  objects: {
    zips: {
      type: 'GeometryCollection',
      geometries: [{ type: 'Polygon', arcs: [[0]], properties: { zip: '10101' } }],
    },
  },
};
const INDEX = { format: 1, object: 'zips', precision: 5, bundles: { '100': ['100'], '101': ['101', '102'] } };

/** The files of a host that has bundles: the index, two areas, and the KML files too. */
const bundleHost = () => [
  http.get('/zipcodes/zips.json', () => HttpResponse.json(INDEX)),
  http.get('/zipcodes/zips100.json', () => HttpResponse.json(bundle100)),
  http.get('/zipcodes/zips101.json', () => HttpResponse.json(bundle101)),
  kmlHandler(),
];

const requested: string[] = [];
const server = setupServer(...bundleHost());
server.events.on('request:start', ({ request }) => {
  requested.push(new URL(request.url).pathname);
});
const reported: Error[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requested.length = 0;
  reported.length = 0;
});
afterAll(() => server.close());

const loader = (baseUrl = '/zipcodes/') =>
  createBoundaryLoader({ baseUrl, island: new AbortController().signal, report: (e) => reported.push(e) });
const search = () => new AbortController().signal;
const names = (collections: FeatureCollection[]) => collections.map((c) => c.features[0]?.properties?.name);

describe('zip boundaries from area bundles, when the base URL has their index', () => {
  test('a bundle is zips{its first area}.json under the base URL', () => {
    expect(bundleFile('/zipcodes/', '100')).toBe('/zipcodes/zips100.json');
  });

  test('a search costs the index and one request per area; each zip is drawn from its bundle, in order', async () => {
    const drawn: FeatureCollection[] = [];
    const loaded = await loader().load(['10002', '10101', '10001', '20001', '10003'], search(), (outline) =>
      drawn.push(outline),
    );
    expect(requested).toEqual(['/zipcodes/zips.json', '/zipcodes/zips100.json', '/zipcodes/zips101.json']);
    // 20001's area has no bundle and 10003 is not in its area's: neither has an outline, as a 404 would
    // say. 10201's area shares the bundle of 101, already asked for.
    expect(names(loaded)).toEqual(['10002', '10101', '10001']);
    expect(names(drawn).sort()).toEqual(['10001', '10002', '10101']);
    expect(loaded[0]?.features[0]?.properties).toEqual({ name: '10002', zipcode: '10002' });
  });

  test('a bundle draws the outline the zip’s KML draws', async () => {
    const [fromBundle] = await loader().load(['10001'], search());
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>10001</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>-73.9,40.7 -73.9,40.8 -74,40.8 -74,40.7 -73.9,40.7</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;
    expect(fromBundle?.features[0]?.geometry).toEqual(parseKml(kml)?.features[0]?.geometry);
  });

  test('each bundle is fetched once per map, whatever the searches that need it', async () => {
    const maps = loader();
    await maps.load(['10001'], search());
    expect(names(await maps.load(['10002', '10001'], search()))).toEqual(['10002', '10001']);
    expect(requested).toEqual(['/zipcodes/zips.json', '/zipcodes/zips100.json']);
  });

  test('an index that is not one means the KML files, for the rest of the map’s life', async () => {
    server.use(http.get('/zipcodes/zips.json', () => new HttpResponse('<html>Not an index</html>')));
    const maps = loader();
    expect(names(await maps.load(['10001'], search()))).toEqual(['10001']);
    expect(names(await maps.load(['10002'], search()))).toEqual(['10002']);
    expect(requested).toEqual(['/zipcodes/zips.json', '/zipcodes/zip10001.kml', '/zipcodes/zip10002.kml']);
  });

  test('an index that could not be fetched means the KML files for this search; the next asks again', async () => {
    server.use(http.get('/zipcodes/zips.json', () => HttpResponse.error(), { once: true }));
    const maps = loader();
    expect(names(await maps.load(['10001'], search()))).toEqual(['10001']);
    expect(names(await maps.load(['10002'], search()))).toEqual(['10002']);
    expect(requested).toEqual([
      '/zipcodes/zips.json',
      '/zipcodes/zip10001.kml',
      '/zipcodes/zips.json',
      '/zipcodes/zips100.json',
    ]);
  });

  test(`bundles that are missing or broken count as failures: after ${BOUNDARY_FAILURE_LIMIT} the loader stops and says so once`, async () => {
    server.use(
      http.get('/zipcodes/zips.json', () =>
        HttpResponse.json({
          ...INDEX,
          bundles: { '200': ['200'], '201': ['201'], '202': ['202'], '203': ['203'], '204': ['204'] },
        }),
      ),
      http.get('/zipcodes/zips200.json', () => new HttpResponse('{"type":"Topology"')),
      http.get('/zipcodes/:file', () => new HttpResponse('Not Found', { status: 404 })),
    );
    const maps = loader();
    await maps.load(['20001', '20101', '20201', '20301', '20401'], search());
    await maps.load(['20402'], search());
    expect(reported.map((error) => error.message)).toEqual([expect.stringMatching(/were not found \(404\)/)]);
    expect(requested.filter((path) => path !== '/zipcodes/zips.json').length).toBeLessThanOrEqual(5);
  });
});
