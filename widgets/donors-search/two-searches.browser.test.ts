import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';
import { askRoute, SEARCH_PAGE, search } from './browser-helpers.ts';

const ORIGINAL_IDS = [
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

describeBrowser('two donors searches on one page, in Chromium', () => {
  const suite = useBrowserSuite();

  const openTwo = async () => {
    const opened = await suite.open(`${SEARCH_PAGE}?copies=2`);
    const hosts = opened.page.locator('[data-island="donors-search"]');
    await hosts.nth(1).getByLabel('Zip code').waitFor();
    return { ...opened, first: hosts.nth(0), second: hosts.nth(1) };
  };

  it(
    'keeps the original ids in the first copy and gives the second ids of its own, with labels for its own fields',
    async () => {
      const { page, first, second, pageErrors } = await openTwo();
      await search(first, '10001');
      await first.locator('.alert-donors').waitFor({ state: 'visible' });
      await search(second, '80401');
      await second.locator('.alert-donors').waitFor({ state: 'visible' });
      const ids = (host: typeof first) =>
        host.evaluate((element) => Array.from(element.querySelectorAll('[id]'), (e) => e.id));
      expect((await ids(first)).sort()).toEqual([...ORIGINAL_IDS].sort());
      const secondIds = await ids(second);
      expect(secondIds).toHaveLength(ORIGINAL_IDS.length);
      expect(secondIds.filter((id) => ORIGINAL_IDS.includes(id))).toEqual([]);
      const everyId = await page.evaluate(() => Array.from(document.querySelectorAll('[id]'), (e) => e.id));
      expect(new Set(everyId).size).toBe(everyId.length);
      // Each label points at the field of its own form: clicking the second one focuses the second input.
      await second.locator('label', { hasText: 'Zip code' }).click();
      expect(await second.getByLabel('Zip code').evaluate((input) => input === document.activeElement)).toBe(
        true,
      );
      expect(pageErrors).toEqual([]);
    },
    TWO_SEARCHES_MS,
  );

  it(
    'runs each search on its own: each copy shows its own results, table and map',
    async () => {
      const { page, first, second, pageErrors } = await openTwo();
      await search(first, '10001');
      await first.locator('.alert-donors').waitFor({ state: 'visible' });
      await search(second, '80401', '30', '45');
      await second.locator('.alert-donors').waitFor({ state: 'visible' });
      const [near, far] = await Promise.all([askRoute(page, '10001'), askRoute(page, '80401', '30', '45')]);
      // Each table shows its own first page and counts its own donations.
      for (const [host, total] of [
        [first, near.data.donations.length],
        [second, far.data.donations.length],
      ] as const) {
        await expect
          .poll(() => host.locator('tbody tr').count(), { timeout: 10_000 })
          .toBe(Math.min(total, 100));
        if (total > 100)
          expect(await host.locator('.donors-table-pages p').textContent()).toBe(
            `Showing 1–100 of ${total.toLocaleString('en-US')}`,
          );
      }
      expect(await first.locator('.alert-donors').textContent()).toContain('within 15 miles of 10001');
      expect(await second.locator('.alert-donors').textContent()).toContain('within 30 miles of 80401');
      for (const [host, zip] of [
        [first, '10001'],
        [second, '80401'],
      ] as const) {
        await expect
          .poll(() => host.locator('.donors-search-centre').getAttribute('title'), { timeout: 10_000 })
          .toBe(`Searched zip code ${zip}`);
        expect(await host.getByRole('region', { name: 'Map of the donations found' }).isVisible()).toBe(true);
      }
      expect(pageErrors).toEqual([]);
    },
    TWO_SEARCHES_MS,
  );
});
