/**
 * The donors search at a metro's scale (thousands of donations) and on phones, in Chromium: clustered
 * markers on Leaflet, map and table that talk, the sortable paged table by keyboard, the first view
 * fitted to the radius, boundaries asked for sparingly, a phone's one-finger scroll over the map and a
 * desktop's wheel over it.
 */

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../../test/browser.ts';
import { afterEarlierRequests } from '../../../test/request-log.ts';
import {
  donationsOnMap,
  expectedMarkers,
  mapMarkers,
} from '../../../test/support/donors-search/search-markers.ts';
import {
  askRoute,
  SEARCH_PAGE,
  search,
  waitForResults,
  withConfig,
} from '../../../test/support/donors-search/search-page.ts';
import { tableRows } from '../../../test/support/donors-search/search-table.ts';
import { DEFAULT_SITE_DATES, siteDate } from '../results/php-date.js';

/** Downtown Chicago, 60 miles, 90 days: thousands of donations in the demo data. */
const METRO = ['60601', '60', '90'] as const;
const markers = (page: Page) => page.locator('#map .donors-search-marker:not(.donors-search-centre)');
/** Leaflet's zoom, read from the newest tile's URL (…/{z}/{x}/{y}.png; tiles are blocked, not absent). */
const leafletZoom = (page: Page) =>
  page.evaluate(() => {
    const tiles = document.querySelectorAll<HTMLImageElement>('#map img.leaflet-tile');
    const src = tiles[tiles.length - 1]?.src ?? '';
    return Number(/\/(\d+)\/\d+\/\d+\.png/.exec(src)?.[1] ?? Number.NaN);
  });

// Each test searches thousands of donations and walks the map or the table: slow on a loaded machine.
// Chromium only: it counts the map's boundary requests and console errors through Chromium's own events.
describeBrowser('the donors search at a metro’s scale, in Chromium', { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  async function metroSearch(options: Parameters<typeof suite.open>[1] = {}, path = SEARCH_PAGE) {
    const opened = await suite.open(path, options);
    await search(opened.page, ...METRO);
    await waitForResults(opened.page);
    const answer = await askRoute(opened.page, ...METRO);
    const expected = expectedMarkers(answer).length;
    await expect.poll(async () => donationsOnMap(opened.page), { timeout: 15_000 }).toBe(expected);
    return { ...opened, answer, expected };
  }

  it('clusters thousands of donations into a few dozen markers whose counts add up, all in the first view', async () => {
    const { page, answer, expected, pageErrors } = await metroSearch();
    expect(answer.data.donations.length).toBeGreaterThan(1000);
    expect(await markers(page).count()).toBeLessThanOrEqual(50);
    expect(await page.locator('#map .donors-search-cluster').count()).toBeGreaterThan(0);
    // The count in the site's numbers: the demo's American English groups thousands with a comma.
    expect(await page.locator('#display_count').textContent()).toBe(
      answer.data.donations.length.toLocaleString('en-US'),
    );
    expect(await page.locator('.donors-table-pages p').textContent()).toBe(
      `Showing 1–100 of ${answer.data.donations.length.toLocaleString('en-US')}`,
    );
    expect(expected).toBeGreaterThan(1000);
    expect(pageErrors).toEqual([]);
  });

  it('clusters in a worker started with the first results, never before, and ended with the island', async () => {
    const opened = await suite.open(SEARCH_PAGE);
    const { page, requests, pageErrors } = opened;
    const isWorker = (url: string) => /\/dist\/chunks\/cluster-worker-[A-Z0-9]+\.js$/.test(url);
    await page.locator('#zipcode').waitFor();
    await search(page, ...METRO);
    await waitForResults(page);
    const answer = await askRoute(page, ...METRO);
    await expect
      .poll(async () => donationsOnMap(page), { timeout: 15_000 })
      .toBe(expectedMarkers(answer).length);
    // One worker, the built chunk beside the island's, asked for once the results were in.
    const workers = page.workers();
    expect(workers.map((worker) => new URL(worker.url()).pathname)).toEqual([
      expect.stringMatching(/^\/dist\/chunks\/cluster-worker-[A-Z0-9]+\.js$/),
    ]);
    const searchAt = requests.findIndex((url) => url.includes('/wp-json/donations/v1/search/'));
    const workerAt = requests.findIndex(isWorker);
    expect(searchAt).toBeGreaterThanOrEqual(0);
    expect(workerAt).toBeGreaterThan(searchAt);
    expect(requests.filter(isWorker)).toHaveLength(1);
    // A second search keeps the same worker.
    await search(page, '60601', '15', '90');
    await waitForResults(page);
    await expect
      .poll(async () => donationsOnMap(page))
      .toBe(expectedMarkers(await askRoute(page, '60601', '15', '90')).length);
    expect(page.workers()).toEqual(workers);
    // The island's host leaves the page: the island is disposed, and its worker ends with it.
    const ended = new Promise<void>((resolve) => workers[0]?.once('close', () => resolve()));
    await page.evaluate(() => document.querySelector('[data-island="donors-search"]')?.remove());
    await ended;
    expect(page.workers()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('choosing a cluster zooms in until it splits; a donation’s marker lists it under the map and highlights its row', async () => {
    const { page, pageErrors } = await metroSearch();
    const before = await markers(page).count();
    const cluster = page.locator('#map .donors-search-cluster').first();
    const title = await cluster.getAttribute('title');
    await cluster.click();
    await expect.poll(async () => (await mapMarkers(page)).some((m) => m.title === title)).toBe(false);
    expect(await markers(page).count()).toBeGreaterThan(0);
    // Keep choosing until a single donation's marker shows, then choose it.
    for (
      let i = 0;
      i < 12 &&
      (await page
        .locator('#map .donors-search-marker:not(.donors-search-cluster, .donors-search-centre)')
        .count()) === 0;
      i++
    ) {
      const next = page.locator('#map .donors-search-cluster').first();
      const nextTitle = await next.getAttribute('title');
      await next.click();
      await expect.poll(async () => (await mapMarkers(page)).some((m) => m.title === nextTitle)).toBe(false);
    }
    expect(before).toBeGreaterThan(0);
    const single = page
      .locator('#map .donors-search-marker:not(.donors-search-cluster, .donors-search-centre)')
      .first();
    const zip = await single.getAttribute('title');
    await single.click();
    const choice = page.getByRole('region', { name: 'Donations at the place chosen on the map' });
    await choice.waitFor();
    const listed = await choice.getByRole('listitem').allTextContents();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain(`, ${zip}, `);
    const highlighted = page.locator('tbody tr.donors-row-chosen');
    await highlighted.waitFor();
    const row = (await highlighted.locator('td').allTextContents()) as string[];
    expect(listed[0]).toBe(`${row[1]}, ${row[2]}, ${row[3]}`);
    await expect.poll(() => page.locator('#map .donors-search-chosen').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('clicking a row centres its marker on the map, ringed', async () => {
    const { page, pageErrors } = await metroSearch();
    await page.locator('tbody tr').nth(3).click();
    const chosen = page.locator('#map .donors-search-chosen');
    await chosen.waitFor({ timeout: 10_000 });
    const mapBox = await page.locator('#map').boundingBox();
    await expect
      .poll(async () => {
        const box = await chosen.boundingBox();
        if (!box || !mapBox) return Number.POSITIVE_INFINITY;
        const dx = box.x + box.width / 2 - (mapBox.x + mapBox.width / 2);
        const dy = box.y + box.height / 2 - (mapBox.y + mapBox.height / 2);
        return Math.hypot(dx, dy);
      })
      .toBeLessThan(20);
    expect(await page.locator('tbody tr.donors-row-chosen').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('sorts by any column from its header by keyboard, with aria-sort, across every page', async () => {
    const { page, answer } = await metroSearch();
    const date = page.getByRole('columnheader', { name: 'Date' });
    // Before any sort, a faint double arrow says the header can sort.
    expect(await date.getByRole('button').evaluate((b) => getComputedStyle(b, '::after').content)).toBe(
      '"⇅" / ""',
    );
    await date.getByRole('button').focus();
    await page.keyboard.press('Enter');
    // Date's first press sorts newest first, as a visitor reading recent donations expects.
    await expect.poll(() => date.getAttribute('aria-sort')).toBe('descending');
    // The sort button reads as its header's text with the order's arrow, though the site (like the demo)
    // styles every button as a filled call to action.
    expect(
      await date.getByRole('button').evaluate((button) => {
        const style = getComputedStyle(button);
        const header = getComputedStyle(button.parentElement as Element);
        return {
          background: style.backgroundColor,
          color: style.color === header.color,
          padding: style.padding,
          arrow: getComputedStyle(button, '::after').content,
        };
      }),
    ).toEqual({ background: 'rgba(0, 0, 0, 0)', color: true, padding: '0px', arrow: '"▼" / ""' });
    // Sorted by the route's dates, shown as the demo writes them (WordPress's defaults, American English).
    const dates = answer.data.donations
      .map((d) => String(d.date))
      .sort()
      .map((d) => siteDate(d, DEFAULT_SITE_DATES).text);
    expect((await tableRows(page)).map((row) => row[3])).toEqual(dates.toReversed().slice(0, 100));
    await page.keyboard.press('Enter');
    await expect.poll(() => date.getAttribute('aria-sort')).toBe('ascending');
    expect((await tableRows(page))[0]?.[3]).toBe(dates[0]);
    // Tab from the sort buttons reaches the pager; its last page ends with the newest donation.
    const next = page.getByRole('button', { name: 'Next 100' });
    const pages = Math.ceil(dates.length / 100);
    await next.focus();
    for (let i = 1; i < pages; i++) await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('.donors-table-pages p').textContent())
      .toBe(
        `Showing ${((pages - 1) * 100 + 1).toLocaleString('en-US')}–${dates.length.toLocaleString('en-US')} of ${dates.length.toLocaleString('en-US')}`,
      );
    expect((await tableRows(page)).at(-1)?.[3]).toBe(dates.at(-1));
    expect(await next.getAttribute('aria-disabled')).toBe('true');
  });

  it('a wrong boundaryBaseUrl costs a few requests and one console error, and the visitor sees the search as usual', async () => {
    const path = withConfig(SEARCH_PAGE, { boundaryBaseUrl: '/no-such-folder/' });
    const opened = await metroSearch({}, path);
    const { page, requests, consoleErrors, pageErrors } = opened;
    await expect
      .poll(() => consoleErrors.filter((m) => m.includes('boundaryBaseUrl')).length, { timeout: 15_000 })
      .toBe(1);
    // The loader gives up as it reports: what it asked for until then is all it ever asks for (its unit
    // test awaits the whole load and counts), and each request logs at most one 404.
    await afterEarlierRequests(opened);
    expect(requests.filter((url) => url.includes('/no-such-folder/')).length).toBeLessThanOrEqual(10);
    expect(await page.locator('.alert-before').textContent()).toBe('');
    expect(pageErrors).toEqual([]);
  });
});

// Chromium only: fingers are driven through Chromium's DevTools protocol (Input.dispatchTouchEvent); the harness has no
// touch input for Firefox over BiDi or for WebKitGTK's WebDriver, and none was proven here.
describeBrowser('the donors search on a phone, in Chromium', () => {
  const suite = useBrowserSuite();

  for (const [width, what] of [
    [390, 'a 390 px phone'],
    [195, 'a 390 px phone at 200% zoom'],
  ] as const) {
    it(`on ${what}, no table value breaks inside itself and only the table's own box scrolls sideways`, async () => {
      const { page } = await suite.open(SEARCH_PAGE, { viewport: { width, height: 844 } });
      await search(page, '60601', '15', '30');
      await waitForResults(page);
      const layout = await page.evaluate(() => {
        const table = document.querySelector('#donors-in-your-area-table') as HTMLTableElement;
        const box = table.parentElement as HTMLElement;
        const broken: string[] = [];
        for (const row of Array.from(table.tBodies[0]?.rows ?? [])) {
          for (const cell of Array.from(row.cells)) {
            // The lines its text sits on: a text node's boxes, not those of the elements around it (a
            // row's button is as tall as its line, its text a little lower).
            const lines = new Set<number>();
            const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let text = texts.nextNode(); text; text = texts.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(text);
              for (const rect of Array.from(range.getClientRects())) lines.add(Math.round(rect.top));
            }
            // Titles may wrap between words; nothing may wrap inside a word or any other value.
            const words =
              cell.cellIndex === 1 ? (cell.textContent?.split(' ') ?? []) : [cell.textContent ?? ''];
            if (lines.size > words.length) broken.push(cell.textContent ?? '');
            if (cell.cellIndex !== 1 && lines.size > 1) broken.push(cell.textContent ?? '');
          }
        }
        return {
          broken,
          pageScrolls: document.documentElement.scrollWidth > innerWidth,
          boxOverflow: box.scrollWidth > box.clientWidth ? getComputedStyle(box).overflowX : 'fits',
        };
      });
      expect(layout.broken).toEqual([]);
      expect(layout.pageScrolls).toBe(false);
      expect(['auto', 'fits']).toContain(layout.boxOverflow);
    });
  }

  it('on a desktop, the mouse wheel over the map scrolls the page and shows the ctrl hint; ctrl + wheel zooms the map', async () => {
    const { page, pageErrors } = await suite.open(SEARCH_PAGE);
    await search(page, '60601', '15', '30');
    await waitForResults(page);
    await page.locator('#map .donors-search-marker').first().waitFor();
    await page.locator('#map').evaluate((map) => map.scrollIntoView({ block: 'center' }));
    const before = await leafletZoom(page);
    // Every zoom the map shows from now on, from its tiles' URLs (a wheel that reached Leaflet's zoom
    // would show a lower one), and whether the hint showed at all (it hides a moment after the wheel).
    await page.locator('#map').evaluate((map) => {
      const seen = new Set<string>();
      new MutationObserver(() => {
        for (const tile of map.querySelectorAll<HTMLImageElement>('img.leaflet-tile'))
          seen.add(/\/(\d+)\/\d+\/\d+\.png/.exec(tile.src)?.[1] ?? '');
        if (map.querySelector('.donors-map-hint-shown')) seen.add('hint');
        map.dataset.seen = [...seen].join(' ');
      }).observe(map, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['src', 'class'],
      });
    });
    const scrollBefore = await page.evaluate(() => scrollY);
    const box = await page.locator('#map').boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrollBefore + 100);
    expect(await page.locator('.donors-map-hint').textContent()).toBe('Use ctrl + scroll to zoom the map');
    const scrolled = await page.locator('#map').boundingBox();
    if (!scrolled) throw new Error('the map has no box');
    await page.mouse.move(scrolled.x + scrolled.width / 2, scrolled.y + scrolled.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    await expect.poll(() => leafletZoom(page)).toBeGreaterThan(before);
    const seen = (await page.locator('#map').getAttribute('data-seen'))?.split(' ') ?? [];
    expect(seen).toContain('hint');
    expect(seen.filter((zoom) => zoom !== 'hint' && Number(zoom) < before)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  /**
   * A touch screen for the page (set before it loads, so that Leaflet sees one), and fingers through
   * Chromium's own input pipeline: each finger moves `dy` pixels in ten steps, from `points`.
   */
  async function openTouchPage() {
    const opened = await suite.open(SEARCH_PAGE, {
      viewport: { width: 390, height: 844 },
      before: async (context, page) => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      },
    });
    const { page } = opened;
    await search(page, '60601', '15', '30');
    await waitForResults(page);
    await page.locator('#map .donors-search-marker').first().waitFor();
    await page.locator('#map').evaluate((map) => map.scrollIntoView({ block: 'center' }));
    const box = await page.locator('#map').boundingBox();
    if (!box) throw new Error('the map has no box');
    const cdp = await page.context().newCDPSession(page);
    const touch = async (points: { x: number; y: number; dy: number }[]) => {
      const at = (step: number) => points.map(({ x, y, dy }) => ({ x, y: y + (dy * step) / 10 }));
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
      for (let step = 1; step <= 10; step++)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const pane = () =>
      page.locator('#map .leaflet-map-pane').evaluate((el) => getComputedStyle(el).transform);
    return { ...opened, touch, centre, pane };
  }

  it('on a touch screen, one finger over the map scrolls the page and shows the two-finger hint; the map stays put', {
    timeout: 60_000,
  }, async () => {
    const { page, touch, centre, pane, pageErrors } = await openTouchPage();
    const paneBefore = await pane();
    const scrollBefore = await page.evaluate(() => scrollY);
    // The hint shows while the finger is down and a moment after: record that it showed at all.
    const hint = page.locator('.donors-map-hint');
    await hint.evaluate((el) => {
      new MutationObserver(() => {
        if (el.classList.contains('donors-map-hint-shown')) el.dataset.seen = 'yes';
      }).observe(el, { attributeFilter: ['class'] });
    });
    await touch([{ ...centre, dy: -200 }]);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrollBefore + 100);
    expect(await pane()).toBe(paneBefore);
    expect(await hint.textContent()).toBe('Use two fingers to move the map');
    expect(await hint.getAttribute('data-seen')).toBe('yes');
    expect(pageErrors).toEqual([]);
  });

  it('on a touch screen, two fingers zoom the map', { timeout: 60_000 }, async () => {
    const { page, touch, centre } = await openTouchPage();
    const before = await leafletZoom(page);
    await touch([
      { x: centre.x, y: centre.y - 20, dy: -120 },
      { x: centre.x, y: centre.y + 20, dy: 120 },
    ]);
    await expect.poll(() => leafletZoom(page), { timeout: 10_000 }).toBeGreaterThan(before);
  });
});
