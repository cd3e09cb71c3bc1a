/**
 * FAILURE-MATRIX.md lists every row of failure-cases.ts as the failure tests run it: compared, never
 * written, so a test run leaves the tree as it was (`-u` writes it again after a row changes).
 */
import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/engine-page.ts';
import { FAILURE_CASES } from './failure-cases.ts';
import { failureMatrix, type RowResult } from './failure-matrix.ts';

describe('the failure matrix', () => {
  it('is what failure-cases.ts says, row for row', async () => {
    await expect(failureMatrix(FAILURE_CASES)).toMatchFileSnapshot('./FAILURE-MATRIX.md');
  });

  it('gives a run a column per engine with each row’s verdict', () => {
    const [first, second] = FAILURE_CASES;
    if (!first || !second) throw new Error('failure-cases.ts has fewer than two rows');
    const results = new Map<string, Map<EngineName, RowResult>>([
      [first.name, new Map([['chromium', 'passed']])],
      [second.name, new Map([['chromium', 'failed']])],
    ]);
    const run = failureMatrix([first, second], { results, here: ['chromium'] });
    expect(run).toContain('**This run: 1 of 2 rows passed in every engine (Chromium).**');
    expect(run).toContain('| 1 | network failure (connection dropped) |');
    expect(run.split('\n').filter((line) => line.startsWith('| 1 ') || line.startsWith('| 2 '))).toEqual([
      expect.stringMatching(/\| ✅ \| not installed \| not installed \|$/),
      expect.stringMatching(/\| ❌ \| not installed \| not installed \|$/),
    ]);
  });
});
