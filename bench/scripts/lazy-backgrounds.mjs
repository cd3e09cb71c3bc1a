/**
 * Lazy backgrounds on the long demo page (`/`): the background images a visitor downloads at load,
 * against what the page downloads once every section has been scrolled into view, which is what it
 * would cost without the island. Bytes are each image's body as the server sends it uncompressed.
 */
import { openIsolatedPage } from '../lib/browser.mjs';
import { kb, table } from '../lib/stats.mjs';

const PAGE = '/';

/** Same-origin image URLs requested so far, each once. */
const imagesOf = (requests) => [...new Set(requests.filter((r) => r.type === 'image').map((r) => r.url))];

async function bytesOf(urls) {
  const sizes = await Promise.all(
    urls.map(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @returns {Promise<string>} the Markdown section
 */
export async function benchLazyBackgrounds(browser, baseUrl) {
  const { page, context } = await openIsolatedPage(browser, baseUrl);
  /** @type {{ url: string, type: string }[]} */
  const requests = [];
  const { origin } = new URL(baseUrl);
  page.on('request', (r) => {
    if (new URL(r.url()).origin === origin) requests.push({ url: r.url(), type: r.resourceType() });
  });
  try {
    await page.goto(new URL(PAGE, baseUrl).href, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const atLoad = imagesOf(requests);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    // Scroll the way a reader does, so every section comes within 200px of the viewport once.
    for (let y = 0; y <= pageHeight; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    const all = imagesOf(requests);
    const sections = await page.locator('[data-lazy-background]').count();
    const [loadBytes, allBytes] = await Promise.all([bytesOf(atLoad), bytesOf(all)]);
    return [
      '## Lazy backgrounds',
      '',
      `The long demo page \`${PAGE}\` (${sections} sections with \`data-lazy-background\`, ${pageHeight}px tall) at 1280×800:`,
      'images requested by the time the network is idle after load, against all images once the page has been',
      'scrolled to the bottom (what every visitor would download without lazy loading).',
      '',
      table(
        ['', 'images', 'bytes'],
        [
          ['at load', atLoad.length, kb(loadBytes)],
          ['after scrolling through (= all)', all.length, kb(allBytes)],
          [
            'saved at load',
            all.length - atLoad.length,
            `${kb(allBytes - loadBytes)} (${allBytes ? ((100 * (allBytes - loadBytes)) / allBytes).toFixed(0) : 0}%)`,
          ],
        ],
      ),
      '',
      `Requested at load: ${atLoad.map((u) => `\`${new URL(u).pathname}\``).join(', ') || 'none'}.`,
    ].join('\n');
  } finally {
    await context.close();
  }
}
