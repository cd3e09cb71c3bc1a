import type { Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenPage, useBrowserSuite } from '../../test/browser.ts';
import { afterEarlierRequests } from '../../test/request-log.ts';
import { type BuildRecord, entryFile, nameOf, staticGraph } from '../../test/support/built-graph.ts';
import { SEARCH_PAGE, search, waitForResults } from '../../test/support/donors-search/search-page.ts';

// Chunks are named for their entry (the build's manifest), in either flavour's build.
const chunk = (name: string) => new RegExp(`^/dist/chunks/${name}-[A-Z0-9]+\\.js$`);
// The map's two chunks, which a search asks for all at once with the files they import (map/map-chunks.ts).
const MAP_CHUNKS = [chunk('search-map'), chunk('leaflet-map-view')];
const SEARCH_ROUTE = '/wp-json/donations/v1/search/';
// Asked by the page the moment it changes its address, so the change takes its place in the request log.
const ADDRESS_CHANGED = '/robots.txt?address-changed';
const MOUNTED = '[data-island="donors-search"][data-mounted]';

/** Makes every history.pushState and replaceState call ask for ADDRESS_CHANGED first. */
const LOG_ADDRESS_CHANGES = (url: string) => {
  for (const name of ['pushState', 'replaceState'] as const) {
    const change = history[name];
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      void fetch(url);
      return change.apply(this, args);
    };
  }
};

// A search, its map and a held chunk on two loaded cores.
const SEARCH_MS = 60_000;

// Chromium only: the order of the request log is the order the page started its requests in
// (test/request-log.ts); another engine's proxy log sees them in the order they arrive.
describeBrowser('the first search leaves first, in Chromium', () => {
  const suite = useBrowserSuite();

  const open = () =>
    suite.open(SEARCH_PAGE, {
      before: async (_context, page) => {
        await page.addInitScript(LOG_ADDRESS_CHANGES, ADDRESS_CHANGED);
      },
    });

  /** The paths the page asked for from `from` on, once every request it has started is in the log. */
  async function requestedSince(opened: OpenPage, from: number): Promise<string[]> {
    await afterEarlierRequests(opened);
    return opened.requests
      .slice(from)
      .map((url) => new URL(url))
      .map(({ pathname, search }) => `${pathname}${search}`)
      .filter((path) => !path.includes('after-earlier-requests'));
  }

  /** Where the search request, the first map chunk and the address change come in `requested`. */
  const order = (requested: string[]) => ({
    search: requested.findIndex((path) => path.startsWith(SEARCH_ROUTE)),
    firstMapChunk: Math.min(...MAP_CHUNKS.map((map) => requested.findIndex((path) => map.test(path)))),
    addressChanged: requested.indexOf(ADDRESS_CHANGED),
  });

  it('on a click of Search the request is the first thing asked; the map chunks and the address change follow', {
    timeout: SEARCH_MS,
  }, async () => {
    const opened = await open();
    await opened.page.focus('#zipcode');
    await opened.page.locator(MOUNTED).waitFor({ state: 'attached' });
    await afterEarlierRequests(opened);
    const from = opened.requests.length;

    await search(opened.page, '10001');
    await waitForResults(opened.page);
    await opened.page.locator('.donors-search-marker').first().waitFor({ state: 'attached' });
    const requested = await requestedSince(opened, from);
    const at = order(requested);
    // Each of them happened: the order below compares requests that were all made.
    expect(MAP_CHUNKS.every((map) => requested.some((path) => map.test(path)))).toBe(true);
    expect(at.addressChanged).toBeGreaterThan(-1);
    expect(requested[0]).toMatch(/^\/wp-json\/donations\/v1\/search\/10001\/15\/30\?/);
    expect(at.search).toBeLessThan(at.firstMapChunk);
    expect(at.search).toBeLessThan(at.addressChanged);
    expect(new URL(opened.page.url()).search).toBe('?zipcode=10001&radius=15&days=30');
    expect(opened.pageErrors).toEqual([]);
  });

  it('asks for every file of the map’s code before any of them has arrived', {
    timeout: SEARCH_MS,
  }, async () => {
    // The map's chunks and every file they import statically, from the build the mock server serves.
    const record = (await (await fetch(new URL('/dist/meta.json', suite.url))).json()) as BuildRecord;
    const mapFiles = new Set(
      ['search-map', 'leaflet-map-view'].flatMap((module) => [
        ...staticGraph(record, entryFile(record, `widgets/donors-search/map/${module}.ts`)),
      ]),
    );
    // From the search on, no script arrives until the page has asked for all it asks for unaided.
    let holding = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const opened = await suite.open(SEARCH_PAGE, {
      before: async (_context, page) => {
        await page.route(/\/dist\/chunks\/[^/]+\.js$/, async (route: Route) => {
          if (holding) await held;
          await route.continue();
        });
      },
    });
    try {
      await opened.page.focus('#zipcode');
      await opened.page.locator(MOUNTED).waitFor({ state: 'attached' });
      await afterEarlierRequests(opened);
      const from = opened.requests.length;
      const onPage = new Set(opened.requests.map((url) => nameOf(new URL(url).pathname)));
      holding = true;
      const mapAsked = Promise.all(
        MAP_CHUNKS.map((map) => opened.page.waitForRequest((r) => map.test(new URL(r.url()).pathname))),
      );
      await search(opened.page, '10001');
      await mapAsked;
      const requested = new Set((await requestedSince(opened, from)).map((path) => nameOf(path)));
      const notAsked = [...mapFiles].filter((name) => !onPage.has(name) && !requested.has(name));
      expect(notAsked).toEqual([]);
    } finally {
      release();
    }
    await waitForResults(opened.page);
    await opened.page.locator('.donors-search-marker').first().waitFor({ state: 'attached' });
    expect(opened.pageErrors).toEqual([]);
  });

  it('a search submitted before the code arrived leaves before the map chunks and the address change too', {
    timeout: SEARCH_MS,
  }, async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const asked = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const opened = await suite.open(SEARCH_PAGE, {
      before: async (_context, page) => {
        await page.addInitScript(LOG_ADDRESS_CHANGES, ADDRESS_CHANGED);
        await page.route(/\/dist\/chunks\/donors-search-[A-Z0-9]+\.js$/, async (route: Route) => {
          arrived();
          await held;
          await route.continue();
        });
      },
    });
    const from = opened.requests.length;
    await opened.page.fill('#zipcode', '60601');
    await asked;
    await opened.page.click('#donors-in-your-area button[type="submit"]');
    release();

    await waitForResults(opened.page);
    await opened.page.locator('.donors-search-marker').first().waitFor({ state: 'attached' });
    const requested = await requestedSince(opened, from);
    const at = order(requested);
    expect(at.search).toBeGreaterThan(-1);
    expect(at.addressChanged).toBeGreaterThan(-1);
    expect(at.search).toBeLessThan(at.firstMapChunk);
    expect(at.search).toBeLessThan(at.addressChanged);
    expect(new URL(opened.page.url()).search).toBe('?zipcode=60601&radius=15&days=30');
    expect(opened.pageErrors).toEqual([]);
  });
});
