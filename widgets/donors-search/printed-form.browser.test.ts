import { chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';
import { CHROMIUM_ARGS, findChromium } from '../../test/chromium.ts';
import { SEARCH_PAGE } from '../../test/support/donors-search/search-page.ts';
import { NEEDS_JAVASCRIPT } from './search/status-text.ts';

/** How much the page has shifted so far (every layout-shift entry, with or without recent input). */
const shiftSoFar = (page: Page) =>
  page.evaluate(() => (window as { __shift?: number }).__shift ?? Number.NaN);
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
const mounted = '[data-island="donors-search"][data-mounted]';

/** Sums the page's layout shifts from its start, as the Layout Instability API reports them. */
const RECORD_SHIFTS = () => {
  const w = window as { __shift?: number };
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.__shift = (w.__shift ?? 0) + (entry as unknown as { value: number }).value;
  }).observe({ type: 'layout-shift', buffered: true });
};

// Chromium only: the Layout Instability API and a page with JavaScript turned off are Chromium's here.
describeBrowser('the printed donors search form, in Chromium', () => {
  const suite = useBrowserSuite();

  it('the island takes over the form without moving anything, keeping the focus', async () => {
    const { page, pageErrors } = await suite.open(SEARCH_PAGE, {
      before: async (_context, page) => {
        await page.addInitScript(RECORD_SHIFTS);
      },
    });
    await nextFrames(page);
    const before = await shiftSoFar(page);
    await page.focus('#zipcode');
    await page.keyboard.type('100');
    await page.locator(mounted).waitFor({ state: 'attached' });
    await nextFrames(page);
    expect((await shiftSoFar(page)) - before).toBeLessThanOrEqual(0.01);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('zipcode');
    await page.keyboard.type('01');
    expect(await page.inputValue('#zipcode')).toBe('10001');
    expect(pageErrors).toEqual([]);
  });

  it("nor while a search submitted before the code shows 'Working...'", async () => {
    let releaseChunk = () => {};
    const chunkHeld = new Promise<void>((resolve) => {
      releaseChunk = resolve;
    });
    const { page, pageErrors } = await suite.open(SEARCH_PAGE, {
      before: async (context, page) => {
        await page.addInitScript(RECORD_SHIFTS);
        await context.route('**/chunks/donors-search-*.js', async (route) => {
          await chunkHeld;
          await route.continue();
        });
        // The answer stays away until the takeover is measured: results move the page, as they should.
        await context.route('**/wp-json/donations/v1/search/**', () => {});
      },
    });
    await page.fill('#zipcode', '10001');
    await page.click('#donors-in-your-area button[type="submit"]');
    expect(await page.textContent('.alert-before')).toBe('Working...');
    await nextFrames(page);
    const before = await shiftSoFar(page);
    releaseChunk();
    await page.locator(mounted).waitFor({ state: 'attached' });
    await nextFrames(page);
    expect((await shiftSoFar(page)) - before).toBeLessThanOrEqual(0.01);
    expect(await page.textContent('.alert-before')).toBe('Working...');
    expect(pageErrors).toEqual([]);
  });

  it('without JavaScript the form shows with a note, and submitting it stays on the search page', async () => {
    // Scripting off in Blink's own settings, as a browser with JavaScript turned off has it: the page is
    // parsed without scripting, so <noscript> shows (a context's javaScriptEnabled only stops scripts).
    const browser = await chromium.launch({
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS, '--blink-settings=scriptEnabled=false'],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(new URL(SEARCH_PAGE, suite.url).href);
      const note = page.locator('[data-island="donors-search"] noscript p');
      expect(await note.isVisible()).toBe(true);
      expect(await note.textContent()).toBe(NEEDS_JAVASCRIPT);
      expect(await page.getByLabel('Within').inputValue()).toBe('15');
      await page.getByLabel('Zip code').fill('10001');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/zipcode=10001/);
      const url = new URL(page.url());
      expect(url.pathname).toBe(SEARCH_PAGE);
      expect(url.searchParams.get('radius')).toBe('15');
      expect(await note.isVisible()).toBe(true);
      expect(await page.getByLabel('Zip code').isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
