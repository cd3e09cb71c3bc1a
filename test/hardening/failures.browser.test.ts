/**
 * Every failure ends well (see docs/how-it-works.md#when-a-search-fails): for each row of the failure matrix, on the home page with every
 * island, in every engine, the search ends with a clear message (or its results), Search usable, every
 * other submit button back to its own label and state, no uncaught error, and the other islands still working.
 */
import { afterAll, expect, it, onTestFailed } from 'vitest';
import type { EngineName } from '../engines/engine-page.ts';
import { describeEngines } from '../engines/suite.ts';
import { FAILURE_CASES, islandReports } from './failure-cases.ts';
import { type RowResult, writeFailureRun } from './failure-matrix.ts';
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

const results = new Map<string, Map<EngineName, RowResult>>();
// After every engine's describe: the run's matrix has a column per engine.
afterAll(() => writeFailureRun(FAILURE_CASES, results));

describeEngines('every failure of the search ends well', (suite) => {
  const record = (row: string, result: RowResult) => {
    const byEngine = results.get(row) ?? new Map<EngineName, RowResult>();
    byEngine.set(suite.engine, result);
    results.set(row, byEngine);
  };

  it.each(FAILURE_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    onTestFailed(() => record(row.name, 'failed'));
    const from = suite.door.requests.length;
    const requested = () => suite.door.requests.slice(from).map(({ url }) => url);
    const path = row.config ? withConfig('/', row.config) : '/';
    const page = await suite.open(path, {
      ...(row.fault && { fault: row.fault }),
      ...(row.loggedIn && { loggedIn: true }),
    });
    await page.waitFor(() => document.querySelector('#zipcode'), undefined, 5000);
    await page.waitFor(() => document.querySelector('[data-priority-open][aria-expanded]'), undefined, 5000);
    const buttonsBefore = await submitButtons(page);
    expect(buttonsBefore).toEqual(['Search|enabled', 'Send my answers|enabled']);
    row.before?.(suite.server);

    await search(page, row.zip ?? SEARCH_ZIP);
    // Begun before it can end: a click's submit may still be on its way when the driver returns (WebKit).
    await page.waitFor(() => {
      const alert = document.querySelector('.alert-donors');
      return document.querySelector('.alert-before p') || (alert && alert.getClientRects().length > 0);
    });
    await searchEnded(page);

    expect(await statusLines(page)).toEqual(row.status);
    expect(
      await page.evaluate(() => {
        const alert = document.querySelector('.alert-donors');
        return (
          !!alert && alert.getClientRects().length > 0 && getComputedStyle(alert).visibility !== 'hidden'
        );
      }),
    ).toBe(row.results);
    expect((await tableRows(page)).length > 0).toBe(row.results);
    if (row.results)
      expect(await page.evaluate(() => document.querySelector('#display_zipcode')?.textContent)).toBe(
        SEARCH_ZIP,
      );
    await row.check?.(page, requested);

    expect(await submitButtons(page)).toEqual(buttonsBefore);
    const problems = await page.problems();
    expect(islandReports(problems)).toHaveLength(row.reports ?? 0);
    expect(problems.filter((problem) => !islandReports([problem]).length)).toEqual([]);
    expect(await priorityNoteOpens(page)).toBe(true);
    record(row.name, 'passed');
  });
});
