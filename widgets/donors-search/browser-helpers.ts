/**
 * What the donors-search browser tests share: searching like a visitor, reading the table and the
 * markers, and asking the mock server's route directly for the answer to compare with.
 */
import type { BrowserContext, Page } from 'playwright-core';

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

export async function search(page: Page, zipcode: string, radius = '15', days = '30') {
  await page.getByLabel('Zip code').fill(zipcode);
  await page.getByLabel('Within').selectOption(radius);
  await page.getByLabel('In the last').selectOption(days);
  await page.getByRole('button', { name: 'Search' }).click();
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

/** Lets a test serve a script from another origin: Google's documented CSP need, added to the demo's. */
export async function allowScriptsFrom(context: BrowserContext, origin: string) {
  await context.route(
    (url) => url.pathname.startsWith('/islands/') || url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      headers['content-security-policy'] = csp.replace("script-src 'self'", `script-src 'self' ${origin}`);
      await route.fulfill({ response, headers });
    },
  );
}
