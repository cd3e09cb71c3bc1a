import { expect, it } from 'vitest';
import { type EnginePage, pollUntil } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { SEARCH_PAGE, search, textOf, waitForResults } from '../../test/support/donors-search/search-page.ts';

// Two searches with their maps, Back, Forward and a reload: well past the default on two loaded cores.
const HISTORY_MS = 90_000;
const SEARCH_ROUTE = '/wp-json/donations/v1/search/';

const HOST = '[data-island="donors-search"]';
const shown = (page: EnginePage) =>
  page.evaluate(
    (host) => ({
      zipcode: (document.querySelector('#zipcode') as HTMLInputElement).value,
      found: document.querySelector('#display_zipcode')?.textContent ?? null,
      map: !(document.querySelector('#map') as HTMLElement).hidden,
      mounted: document.querySelector(host)?.hasAttribute('data-mounted'),
      address: new URL(location.href).search,
    }),
    HOST,
  );
const showsZip = (page: EnginePage, zip: string) =>
  page.waitFor((want) => document.querySelector('#display_zipcode')?.textContent === want, zip, 20_000);

describeEngines('the donors search as an address', (suite) => {
  const searchedSince = (start: number) =>
    suite.door.requests
      .slice(start)
      .map((request) => new URL(request.url, suite.door.url).pathname)
      .filter((path) => path.startsWith(SEARCH_ROUTE));
  const searches = () =>
    suite.door.requests.filter((request) =>
      new URL(request.url, suite.door.url).pathname.startsWith(SEARCH_ROUTE),
    ).length;

  it('puts each search in the address; Back shows the first, Forward the second, a reload keeps it', {
    timeout: HISTORY_MS,
  }, async () => {
    const page = await suite.open(`${SEARCH_PAGE}?keep=me`);
    await search(page, '60601', '30', '90');
    await waitForResults(page);
    expect((await shown(page)).address).toBe('?keep=me&zipcode=60601&radius=30&days=90');
    await search(page, '10001', '15', '30');
    await showsZip(page, '10001');
    expect((await shown(page)).address).toBe('?keep=me&zipcode=10001&radius=15&days=30');
    const asked = searches();

    await page.evaluate(() => history.back());
    await showsZip(page, '60601');
    expect(await shown(page)).toMatchObject({ zipcode: '60601', map: true, mounted: true });
    await page.evaluate(() => history.forward());
    await showsZip(page, '10001');
    expect(await shown(page)).toMatchObject({ zipcode: '10001', map: true });
    // Both answers were known: Back and Forward asked the route nothing.
    expect(searches()).toBe(asked);

    await page.reload();
    await waitForResults(page);
    expect(await shown(page)).toMatchObject({ zipcode: '10001', found: '10001', map: true });
    await page.evaluate(() => history.back());
    await showsZip(page, '60601');
  });

  it('opens a search from its address with the rows in the HTML, takes them over without asking again, and keeps its live regions', {
    timeout: HISTORY_MS,
  }, async () => {
    const before = searches();
    const page = await suite.open(`${SEARCH_PAGE}?zipcode=60601&radius=30&days=90`);
    const printed = await page.evaluate(() => {
      const status = document.querySelector('.alert-before');
      const results = document.querySelector('.donors-results-status');
      (window as unknown as { printedRegions: unknown[] }).printedRegions = [status, results];
      return {
        rows: document.querySelectorAll('.donors-search-table tbody tr').length,
        count: document.querySelector('#display_count')?.textContent,
      };
    });
    // The demo's donations are dated from the server's start, so the count moves with the clock:
    // the page's printed count is what the island must show.
    expect(printed.rows).toBe(100);
    expect(printed.count).toMatch(/^\d,\d{3}$/);
    await page.waitFor((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST, 20_000);
    await waitForResults(page);
    expect(await textOf(page, '#display_count')).toBe(printed.count);
    expect(await page.evaluate(() => !(document.querySelector('#map') as HTMLElement).hidden)).toBe(true);
    // The page's answer served: no request to the route.
    expect(searches()).toBe(before);
    await search(page, '10001');
    await showsZip(page, '10001');
    const same = await page.evaluate(() => {
      const [status, results] = (window as unknown as { printedRegions: Element[] }).printedRegions;
      return (
        status === document.querySelector('.alert-before') &&
        results === document.querySelector('.donors-results-status')
      );
    });
    expect(same).toBe(true);
  });

  it("shows a link's radius and days the form lacks, and Search with nothing touched asks them again", {
    timeout: HISTORY_MS,
  }, async () => {
    const page = await suite.open(`${SEARCH_PAGE}?zipcode=60601&radius=7&days=5`);
    await page.waitFor((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST, 20_000);
    await waitForResults(page);
    const form = () =>
      page.evaluate(() => ({
        radius: (document.querySelector('#radius') as HTMLSelectElement).selectedOptions[0]?.text,
        days: (document.querySelector('#days') as HTMLSelectElement).selectedOptions[0]?.text,
        found: [
          document.querySelector('#display_radius')?.textContent,
          document.querySelector('#display_days')?.textContent,
        ],
      }));
    expect(await form()).toEqual({ radius: '7 miles', days: '5 days', found: ['7', '5'] });
    const asked = suite.door.requests.length;
    await page.click('#donors-in-your-area button[type="submit"]');
    // The submit's own request, the signal that it ran: it asks what the form shows.
    await pollUntil(async () => searchedSince(asked).length > 0, 20_000, 'the search to be asked again');
    expect(searchedSince(asked)).toEqual([`${SEARCH_ROUTE}60601/7/5`]);
    await page.waitFor(() => document.querySelector('.alert-before')?.textContent === '');
    expect(await form()).toEqual({ radius: '7 miles', days: '5 days', found: ['7', '5'] });
    expect(new URL(await page.url()).search).toBe('?zipcode=60601&radius=7&days=5');
  });

  it("centres a row's donation on the map from its button, by keyboard", {
    timeout: HISTORY_MS,
  }, async () => {
    const page = await suite.open(`${SEARCH_PAGE}?zipcode=60601&radius=30&days=90`);
    await page.waitFor((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST, 20_000);
    const name = await page.evaluate(
      () => document.querySelector('.donors-row-show')?.getAttribute('aria-label') ?? '',
    );
    // The route numbers its rows 1…N and sends each title up to its first " - ", the donor's name left out.
    expect(name).toMatch(/^Show donation 1, .+, on the map$/);
    expect(name).not.toContain(' - ');
    await page.focus('.donors-search-table thead th:last-child button');
    await page.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('donors-row-show');
    await page.press('Enter');
    await page.waitFor(
      () => document.querySelector('.donors-search-table tbody tr')?.getAttribute('aria-current') === 'true',
    );
  });
});
