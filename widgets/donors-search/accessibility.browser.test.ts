import { expect, it } from 'vitest';
import { describeEngines } from '../../test/engines/suite.ts';
import { axeViolations as axeOnPage } from '../../test/page-helpers.ts';
import { SEARCH_PAGE, search, textOf, waitForResults } from '../../test/support/donors-search/search-page.ts';

const axeViolations = (page: Parameters<typeof axeOnPage>[0]) =>
  axeOnPage(page, '[data-island="donors-search"]');

describeEngines('donors-search accessibility', (suite) => {
  // Three axe runs, the last over a hundred rows and their buttons (8 s in WebKit on a quiet machine),
  // and two searches: past the default on a loaded two-core machine.
  it('has no WCAG 2.2 A/AA violations when idle, after an error and with results', {
    timeout: 90_000,
  }, async () => {
    const page = await suite.open(SEARCH_PAGE);
    await page.waitFor(() => document.querySelector('#zipcode'));
    expect(await axeViolations(page)).toEqual([]);
    await search(page, '00000');
    await page.waitFor(() => document.querySelector('.alert-before')?.textContent?.includes('ERROR:'));
    expect(await axeViolations(page)).toEqual([]);
    await search(page, '10001');
    await waitForResults(page);
    await page.waitFor(() => document.querySelector('#map .donors-search-centre'));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('searches with the keyboard alone: Tab to each control ("Use my location" after the zip code), Enter to search', async () => {
    const page = await suite.open(SEARCH_PAGE);
    await page.waitFor(() => document.querySelector('#zipcode'));
    await page.focus('#zipcode');
    // The focus reached for the form: the island takes it over, its button after the zip code.
    await page.waitFor(() => document.querySelector('.donors-search-locate'));
    await page.typeKeys('10001');
    await page.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Use my location',
    );
    await page.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('radius');
    await page.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('days');
    await page.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Search');
    await page.press('Enter');
    await waitForResults(page);
    expect(await textOf(page, '#display_zipcode')).toBe('10001');
  });
});
