/**
 * Searching in a page like a visitor, for every browser suite that opens the donors search: find the
 * form by its labels, search, wait for the results, and ask the mock server's route directly for the
 * answer to compare with. Each takes an engine page or the Chromium-only harness's Playwright page, so
 * one helper serves every suite. The table and the markers are read by search-table.ts and
 * search-markers.ts.
 */
import type { EnginePage } from '../../engines/engine-page.ts';
import { type AnyPage, enginePage } from '../../page-helpers.ts';
import type { RouteAnswer } from './search-answers.ts';

export const SEARCH_PAGE = '/islands/donors-search/';

export { withConfig } from '../../page-helpers.ts';

interface SearchFields {
  zipcode: string;
  radius: string;
  days: string;
  button: string;
}

/**
 * Selectors for the fields of the donors search inside `scope` (the page's first one without it), each
 * found by its label as a visitor finds it, and its Search button by its label.
 */
async function searchFields(page: EnginePage, scope: string): Promise<SearchFields> {
  const find = (within: string) => {
    const root = within ? document.querySelector(within) : document;
    if (!root) return undefined;
    const byLabel = (text: string) => {
      const label = Array.from(root.querySelectorAll('label')).find(
        (candidate) => candidate.textContent?.trim() === text,
      );
      return label?.htmlFor ? `#${CSS.escape(label.htmlFor)}` : undefined;
    };
    const button = Array.from(root.querySelectorAll('button')).find(
      (candidate) => candidate.type === 'submit' && candidate.textContent?.trim() === 'Search',
    );
    const fields = {
      zipcode: byLabel('Zip code'),
      radius: byLabel('Within'),
      days: byLabel('In the last'),
      button: button?.form?.id && `#${CSS.escape(button.form.id)} button[type="submit"]`,
    };
    return Object.values(fields).every(Boolean) ? (fields as Record<keyof typeof fields, string>) : undefined;
  };
  await page.waitFor(find, scope);
  const fields = await page.evaluate(find, scope);
  if (!fields) throw new Error(`no donors search form in ${scope || 'the page'}`);
  return fields;
}

/** Searches in the page's first donors search, or in the one inside `scope` (a selector) when a page has several. */
export async function search(anyPage: AnyPage, zipcode: string, radius = '15', days = '30', scope = '') {
  const page = enginePage(anyPage);
  const fields = await searchFields(page, scope);
  await page.fill(fields.zipcode, zipcode);
  await page.select(fields.radius, radius);
  await page.select(fields.days, days);
  await page.click(fields.button);
}

/**
 * Submits the page's donors search as Enter would, even while a search is under way: its button then
 * reads "one moment..." and is disabled by the submit lock, so only the zip field is looked for.
 */
export async function searchAgain(anyPage: AnyPage, zipcode: string) {
  const page = enginePage(anyPage);
  const field = '#donors-in-your-area #zipcode';
  await page.waitFor((target) => document.querySelector(target), field);
  await page.fill(field, zipcode);
  await page.evaluate(() => document.querySelector<HTMLFormElement>('#donors-in-your-area')?.requestSubmit());
}

/**
 * Whether the first element matching `selector` is shown as Playwright counts it: it has a box and is
 * not `visibility: hidden`.
 */
export const isVisible = (page: AnyPage, selector: string) =>
  enginePage(page).evaluate((target) => {
    const element = document.querySelector(target);
    return (
      !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
    );
  }, selector);

/** The text of the first element matching `selector`, or null when there is none. */
export const textOf = (page: AnyPage, selector: string) =>
  enginePage(page).evaluate((target) => document.querySelector(target)?.textContent ?? null, selector);

/** Waits for the results alert (in `scope` when given) and for the last row group. */
export async function waitForResults(anyPage: AnyPage, scope = '', timeout = 15_000) {
  await enginePage(anyPage).waitFor(
    (within) => {
      const root = within ? document.querySelector(within) : document;
      const alert = root?.querySelector('.alert-donors');
      return (
        !!alert &&
        alert.getClientRects().length > 0 &&
        getComputedStyle(alert).visibility !== 'hidden' &&
        !root?.querySelector('.donors-search-table[aria-busy]')
      );
    },
    scope,
    timeout,
  );
}

/** The route's answer, fetched by the page itself (same origin, no nonce needed for a GET). */
export const askRoute = (page: AnyPage, zipcode: string, radius = '15', days = '30') =>
  enginePage(page).evaluate(
    (path) => fetch(path).then((response) => response.json()),
    `/wp-json/donations/v1/search/${zipcode}/${radius}/${days}`,
  ) as Promise<RouteAnswer>;
