/**
 * Zip boundaries for a dense search: the demo page's search for 10001 at 15 miles (Manhattan, the
 * whole radius in the first view), once from a host without the bundle index (the per-zip KML the
 * map read before bundles, and still reads from a KML-only host) and once as the mock serves them
 * (index and area bundles). Counts the boundary files requested and their bytes, as sent and each
 * gzipped, and checks both runs draw the same outlines.
 */
import { gzipSync } from 'node:zlib';
import { openIsolatedPage } from '../lib/browser.mjs';
import { kb, table } from '../lib/stats.mjs';

const PAGE = '/islands/donors-search/';
const ZIP = '10001';
const MILES = '15';
/** The goal: a dense search in a handful of requests, as Google's KML layers managed on the original site. */
export const MAX_BOUNDARY_FILES = 20;

/**
 * One search; resolves once the network is idle after the results, with the boundary files asked
 * for and the outlines drawn (each as its box in screen pixels).
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {boolean} kmlOnly the index answers 404, as on a host that has only the KML files
 */
async function searchOnce(browser, baseUrl, kmlOnly) {
  const { page, context } = await openIsolatedPage(browser, baseUrl, {
    before: async (page) => {
      if (kmlOnly)
        await page.route('**/zipcodes/zips.json', (route) =>
          route.fulfill({ status: 404, body: 'Not Found' }),
        );
    },
  });
  /** @type {Promise<{ url: string, bytes: number, gzip: number }>[]} */
  const files = [];
  /** @type {Set<import('playwright-core').Request>} */
  const inFlight = new Set();
  const isBoundary = (/** @type {import('playwright-core').Request} */ request) =>
    new URL(request.url()).pathname.startsWith('/zipcodes/');
  page.on('request', (request) => isBoundary(request) && inFlight.add(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('requestfinished', (request) => {
    inFlight.delete(request);
    const { pathname } = new URL(request.url());
    if (!isBoundary(request)) return;
    files.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const body = (await response?.body()) ?? Buffer.alloc(0);
        return { url: pathname, bytes: sizes.responseBodySize, gzip: gzipSync(body).length };
      })(),
    );
  });
  try {
    await page.goto(new URL(PAGE, baseUrl).href, { waitUntil: 'load' });
    await page.fill('#zipcode', ZIP);
    await page.selectOption('#radius', MILES);
    const answered = page.waitForResponse(
      (response) => response.url().includes(`/donations/v1/search/${ZIP}/`),
      {
        timeout: 30_000,
      },
    );
    await page.click('#donors-in-your-area button[type=submit]');
    const answer = await (await answered).json();
    // Outlines arrive as the map asks for the zips in view (a zip whose donations lie outside the first
    // view is never asked for): done once no boundary file is on its way and the count of outlines has
    // held for two seconds, at most a minute. Nothing else draws paths on this page.
    const before = Date.now();
    let drawn = -1;
    while (Date.now() - before < 60_000) {
      await page.waitForLoadState('networkidle');
      const count = await page.locator('#map .leaflet-overlay-pane path').count();
      if (count === drawn && inFlight.size === 0 && count > 0) break;
      drawn = count;
      await page
        .waitForFunction(
          (n) => document.querySelectorAll('#map .leaflet-overlay-pane path').length !== n,
          count,
          {
            timeout: 2_000,
          },
        )
        .catch(() => {});
    }
    if (!answer?.donations_by_zipcode) throw new Error(`the search for ${ZIP} found nothing`);
    const outlines = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#map .leaflet-overlay-pane path')).map((path) => {
        const box = /** @type {SVGPathElement} */ (path).getBBox();
        return [box.x, box.y, box.width, box.height];
      }),
    );
    const done = await Promise.all(files);
    const sum = (/** @type {'bytes' | 'gzip'} */ key) => done.reduce((total, file) => total + file[key], 0);
    return { files: done, bytes: sum('bytes'), gzip: sum('gzip'), outlines };
  } finally {
    await context.close();
  }
}

/**
 * Whether each box of `a` has its own box in `b` within a pixel on every side: Leaflet smooths each
 * path on screen, and a ring that starts at another corner (mapshaper may store it so) can smooth a
 * pixel differently.
 * @param {number[][]} a
 * @param {number[][]} b
 */
function sameBoxes(a, b) {
  if (a.length !== b.length) return false;
  const left = [...b];
  return a.every((box) => {
    const i = left.findIndex((other) => other.every((value, k) => Math.abs(value - (box[k] ?? 0)) <= 1));
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl the mock server
 */
export async function benchBoundaryRequests(browser, baseUrl) {
  const before = await searchOnce(browser, baseUrl, true);
  const after = await searchOnce(browser, baseUrl, false);
  const sameOutlines = sameBoxes(before.outlines, after.outlines);
  const goals = [
    {
      name: `${ZIP} at ${MILES} miles: ≤ ${MAX_BOUNDARY_FILES} boundary files, fewer bytes than per-zip KML, the same outlines`,
      met:
        after.files.length <= MAX_BOUNDARY_FILES &&
        after.bytes < before.bytes &&
        after.gzip < before.gzip &&
        sameOutlines,
      detail: `${after.files.length} files, ${kb(after.gzip)} gzip (KML: ${before.files.length}, ${kb(before.gzip)})${sameOutlines ? '' : '; outlines differ'}`,
    },
  ];
  const markdown = [
    '## Zip boundaries for a dense search',
    '',
    `Chromium, Leaflet, tiles blocked: the demo page's search for ${ZIP} at ${MILES} miles, whose first view holds the`,
    'whole radius. *Per-zip KML* is a host without the bundle index (its 404 for the index is counted): one file',
    'per zip, as the map read them before bundles. *Area bundles* is the mock as it serves the output of',
    '`npm run boundaries`: the index, then the TopoJSON bundles of the zips in view (each holds an area, the',
    'first three digits of a zip, or a few small neighbouring areas).',
    '*Sent* is the bodies as the mock sends them (it gzips JSON, and leaves files under 1 KB as they are, so',
    'each KML file goes uncompressed); *gzip* is each body gzipped on its own, as a host that compresses every',
    'file would send it. *Outlines* are the boundary paths drawn once the network is idle;',
    '*same outlines*: each path’s box on screen matches one of the other run’s within a pixel (Leaflet smooths',
    'paths on screen, and a ring stored from another corner can smooth a pixel differently).',
    '',
    table(
      ['', 'boundary files', 'sent', 'gzip', 'outlines drawn'],
      [
        ['per-zip KML', before.files.length, kb(before.bytes), kb(before.gzip), before.outlines.length],
        ['area bundles', after.files.length, kb(after.bytes), kb(after.gzip), after.outlines.length],
      ],
    ),
    '',
    `Same outlines: ${sameOutlines ? 'yes' : '**no**'}. Bundles asked for: ${after.files.map((file) => `\`${file.url.replace('/zipcodes/', '')}\``).join(', ')}.`,
  ].join('\n');
  return { goals, markdown };
}
