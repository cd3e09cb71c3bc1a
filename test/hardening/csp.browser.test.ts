/**
 * Content Security Policy (docs/admin.md, "Content Security Policy"): every demo page loads under the server's
 * strict CSP (`script-src 'self'`, no unsafe-eval, no inline script) with zero violations, and every island
 * works under it.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenPage, useBrowserSuite } from '../browser.ts';
import { afterEarlierRequests } from '../request-log.ts';
import {
  donationsOnMap,
  installTraps,
  priorityNoteOpens,
  readTraps,
  rewriteCsp,
  SEARCH_ZIP,
  search,
  searchEnded,
  submitButtons,
} from './helpers.ts';

const PAGES = [
  '/',
  '/?s=sofa',
  '/about/',
  '/islands/',
  ...['donors-search', 'screening-questions', 'priority-alert', 'submit-lock', 'lazy-background'].map(
    (name) => `/islands/${name}/`,
  ),
  '/islands/conversion-tracker/',
  '/thank-you/',
  '/sign-up/',
  '/sign-up/sign-up-complete/',
];

/** CSP violations, from the page's own event and from Chromium's console report. */
const violations = async ({ page, consoleErrors }: OpenPage) => [
  ...(await readTraps(page)).cspViolations,
  ...consoleErrors.filter((message) => /Content Security Policy/i.test(message)),
];

/** A script from another origin, which `script-src 'self'` refuses before any request. */
const SENTINEL = 'https://csp-sentinel.invalid/after-load.js';
const scriptsRequested = ({ requests }: OpenPage) =>
  [...new Set(requests)].filter((url) => /^\/dist\/.*\.js$/.test(new URL(url).pathname));
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));

/**
 * Returns once every violation the islands cause while the page loads has been reported, and then
 * one of our own: a script from another origin, refused after every script the page asked for has run and mounted
 * and after the rendering where lazy islands find they are in view. Violations are reported in the
 * order they happen, so once ours is in the record, any earlier one is too.
 */
async function afterLoadViolations(opened: OpenPage) {
  const { page } = opened;
  await page.waitForFunction(() => window.donationWidgets !== undefined);
  let imported = 0;
  for (;;) {
    await afterEarlierRequests(opened);
    const urls = scriptsRequested(opened);
    if (urls.length === imported) break;
    imported = urls.length;
    // The loader mounts in the `then` of its own import of each chunk; an import of the same chunk
    // started now settles after that. A string, so that Vite leaves this `import()` to the page.
    await page.evaluate(`Promise.all(${JSON.stringify(urls)}.map((url) => import(url))).then(() => true)`);
    // Two frames: the first rendering, where an island waiting for the viewport is told it is in it.
    await nextFrame(page);
    await nextFrame(page);
  }
  await page.evaluate((src) => {
    const script = document.createElement('script');
    script.src = src;
    document.body.append(script);
  }, SENTINEL);
  await expect
    .poll(async () => (await readTraps(page)).cspViolations.some((v) => v.includes(SENTINEL)))
    .toBe(true);
}

const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).flatMap((entry) => entry.event ?? []),
  );

// Chromium only: it rewrites each page's CSP with Playwright's request interception, which WebKit's WebDriver lacks; every engine suite runs under the demo's own CSP.
describeBrowser('the islands under the demo’s strict CSP, in Chromium', () => {
  const suite = useBrowserSuite();
  const open = (path: string, fault?: string) =>
    suite.open(path, { before: (context) => installTraps(context), ...(fault && { fault }) });

  it.each(PAGES)('%s loads with its CSP and no violation', async (path) => {
    const opened = await open(path);
    const response = await opened.page.request.get(opened.page.url());
    expect(response.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await afterLoadViolations(opened);
    // Only our own script, reported once by the page's event and once on the console.
    expect(await violations(opened)).toEqual([
      expect.stringContaining(SENTINEL),
      expect.stringContaining(SENTINEL),
    ]);
    expect(opened.pageErrors).toEqual([]);
  });

  it('reports an inline script as a violation (the check itself works)', async () => {
    const opened = await open('/about/');
    await opened.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = true';
      document.body.append(script);
    });
    await expect.poll(async () => (await readTraps(opened.page)).cspViolations.length).toBe(1);
    expect((await readTraps(opened.page)).pwned).toEqual([]);
  });

  it('on the home page: search with lock, Leaflet map, note, screening section and lazy backgrounds', async () => {
    const opened = await open('/', 'delay=1500');
    const { page, requests } = opened;
    await page.locator('#zipcode').waitFor();
    await search(page, SEARCH_ZIP);
    await expect
      .poll(() => submitButtons(page))
      .toEqual(['one moment...|disabled', 'one moment...|disabled']);
    await searchEnded(page);
    expect(await submitButtons(page)).toEqual(['Search|enabled', 'Send my answers|enabled']);
    await expect.poll(() => donationsOnMap(page)).toBeGreaterThan(10);
    await page.locator('#map .leaflet-overlay-pane path').first().waitFor();

    expect(await priorityNoteOpens(page)).toBe(true);
    await page
      .getByRole('group', { name: /damaged/ })
      .getByLabel('Yes')
      .check();
    await page.locator('#additional-details').waitFor();

    // The home page's bands are short enough that each may load with the page; the lazy-background page's
    // own tests prove the waiting. Here: the band's image arrives under the policy.
    const far = page.locator('[data-lazy-background]').last();
    await far.scrollIntoViewIfNeeded();
    await expect
      .poll(() => far.evaluate((element) => element.classList.contains('lazy-bg-loaded')))
      .toBe(true);
    // The class comes first; Chromium requests the image at the next style recalculation.
    await expect.poll(() => requests.some((url) => url.includes('/images/backgrounds/'))).toBe(true);

    expect(await violations(opened)).toEqual([]);
    expect(opened.pageErrors).toEqual([]);
  });

  it('the donors search and its Leaflet map need no inline styles either (style-src without unsafe-inline)', async () => {
    const opened = await suite.open('/islands/donors-search/', {
      before: async (context) => {
        await installTraps(context);
        await rewriteCsp(context, (csp) =>
          csp.replace("style-src 'self' 'unsafe-inline'", "style-src 'self'"),
        );
      },
    });
    const { page } = opened;
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    await page.locator('#map .leaflet-overlay-pane path').first().waitFor();
    // The island's and Leaflet's styles arrive as constructed stylesheets, which style-src does not govern.
    expect(
      await page.evaluate(() => [
        getComputedStyle(document.querySelector('#map') as Element).overflow,
        getComputedStyle(document.querySelector('.donors-table-box') as Element).overflowX,
      ]),
    ).toEqual(['hidden', 'auto']);
    expect(await violations(opened)).toEqual([]);
  });

  it('a policy that refuses workers leaves the map clustering on the page: markers, one report, no page error', async () => {
    const opened = await suite.open('/islands/donors-search/', {
      before: async (context) => {
        await installTraps(context);
        await rewriteCsp(context, (csp) => `${csp}; worker-src 'none'`);
      },
    });
    const { page, consoleErrors, pageErrors } = opened;
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    await expect.poll(() => donationsOnMap(page)).toBeGreaterThan(10);
    expect(page.workers()).toEqual([]);
    expect((await readTraps(page)).cspViolations).toEqual([
      expect.stringMatching(/^worker-src \S*\/cluster-worker-/),
    ]);
    expect(consoleErrors.filter((message) => message.includes('clustering worker'))).toEqual([
      expect.stringContaining("worker-src 'self'"),
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('the screening form submits to /thank-you/, which pushes its conversion, all without a violation', async () => {
    const opened = await open('/');
    const { page } = opened;
    await page.locator('#zipcode').waitFor();
    await Promise.all([
      page.waitForURL('**/thank-you/'),
      page.getByRole('button', { name: 'Send my answers' }).click(),
    ]);
    await expect
      .poll(() => dataLayerEvents(page))
      .toEqual([
        'purchase',
        'donation',
        'donation_thank_you_page',
        'completed_donation_w__screening_question',
      ]);
    expect(await violations(opened)).toEqual([]);
    expect(opened.pageErrors).toEqual([]);
  });
});
