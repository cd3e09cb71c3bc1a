import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';
import { axeViolations as axeOnPage } from '../../test/page-helpers.ts';
import { SEARCH_PAGE, search, waitForResults } from './browser-helpers.ts';

const axeViolations = (page: Parameters<typeof axeOnPage>[0]) =>
  axeOnPage(page, '[data-island="donors-search"]');

describeBrowser('donors-search accessibility in Chromium', () => {
  const suite = useBrowserSuite();

  it('has no WCAG 2.2 A/AA violations when idle, after an error and with results', async () => {
    const { page } = await suite.open(SEARCH_PAGE);
    await page.getByLabel('Zip code').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await search(page, '00000');
    await page.locator('.alert-before').getByText('ERROR:').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await search(page, '10001');
    await waitForResults(page);
    await page.locator('#map .donors-search-centre').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('searches with the keyboard alone: Tab to each control, Enter to search', async () => {
    const { page } = await suite.open(SEARCH_PAGE);
    await page.getByLabel('Zip code').focus();
    await page.keyboard.type('10001');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('radius');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('days');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Search');
    await page.keyboard.press('Enter');
    await waitForResults(page);
    expect(await page.locator('#display_zipcode').textContent()).toBe('10001');
  });
});
