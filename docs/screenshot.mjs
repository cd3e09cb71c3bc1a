/**
 * `npm run screenshot`: remakes docs/images/donors-search-metro.png, the donors search with thousands of
 * results (60601, 60 miles, 90 days) on the demo (mock server + Chromium), so README's picture is never
 * stale. Map tiles come from the internet, which the script blocks like the bench does: the picture shows
 * the clusters, the zip boundaries and the table on the map's plain background.
 */
import { fileURLToPath } from 'node:url';
import { launchChromium, openIsolatedPage } from '../bench/lib/browser.mjs';
import { startMockServer } from '../mock-server/server.js';

const OUT = fileURLToPath(new URL('images/donors-search-metro.png', import.meta.url));

const server = await startMockServer({ port: 0, quiet: true });
const browser = await launchChromium();
try {
  const { page, context } = await openIsolatedPage(browser, server.url);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(new URL('/islands/donors-search/', server.url).href, { waitUntil: 'load' });
  await page.getByLabel('Zip code').fill('60601');
  await page.getByLabel('Within').selectOption('60');
  await page.getByLabel('In the last').selectOption('90');
  // Every boundary file the page asks for, and how many of those are still under way.
  const boundaryFiles = { asked: 0, pending: 0 };
  const isBoundary = (request) => new URL(request.url()).pathname.startsWith('/zipcodes/');
  page.on('request', (request) => {
    if (!isBoundary(request)) return;
    boundaryFiles.asked += 1;
    boundaryFiles.pending += 1;
  });
  for (const event of ['requestfinished', 'requestfailed'])
    page.on(event, (request) => {
      if (isBoundary(request)) boundaryFiles.pending -= 1;
    });
  await page.getByRole('button', { name: 'Search' }).click();
  await page.locator('.alert-donors').waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('#map .donors-search-cluster').first().waitFor({ timeout: 30_000 });
  await page.locator('#map .leaflet-overlay-pane path').first().waitFor({ timeout: 30_000 });
  // The outlines are in once no boundary file is under way, and none is asked for while the page
  // answers a request of our own (the map asks for the next file as soon as one arrives).
  for (let asked = -1; asked !== boundaryFiles.asked || boundaryFiles.pending > 0; ) {
    asked = boundaryFiles.asked;
    await page.evaluate(() => fetch('/robots.txt').then(() => new Promise(requestAnimationFrame)));
  }
  const host = page.locator('[data-island="donors-search"]');
  // The search, its map and the first rows of the table: enough to show how they work together.
  const box = await host.boundingBox();
  if (!box) throw new Error('the donors search is not on the page');
  await page.screenshot({
    path: OUT,
    clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 1100) },
    fullPage: true,
  });
  await context.close();
  process.stdout.write(`wrote ${OUT}\n`);
} finally {
  await browser.close();
  await server.close();
}
