import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import {
  askRoute,
  isVisible,
  SEARCH_PAGE,
  search,
  textOf,
  waitForResults,
} from '../../test/support/donors-search/search-page.ts';

const FIRST_COPY_IDS = [
  'donors-in-your-area',
  'zipcode',
  'radius',
  'days',
  'map',
  'donors-in-your-area-table',
  'display_count',
  'display_zipcode',
  'display_radius',
  'display_days',
];

// Two full searches per test, each with its map: past the 30 s default on a loaded two-core machine.
const TWO_SEARCHES_MS = 60_000;

const HOSTS = '[data-island="donors-search"]';
/** Each copy, found by its form: the first keeps the original form id, the second has one of its own. */
const FIRST = `${HOSTS}:has(#donors-in-your-area)`;
const SECOND = `${HOSTS}:has(form.donors-search-form):not(:has(#donors-in-your-area))`;

const idsIn = (page: EnginePage, scope: string) =>
  page.evaluate(
    (within) => Array.from(document.querySelector(within)?.querySelectorAll('[id]') ?? [], (e) => e.id),
    scope,
  );

describeEngines('two donors searches on one page', (suite) => {
  const openTwo = async () => {
    const page = await suite.open(`${SEARCH_PAGE}?copies=2`);
    await page.waitFor(
      (hosts) => document.querySelectorAll(`${hosts} form.donors-search-form`).length === 2,
      HOSTS,
    );
    expect(await page.evaluate((hosts) => document.querySelectorAll(hosts).length, HOSTS)).toBe(2);
    return page;
  };

  it(
    'keeps the original ids in the first copy and gives the second ids of its own, with labels for its own fields',
    async () => {
      const page = await openTwo();
      await search(page, '10001', '15', '30', FIRST);
      await waitForResults(page, FIRST);
      await search(page, '80401', '15', '30', SECOND);
      await waitForResults(page, SECOND);
      expect((await idsIn(page, FIRST)).sort()).toEqual([...FIRST_COPY_IDS].sort());
      const secondIds = await idsIn(page, SECOND);
      expect(secondIds).toHaveLength(FIRST_COPY_IDS.length);
      expect(secondIds.filter((id) => FIRST_COPY_IDS.includes(id))).toEqual([]);
      const everyId = await page.evaluate(() => Array.from(document.querySelectorAll('[id]'), (e) => e.id));
      expect(new Set(everyId).size).toBe(everyId.length);
      // Each label points at the field of its own form: clicking the second one focuses the second input.
      const label = await page.evaluate((within) => {
        const labels = Array.from(document.querySelector(within)?.querySelectorAll('label') ?? []);
        const zip = labels.find((candidate) => candidate.textContent?.trim() === 'Zip code');
        return zip ? `label[for="${CSS.escape(zip.htmlFor)}"]` : '';
      }, SECOND);
      expect(label).not.toBe('');
      await page.click(label);
      expect(
        await page.evaluate(
          (within) =>
            document.activeElement instanceof HTMLInputElement &&
            // Named like its id, so that the second copy's search has its own place in the address.
            document.activeElement.name === 'zipcode-2' &&
            document.querySelector(within)?.contains(document.activeElement),
          SECOND,
        ),
      ).toBe(true);
      expect(await page.problems()).toEqual([]);
    },
    TWO_SEARCHES_MS,
  );

  it(
    'runs each search on its own: each copy shows its own results, table and map',
    async () => {
      const page = await openTwo();
      await search(page, '10001', '15', '30', FIRST);
      await waitForResults(page, FIRST);
      await search(page, '80401', '30', '45', SECOND);
      await waitForResults(page, SECOND);
      // Each copy keeps its search in the address under its own names, beside the other's.
      expect(new URL(await page.url()).search).toBe(
        '?copies=2&zipcode=10001&radius=15&days=30&zipcode-2=80401&radius-2=30&days-2=45',
      );
      const [near, far] = await Promise.all([askRoute(page, '10001'), askRoute(page, '80401', '30', '45')]);
      // Each table shows its own first page and counts its own donations.
      for (const [host, total] of [
        [FIRST, near.data.donations.length],
        [SECOND, far.data.donations.length],
      ] as const) {
        await expect
          .poll(() => page.evaluate((within) => document.querySelectorAll(`${within} tbody tr`).length, host))
          .toBe(Math.min(total, 100));
        if (total > 100)
          expect(await textOf(page, `${host} .donors-table-pages p`)).toBe(
            `Showing 1–100 of ${total.toLocaleString('en-US')}`,
          );
      }
      expect(await textOf(page, `${FIRST} .alert-donors`)).toContain('within 15 miles of 10001');
      expect(await textOf(page, `${SECOND} .alert-donors`)).toContain('within 30 miles of 80401');
      for (const [host, zip] of [
        [FIRST, '10001'],
        [SECOND, '80401'],
      ] as const) {
        await expect
          .poll(() =>
            page.evaluate(
              (within) => document.querySelector(`${within} .donors-search-centre`)?.getAttribute('title'),
              host,
            ),
          )
          .toBe(`Searched zip code ${zip}`);
        expect(
          await page.evaluate(
            (within) =>
              document.querySelector(`${within} section.donors-search-map`)?.getAttribute('aria-label'),
            host,
          ),
        ).toBe('Map of the donations found');
        expect(await isVisible(page, `${host} section.donors-search-map`)).toBe(true);
      }
      expect(await page.problems()).toEqual([]);
    },
    TWO_SEARCHES_MS,
  );
});
