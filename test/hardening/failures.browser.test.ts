/**
 * Every failure ends well (see docs/how-it-works.md#when-a-search-fails): for each row of the failure matrix, on the home page with every
 * island, the search ends with a clear message (or its results), Search usable, every other submit
 * button back to its own label and state, no uncaught error, and the other islands still working.
 */
import { afterAll, expect, it, onTestFailed } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../browser.ts';
import { FAILURE_CASES } from './failure-cases.ts';
import { type RowResult, writeFailureMatrix } from './failure-matrix.ts';
import {
  priorityNoteOpens,
  SEARCH_ZIP,
  search,
  searchEnded,
  statusLines,
  submitButtons,
  tableRows,
  withConfig,
} from './helpers.ts';

describeBrowser('every failure of the search ends well, in Chromium', () => {
  const suite = useBrowserSuite();
  const results = new Map<string, RowResult>();
  afterAll(() => writeFailureMatrix(FAILURE_CASES, results));

  it.each(FAILURE_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    onTestFailed(() => {
      results.set(row.name, 'failed');
    });
    const path = row.config ? withConfig('/', row.config) : '/';
    const opened = await suite.open(path, {
      ...(row.fault && { fault: row.fault }),
      ...(row.setup && { before: row.setup }),
    });
    const { page, pageErrors, consoleErrors } = opened;
    await page.locator('#zipcode').waitFor({ timeout: 5000 });
    await page.locator('[data-priority-open][aria-expanded]').waitFor({ timeout: 5000 });
    const buttonsBefore = await submitButtons(page);
    expect(buttonsBefore).toEqual(['Search|enabled', 'Send my answers|enabled']);
    row.before?.(suite.server);

    await search(page, row.zip ?? SEARCH_ZIP);
    await searchEnded(page);

    expect(await statusLines(page)).toEqual(row.status);
    expect(await page.locator('.alert-donors').isVisible()).toBe(row.results);
    expect((await tableRows(page)).length > 0).toBe(row.results);
    if (row.results) expect(await page.locator('#display_zipcode').textContent()).toBe(SEARCH_ZIP);
    await row.check?.(page, opened);

    expect(await submitButtons(page)).toEqual(buttonsBefore);
    expect(pageErrors).toEqual([]);
    const islandErrors = consoleErrors.filter((message) => message.startsWith('[donation-widgets]'));
    expect(islandErrors).toHaveLength(row.reports ?? 0);
    expect(await priorityNoteOpens(page)).toBe(true);
    results.set(row.name, 'passed');
  });
});
