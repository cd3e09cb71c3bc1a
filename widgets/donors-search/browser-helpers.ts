/**
 * What the donors-search browser tests share: searching like a visitor, reading the table and the
 * markers, and asking the mock server's route directly for the answer to compare with.
 */
import type { Locator, Page } from 'playwright-core';

export const SEARCH_PAGE = '/islands/donors-search/';

export interface RouteItem {
  number: unknown;
  title: unknown;
  zipcode: unknown;
  date: unknown;
  coordinates?: unknown;
}

export interface RouteAnswer {
  coordinates: { lat: number; lng: number };
  donations_by_zipcode: Record<string, number> | [];
  data: { donations: RouteItem[] };
}

export { withConfig } from '../../test/page-helpers.ts';

/** Searches in `page`'s only donors search, or in the one inside `scope` when a page has several. */
export async function search(scope: Page | Locator, zipcode: string, radius = '15', days = '30') {
  await scope.getByLabel('Zip code').fill(zipcode);
  await scope.getByLabel('Within').selectOption(radius);
  await scope.getByLabel('In the last').selectOption(days);
  await scope.getByRole('button', { name: 'Search' }).click();
}

/** Submits the form as Enter would, even while the page's submit lock has disabled the button. */
export async function searchAgain(page: Page, zipcode: string) {
  await page.getByLabel('Zip code').fill(zipcode);
  await page.locator('#donors-in-your-area').evaluate((form: HTMLFormElement) => form.requestSubmit());
}

/** Waits for the results alert and for the last row group. */
export async function waitForResults(page: Page) {
  await page.locator('.alert-donors').waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('#donors-in-your-area-table[aria-busy]'));
}

export const tableRows = (page: Page) =>
  page.$$eval('#donors-in-your-area-table tbody tr', (rows) =>
    rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent)),
  );

/**
 * Every row of the table, page after page, reached as a keyboard user would: Tab to Next and Enter,
 * until Next says it is disabled.
 */
export async function allTableRows(page: Page) {
  const rows = await tableRows(page);
  const next = page.getByRole('button', { name: 'Next 100' });
  if ((await next.count()) === 0) return rows;
  await next.focus();
  for (;;) {
    if ((await next.getAttribute('aria-disabled')) === 'true') return rows;
    const before = await page.locator('.donors-table-pages p').textContent();
    await page.keyboard.press('Enter');
    // The next page's rows, read in the same evaluation that sees the count change.
    const turned = await page.waitForFunction((text) => {
      const count = document.querySelector('.donors-table-pages p')?.textContent;
      if (count === text) return false;
      return Array.from(document.querySelectorAll('#donors-in-your-area-table tbody tr'), (row) =>
        Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent),
      );
    }, before);
    rows.push(...((await turned.jsonValue()) as typeof rows));
  }
}

/** The donation markers in view (the centre marker left out): single donations and clusters. */
export const mapMarkers = (page: Page) =>
  page
    .locator('#map .donors-search-marker:not(.donors-search-centre)')
    .evaluateAll((elements) =>
      elements.map((element) => ({ title: element.getAttribute('title'), label: element.textContent })),
    );

/** How many donations `markers` stand for: a cluster its count (named in its title), a single one 1. */
export const donationsMarked = (markers: { title: string | null }[]) =>
  markers.reduce((sum, { title }) => {
    const cluster = /^Cluster of ([\d,]+) donations$/.exec(title ?? '');
    return sum + (cluster ? Number(cluster[1]?.replace(/,/g, '')) : 1);
  }, 0);

/** The route's answer, fetched by the page itself (same origin, no nonce needed for a GET). */
export const askRoute = (page: Page, zipcode: string, radius = '15', days = '30') =>
  page.evaluate(
    (path) => fetch(path).then((response) => response.json()),
    `/wp-json/donations/v1/search/${zipcode}/${radius}/${days}`,
  ) as Promise<RouteAnswer>;

/** Each donation with coordinates, as the island must mark it: title = zipcode, label = that zip's count. */
export function expectedMarkers(answer: RouteAnswer) {
  const counts = answer.donations_by_zipcode as Record<string, number>;
  return answer.data.donations
    .filter((item) => typeof item.coordinates === 'object' && item.coordinates !== null)
    .map((item) => ({ title: String(item.zipcode), label: String(counts[String(item.zipcode)]) }));
}
