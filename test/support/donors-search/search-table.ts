/**
 * The donors search's table as a visitor reads it, in any engine: the rows of its current page, or
 * every row reached page after page by keyboard.
 */
import { type AnyPage, enginePage } from '../../page-helpers.ts';
import { textOf } from './search-page.ts';

/** The rows of the table's current page (the first table, or the one in `scope`), as cell texts. */
export const tableRows = (page: AnyPage, scope = '') =>
  enginePage(page).evaluate((within) => {
    const root = within ? document.querySelector(within) : document;
    return Array.from(root?.querySelectorAll('.donors-search-table tbody tr') ?? [], (row) =>
      Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent ?? ''),
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
