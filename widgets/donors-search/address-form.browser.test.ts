import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { SEARCH_PAGE, waitForResults } from '../../test/support/donors-search/search-page.ts';

// A page opened three ways, each with its map, and a search: well past the default on two loaded cores.
const ADDRESS_MS = 90_000;
const SEARCH_ROUTE = '/wp-json/donations/v1/search/';
const HOST = '[data-island="donors-search"]';
const LINK = '?zipcode=60601&radius=30&days=60';

/** What the form shows, once the island has taken it over. */
async function formShows(page: EnginePage) {
  await page.waitFor((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST, 20_000);
  return page.evaluate(() => {
    const value = (id: string) => (document.getElementById(id) as HTMLInputElement | HTMLSelectElement).value;
    return { zipcode: value('zipcode'), radius: value('radius'), days: value('days') };
  });
}

describeEngines('the form shows the search its address holds', (suite) => {
  const searched = () =>
    suite.door.requests
      .map((request) => new URL(request.url, suite.door.url).pathname)
      .filter((path) => path.startsWith(SEARCH_ROUTE));

  for (const path of ['/', SEARCH_PAGE])
    it(`on ${path}: a shared link, a reload and the next search keep 30 miles and 60 days`, {
      timeout: ADDRESS_MS,
    }, async () => {
      const page = await suite.open(`${path}${LINK}`);
      expect(await formShows(page)).toEqual({ zipcode: '60601', radius: '30', days: '60' });
      await page.reload();
      expect(await formShows(page)).toEqual({ zipcode: '60601', radius: '30', days: '60' });

      const before = searched().length;
      await page.fill('#zipcode', '10001');
      await page.click('#donors-in-your-area button[type="submit"]');
      await page.waitFor(
        () => document.querySelector('#display_zipcode')?.textContent === '10001',
        undefined,
        20_000,
      );
      await waitForResults(page);
      expect(searched().slice(before)).toEqual([`${SEARCH_ROUTE}10001/30/60`]);
      expect(new URL(await page.url()).search).toBe('?zipcode=10001&radius=30&days=60');
    });
});
