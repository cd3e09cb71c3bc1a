/**
 * What the donors-search browser tests share: searching like a visitor, reading the table and the
 * markers, and asking the mock server's route directly for the answer to compare with. Each takes an
 * engine page or the Chromium-only harness's Playwright page, so one helper serves every suite.
 */
import type { EnginePage } from '../../engines/engine-page.ts';
import { type AnyPage, enginePage } from '../../page-helpers.ts';

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

/** Submits the form as Enter would, even while the page's submit lock has disabled the button. */
export async function searchAgain(anyPage: AnyPage, zipcode: string) {
  const page = enginePage(anyPage);
  await page.fill((await searchFields(page, '')).zipcode, zipcode);
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

/** The rows of the table's current page (the first table, or the one in `scope`), as cell texts. */
export const tableRows = (page: AnyPage, scope = '') =>
  enginePage(page).evaluate((within) => {
    const root = within ? document.querySelector(within) : document;
    return Array.from(root?.querySelectorAll('.donors-search-table tbody tr') ?? [], (row) =>
      Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent),
    );
  }, scope);

const NEXT = '.donors-table-pages button:last-of-type';

/**
 * Every row of the table, page after page, reached as a keyboard user would: focus Next and press
 * Enter, until Next says it is disabled.
 */
export async function allTableRows(anyPage: AnyPage) {
  const page = enginePage(anyPage);
  const rows = await tableRows(page);
  const next = await textOf(page, NEXT);
  if (next === null) return rows;
  if (next.trim() !== 'Next 100') throw new Error(`the table's last page button reads ${next}`);
  await page.focus(NEXT);
  for (;;) {
    const state = await page.evaluate(
      (target) => ({
        disabled: document.querySelector(target)?.getAttribute('aria-disabled') === 'true',
        count: document.querySelector('.donors-table-pages p')?.textContent ?? '',
      }),
      NEXT,
    );
    if (state.disabled) return rows;
    await page.press('Enter');
    await page.waitFor(
      (text) => document.querySelector('.donors-table-pages p')?.textContent !== text,
      state.count,
    );
    rows.push(...(await tableRows(page)));
  }
}

/** The donation markers in view (the centre marker left out): single donations and clusters. */
export const mapMarkers = (page: AnyPage, scope = '') =>
  enginePage(page).evaluate((within) => {
    const root = within ? document.querySelector(within) : document;
    return Array.from(
      root?.querySelectorAll('.donors-search-map .donors-search-marker:not(.donors-search-centre)') ?? [],
      (element) => ({ title: element.getAttribute('title'), label: element.textContent }),
    );
  }, scope);

/** How many donations `markers` stand for: a cluster its count (named in its title), a single one 1. */
export const donationsMarked = (markers: { title: string | null }[]) =>
  markers.reduce((sum, { title }) => {
    const cluster = /^Cluster of ([\d,]+) donations$/.exec(title ?? '');
    return sum + (cluster ? Number(cluster[1]?.replace(/,/g, '')) : 1);
  }, 0);

/** The route's answer, fetched by the page itself (same origin, no nonce needed for a GET). */
export const askRoute = (page: AnyPage, zipcode: string, radius = '15', days = '30') =>
  enginePage(page).evaluate(
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
