import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  DONATION_MANAGER_SEARCH_PAGE,
  DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS,
} from '../../mock-server/demo/donation-manager-search.js';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { askRoute, isVisible, textOf, waitForResults } from '../../test/support/donors-search/search-page.ts';
import { tableRows } from '../../test/support/donors-search/search-table.ts';

/*
 * The donors search on the markup Donation Manager's [donors_in_your_area] prints, on the demo's pages:
 * with the project's script alone, and with Donation Manager's own scripts (jQuery, its
 * donors-by-zipcode.js stand-in, a Google Maps stand-in) on the page too. The oracle is what the
 * original script shows for the same search: a row per donation of the route's answer (number, title,
 * zip code), the count and the values in the sentence's codes.
 */

const { files } = JSON.parse(readFileSync(new URL('../../dist/sizes.json', import.meta.url), 'utf8')) as {
  files: { file: string; inputs: string[] }[];
};
const SEARCH_CHUNK = `/dist/${files.find((f) => f.inputs.includes('widgets/donors-search/index.tsx'))?.file}`;

const STRATEGY_CHUNK = `/dist/${files.find((f) => f.inputs.includes('src/loader/strategies/intent.ts'))?.file}`;

const FORM = 'form#donors-in-your-area';
const BUTTON = `${FORM} button[type="submit"]`;
const STATUS = '.alert-before';
const SECTION = 'section.elementor-section';
const SEARCH_MS = 60_000;

const PAGES = [
  { title: 'with the script tag alone', path: DONATION_MANAGER_SEARCH_PAGE, itsScripts: false },
  {
    title: "with Donation Manager's scripts too",
    path: DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS,
    itsScripts: true,
  },
];

/** What Donation Manager's script drew, when it is on the page: its maps, markers and KML layers. */
const originalDrew = (page: EnginePage) =>
  page.evaluate(
    () =>
      (window as unknown as { google?: { maps: { drawn: Record<string, number> } } }).google?.maps.drawn ?? {
        maps: 0,
        markers: 0,
        layers: 0,
      },
  );

/**
 * Whether a live region shows nothing: empty and without height. The status area stays in the page
 * (its printed `display: none` lifted) so that a screen reader knows it before it speaks.
 */
const saysNothing = (page: EnginePage, selector: string) =>
  page.evaluate((target) => {
    const element = document.querySelector(target);
    return element?.textContent === '' && element.getBoundingClientRect().height === 0;
  }, selector);

describeEngines("the donors search on Donation Manager's markup", (suite) => {
  const searchesSince = (before: number) =>
    suite.door.requests
      .slice(before)
      .map((request) => new URL(request.url, suite.door.url).pathname)
      .filter((path) => path.startsWith('/wp-json/donations/v1/search/'));

  for (const { title, path, itsScripts } of PAGES) {
    it(`${title}: a search shows the original's rows, count and values, from one request, on the same page`, {
      timeout: SEARCH_MS,
    }, async () => {
      const page = await suite.open(path);
      const before = suite.door.requests.length;
      await page.evaluate(() => {
        (window as { __samePage?: boolean }).__samePage = true;
      });
      await page.fill('#zipcode', '10001');
      await page.select('#radius', '30');
      await page.select('#days', '45');
      await page.click(BUTTON);
      await waitForResults(page);
      // Read before the test asks the route itself.
      const searched = searchesSince(before);

      const answer = await askRoute(page, '10001', '30', '45');
      const donations = answer.data.donations;
      expect(donations.length).toBeGreaterThan(1);
      const rows = await tableRows(page);
      expect(rows.map(([number, rowTitle, zipcode]) => [number, rowTitle, zipcode])).toEqual(
        donations
          .slice(0, 100)
          .map((donation) => [String(donation.number), donation.title, donation.zipcode]),
      );
      // The original's table: one table, its header row first, the rows in its body.
      expect(
        await page.evaluate(() => ({
          tables: document.querySelectorAll('#donors-in-your-area-table').length,
          headerCells: document.querySelectorAll('#donors-in-your-area-table thead tr th').length,
          striped: document.querySelector('#donors-in-your-area-table')?.classList.contains('table-striped'),
        })),
      ).toEqual({ tables: 1, headerCells: 4, striped: true });
      // The count in the site's numbers (1,830), as in the island's own markup.
      const count = new Intl.NumberFormat('en-US').format(donations.length);
      expect(await textOf(page, '#display_count')).toBe(count);
      expect(await textOf(page, '#display_radius')).toBe('30');
      expect(await textOf(page, '#display_zipcode')).toBe('10001');
      expect(await textOf(page, '#display_days')).toBe('45');
      expect(await page.evaluate(() => document.querySelector('#display_count')?.localName)).toBe('code');
      expect(await textOf(page, '.alert-donors')).toBe(
        `Found ${count} donations within 30 miles of 10001 in the last 45 days.`,
      );
      expect(await isVisible(page, '#map')).toBe(true);
      expect(await saysNothing(page, STATUS)).toBe(true);

      expect(searched).toEqual(['/wp-json/donations/v1/search/10001/30/45']);
      expect(await originalDrew(page)).toEqual({ maps: 0, markers: 0, layers: 0 });
      expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(await page.url()).toBe(`${suite.door.url}${path}?zipcode=10001&radius=30&days=45`);
      expect(await textOf(page, BUTTON)).toBe('Search');
      expect(await page.problems()).toEqual([]);
    });

    it(`${title}: a zip with a leading zero keeps it, and an error shows in the status area`, {
      timeout: SEARCH_MS,
    }, async () => {
      const page = await suite.open(path);
      const before = suite.door.requests.length;
      await page.fill('#zipcode', '02134');
      await page.click(BUTTON);
      await waitForResults(page);
      expect(await textOf(page, '#display_zipcode')).toBe('02134');

      // Emptied first: a number field has no text selection for a fill to type over, in Firefox.
      await page.evaluate(() => {
        (document.querySelector('#zipcode') as HTMLInputElement).value = '';
      });
      await page.fill('#zipcode', '00000');
      await page.click(BUTTON);
      await page.waitFor(
        (status) => document.querySelector(status)?.textContent?.startsWith('ERROR:'),
        STATUS,
      );
      expect(await textOf(page, STATUS)).toBe(
        'ERROR: No zip codes returned for 00000. Please try another search.',
      );
      expect(await isVisible(page, STATUS)).toBe(true);
      expect(await isVisible(page, '.alert-donors')).toBe(false);
      expect(await isVisible(page, '#map')).toBe(false);
      expect(await tableRows(page)).toEqual([]);
      expect(searchesSince(before)).toEqual([
        '/wp-json/donations/v1/search/02134/15/30',
        '/wp-json/donations/v1/search/00000/15/30',
      ]);
      expect(await originalDrew(page)).toEqual({ maps: 0, markers: 0, layers: 0 });
      expect(await page.problems()).toEqual([]);
    });

    it(`${title}: a search submitted before the code arrives is held, and sent once it has`, {
      timeout: SEARCH_MS,
    }, async () => {
      const held = suite.door.hold(SEARCH_CHUNK);
      const page = await suite.open(path);
      const before = suite.door.requests.length;
      await page.evaluate(() => {
        (window as { __samePage?: boolean }).__samePage = true;
      });
      await page.fill('#zipcode', '80401');
      await held.arrived;
      await page.click(BUTTON);
      // Neither the original nor the island has asked yet: the submit waits for the island's code.
      expect(searchesSince(before)).toEqual([]);
      expect(await isVisible(page, '.alert-donors')).toBe(false);

      held.release();
      await waitForResults(page);
      expect(await textOf(page, '#display_zipcode')).toBe('80401');
      expect(searchesSince(before)).toEqual(['/wp-json/donations/v1/search/80401/15/30']);
      expect(await originalDrew(page)).toEqual({ maps: 0, markers: 0, layers: 0 });
      expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(await page.problems()).toEqual([]);
    });

    // Chromium only: Firefox and WebKit hold the page's load event for the strategy's chunk, which the
    // door holds back, so the page never opens for the visitor to submit.
    it.skipIf(suite.engine !== 'chromium')(
      `${title}: a search submitted before even the intent strategy's code arrives is sent once, by the island`,
      {
        timeout: SEARCH_MS,
      },
      async () => {
        const held = suite.door.hold(STRATEGY_CHUNK);
        const page = await suite.open(path);
        const before = suite.door.requests.length;
        await held.arrived;
        await page.fill('#zipcode', '10001');
        await page.click(BUTTON);
        expect(searchesSince(before)).toEqual([]);

        held.release();
        await waitForResults(page);
        expect(searchesSince(before)).toEqual(['/wp-json/donations/v1/search/10001/15/30']);
        expect(await originalDrew(page)).toEqual({ maps: 0, markers: 0, layers: 0 });
        expect(await page.problems()).toEqual([]);
      },
    );

    it(`${title}: a shared link with a search shows it, and stopping the islands puts the markup back`, {
      timeout: SEARCH_MS,
    }, async () => {
      const printed = await (await suite.open(path)).evaluate(
        (section) => document.querySelector(section)?.outerHTML,
        SECTION,
      );
      const before = suite.door.requests.length;
      const page = await suite.open(`${path}?zipcode=10001&radius=45&days=60`);
      await waitForResults(page);
      expect(await textOf(page, '#display_radius')).toBe('45');
      expect(
        await page.evaluate(() =>
          ['#zipcode', '#radius', '#days'].map((id) => document.querySelector<HTMLInputElement>(id)?.value),
        ),
      ).toEqual(['10001', '45', '60']);
      expect(searchesSince(before)).toEqual(['/wp-json/donations/v1/search/10001/45/60']);
      const islandRows = await tableRows(page);

      await page.evaluate(() => (window as { donationWidgets?: { stop(): void } }).donationWidgets?.stop());
      expect(await page.evaluate((section) => document.querySelector(section)?.outerHTML, SECTION)).toBe(
        printed,
      );
      expect(await originalDrew(page)).toEqual({ maps: 0, markers: 0, layers: 0 });
      expect(await page.problems()).toEqual([]);
      if (!itsScripts) return;

      // The oracle: with the island gone, Donation Manager's own script answers the same search.
      await page.click(BUTTON);
      await page.waitFor(() => document.querySelector('#display_count')?.textContent !== '');
      const originalRows = await page.evaluate(() =>
        Array.from(document.querySelectorAll('#donors-in-your-area-table tbody tr'), (row) =>
          Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent ?? ''),
        ),
      );
      expect(originalRows.slice(0, 100).map((row) => row.slice(0, 3))).toEqual(
        islandRows.map((row) => row.slice(0, 3)),
      );
      expect(await textOf(page, '#display_count')).toBe(String(originalRows.length));
      expect((await originalDrew(page)).maps).toBe(1);
    });
  }
});
