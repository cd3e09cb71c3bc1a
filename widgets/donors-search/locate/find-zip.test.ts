import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { LocateFailure } from './current-position.ts';
import { findZip } from './find-zip.ts';
import { encodeCell } from './zip-cells.js';

const FOLDER = 'http://localhost:3000/dist/zip-centroids/0123abcd/';
const LOOP = { lat: 41.8819, lng: -87.6278 };
const CHICAGO = encodeCell([
  { zip: '60601', lat: 41.8858, lng: -87.6181 },
  { zip: '60603', lat: 41.8798, lng: -87.6285 },
]);

const asked: string[] = [];
const server = setupServer(
  http.get(`${FOLDER}:file`, ({ request, params }) => {
    asked.push(new URL(request.url).pathname);
    return params.file === '39_-90.json'
      ? HttpResponse.json(CHICAGO)
      : new HttpResponse(null, { status: 404 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('__ZIP_CENTROID_FOLDER__', FOLDER);
  vi.stubGlobal('__ZIP_CENTROID_CELLS__', '36_-90,39_-90,39_-93');
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const find = (
  position: { lat: number; lng: number },
  timeoutMs = 5_000,
  signal = new AbortController().signal,
) => findZip(position, { signal, timeoutMs });

test("finds the nearest zip code in its cell's file, the one file it downloads", async () => {
  expect(await find(LOOP)).toBe('60603');
  expect(asked).toEqual(['/dist/zip-centroids/0123abcd/39_-90.json']);
});

test('asks for nothing where no cell has a file (London), and finds nothing there', async () => {
  expect(await find({ lat: 51.5074, lng: -0.1278 })).toBeUndefined();
  expect(asked).toEqual([]);
});

test('a file that is missing or is no zip code file is the site’s problem: an error, not a reason', async () => {
  await expect(find({ lat: 37, lng: -89 })).rejects.toThrow(
    '/dist/zip-centroids/0123abcd/36_-90.json answered HTTP 404',
  );
  server.use(http.get(`${FOLDER}:file`, () => HttpResponse.text('<html>not found</html>')));
  await expect(find(LOOP)).rejects.toThrow('holds no zip codes');
  vi.stubGlobal('__ZIP_CENTROID_FOLDER__', undefined);
  await expect(find(LOOP)).rejects.toThrow('built without its zip codes');
});

test('a file that does not arrive (offline, too slow) is a reason the visitor is told', async () => {
  server.use(http.get(`${FOLDER}:file`, () => HttpResponse.error()));
  await expect(find(LOOP)).rejects.toEqual(new LocateFailure('not-loaded'));
  server.use(
    http.get(`${FOLDER}:file`, async () => {
      await delay('infinite');
      return HttpResponse.json(CHICAGO);
    }),
  );
  await expect(find(LOOP, 50)).rejects.toEqual(new LocateFailure('not-loaded'));
});

test('a press given up rejects with its own reason', async () => {
  server.use(
    http.get(`${FOLDER}:file`, async () => {
      await delay('infinite');
      return HttpResponse.json(CHICAGO);
    }),
  );
  const controller = new AbortController();
  const found = find(LOOP, 5_000, controller.signal);
  controller.abort(new Error('given up'));
  await expect(found).rejects.toThrow('given up');
});
