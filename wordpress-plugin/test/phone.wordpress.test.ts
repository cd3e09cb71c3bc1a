/**
 * The donors search on a phone (390 × 844) on the release's default theme (Twenty Twenty-Five on 7.1):
 * every column of the results table shows without scrolling sideways, printed and after the island
 * takes over, sorted too; dates show their day, their time kept for screen readers and in
 * `<time datetime>`; every button of the table is a 24 × 24 px touch target.
 */
import { beforeAll, expect, it } from 'vitest';
import { narrowTableProblems, sidewaysOverflow } from '../../test/looks.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const PHONE = { width: 390, height: 844 };
const HOST = '[data-island="donors-search"]';

describeWordPress('the donors search on a phone', () => {
  const wp = useWordPress();
  let searchPage = '';

  beforeAll(async () => {
    searchPage = await pageWith(wp.php, 'phone-search', '[donation_widget island="donors-search" /]');
  });

  it('shows every column of the results table without scrolling sideways, sorted too', async () => {
    // Without JavaScript first: the page's printed table alone.
    const printed = await wp.open(`${searchPage}?zipcode=10001&radius=15&days=30`, { viewport: PHONE });
    await printed.context.route('**/*.js', (route) => route.abort());
    await printed.page.reload();
    expect(await printed.page.locator('.donors-search-table tbody tr').count()).toBe(3);
    expect(await printed.page.evaluate(narrowTableProblems, HOST)).toEqual([]);

    const { page } = await wp.open(`${searchPage}?zipcode=10001&radius=15&days=30`, { viewport: PHONE });
    await page.locator(`${HOST}[data-mounted]`).waitFor({ state: 'attached' });
    await page.locator('.donors-row-show:not([disabled])').first().waitFor();
    expect(await page.evaluate(narrowTableProblems, HOST)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    // The day shows (its time hidden from sight, which narrowTableProblems checks); the text, which a
    // screen reader reads, is the whole date and time.
    const dates = await page.$$eval('.donors-search-table tbody time', (times) =>
      times.map((time) => ({ day: time.firstChild?.textContent, text: time.textContent })),
    );
    expect(dates).toHaveLength(3);
    for (const { day, text } of dates) {
      expect(day).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(text).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [ap]m$/);
    }
    await page.getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => page.locator('th[aria-sort="ascending"]').textContent()).toBe('Date');
    expect(await page.evaluate(narrowTableProblems, HOST)).toEqual([]);
  });
});
