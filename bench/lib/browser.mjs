/**
 * Chromium for the bench scripts, launched the way the browser tests launch it (test/chromium.ts), with
 * every request that leaves the machine blocked: map tiles and Google would otherwise make timings
 * depend on the network, and the bench must run offline.
 */
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

// test/chromium.ts is the one place that knows where Chromium lives and which flags it needs here;
// Node 20 cannot import TypeScript, so strip its types with esbuild rather than keep a second copy.
const source = readFileSync(new URL('../../test/chromium.ts', import.meta.url), 'utf8');
const { code } = await esbuild.transform(source, { loader: 'ts', format: 'esm' });
const { findChromium, CHROMIUM_ARGS } = await import(`data:text/javascript,${encodeURIComponent(code)}`);

/** Shared with bench/scripts/lighthouse.mjs, which starts Chromium itself for Lighthouse to drive. */
export { CHROMIUM_ARGS, findChromium };

/** Launches Chromium or fails with what to install. */
export async function launchChromium() {
  const executablePath = findChromium('browser');
  if (!executablePath)
    throw new Error('no Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * A fresh context and page on `baseUrl`'s origin only, recording every URL the page requests.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {{ before?: (page: import('playwright-core').Page) => Promise<void> }} [options]
 */
export async function openIsolatedPage(browser, baseUrl, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { origin } = new URL(baseUrl);
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  /** @type {string[]} */
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  await options.before?.(page);
  return { context, page, requests };
}
