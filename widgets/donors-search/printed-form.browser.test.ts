import { chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';
import { CHROMIUM_ARGS, findChromium } from '../../test/chromium.ts';
import { SEARCH_PAGE } from '../../test/support/donors-search/search-page.ts';

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
    let submit = () => {};
    const submitted = new Promise<void>((resolve) => {
      submit = resolve;
    });
    const { page, pageErrors } = await suite.open(SEARCH_PAGE, {
      before: async (context, page) => {
        await page.addInitScript(RECORD_SHIFTS);
        // The intent strategy's own chunk too, until the submit: the slowest order, proven every run.
        await context.route('**/chunks/strategy-intent-*.js', async (route) => {
          await submitted;
          await route.continue();
        });
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
    submit();
    // A submit before the intent strategy's chunk has arrived is held until it has; only then is
    // 'Working...' shown, so the click's return proves nothing yet.
    await expect.poll(() => page.textContent('.alert-before')).toBe('Working...');
    await nextFrames(page);
    const before = await shiftSoFar(page);
    releaseChunk();
    await page.locator(mounted).waitFor({ state: 'attached' });
    await nextFrames(page);
    expect((await shiftSoFar(page)) - before).toBeLessThanOrEqual(0.01);
    expect(await page.textContent('.alert-before')).toBe('Working...');
    expect(pageErrors).toEqual([]);
  });

  it('without JavaScript a search shows its results in a table, with a note where the map would be', async () => {
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
      // The demo prints results, so the note that the search needs JavaScript would not be true.
      const notes = page.locator(
        '[data-island="donors-search"] :is(.donors-search-noscript, .donors-map-note)',
      );
      expect(await page.getByText('The donations search needs JavaScript.').count()).toBe(0);
      expect(await notes.count()).toBe(1);
      expect(await notes.isVisible()).toBe(false);
      expect(await page.getByLabel('Within').inputValue()).toBe('15');
      await page.getByLabel('Zip code').fill('10001');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/zipcode=10001/);
      const url = new URL(page.url());
      expect(url.pathname).toBe(SEARCH_PAGE);
      expect(url.searchParams.get('radius')).toBe('15');
      expect(await notes.isVisible()).toBe(true);
      expect(await notes.textContent()).toBe(
        'The map needs JavaScript. The table lists the donations found.',
      );
      expect(await page.getByLabel('Zip code').isVisible()).toBe(true);
      // The page printed that search's answer: the alert and the table's first page, in its HTML.
      expect(await page.locator('#display_zipcode').textContent()).toBe('10001');
      expect(await page.locator('.donors-search-table tbody tr').count()).toBe(100);
      expect(await page.getByLabel('Zip code').inputValue()).toBe('10001');
    } finally {
      await browser.close();
    }
  });

  it.each([1280, 390])(
    "takes a search's printed results over without moving anything, without 'Working...' and without asking the route, at %i px",
    async (width) => {
      const asked: string[] = [];
      const { page, pageErrors } = await suite.open(`${SEARCH_PAGE}?zipcode=60601&radius=30&days=90`, {
        viewport: { width, height: 844 },
        before: async (context, page) => {
          await page.addInitScript(RECORD_SHIFTS);
          await page.addInitScript(() => {
            // Every text the status area ever holds, from the first paint on.
            const seen: string[] = [];
            (window as { __statusTexts?: string[] }).__statusTexts = seen;
            new MutationObserver(() => {
              const text = document.querySelector('.alert-before')?.textContent ?? '';
              if (text) seen.push(text);
            }).observe(document, { subtree: true, childList: true, characterData: true });
          });
          await context.route('**/wp-json/donations/v1/search/**', (route) => {
            asked.push(route.request().url());
            return route.continue();
          });
        },
      });
      await page.locator(mounted).waitFor({ state: 'attached' });
      await page.locator('#map.leaflet-container').waitFor({ state: 'attached' });
      await nextFrames(page);
      expect(await shiftSoFar(page)).toBeLessThanOrEqual(0.01);
      expect(await page.evaluate(() => (window as { __statusTexts?: string[] }).__statusTexts)).toEqual([]);
      expect(asked).toEqual([]);
      expect(await page.locator('.donors-row-show').first().isEnabled()).toBe(true);
      expect(pageErrors).toEqual([]);
    },
  );

  it("the status area's text changes reach Chromium's accessibility tree in the element printed at load", async () => {
    const { page } = await suite.open(SEARCH_PAGE);
    const status = page.locator('.alert-before');
    await status.evaluate((element) => {
      (window as { __printedStatus?: Element }).__printedStatus = element;
    });
    await page.getByLabel('Zip code').fill('1234');
    await page.getByRole('button', { name: 'Search' }).click();
    const line = 'ERROR: The zip code must have 5 digits. Please try another search.';
    await expect.poll(() => status.textContent()).toBe(line);
    expect(
      await status.evaluate(
        (element) => element === (window as { __printedStatus?: Element }).__printedStatus,
      ),
    ).toBe(true);
    // Chromium's own accessibility tree (over CDP): the text sits in a status region.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { nodeId: string; parentId?: string; role?: { value: string }; name?: { value: string } }[];
    };
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const inStatus = nodes.some((node) => {
      if (node.role?.value !== 'StaticText' || node.name?.value !== line) return false;
      for (let up = byId.get(node.parentId ?? ''); up; up = byId.get(up.parentId ?? ''))
        if (up.role?.value === 'status') return true;
      return false;
    });
    expect(inStatus).toBe(true);
  });
});
