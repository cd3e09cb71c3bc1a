import { describe, expect, it } from 'vitest';
import { engineOf, failureOf, format, tally } from './tally.mjs';

const chunkRetry = (engine: string) =>
  failureOf(
    'browser',
    'src/loader/chunk-retry.browser.test.ts',
    [`an island whose chunk was cut off by leaving the page in ${engine}`],
    'mounts when the visitor comes back, without an error',
    [{ message: 'waited 10000 ms for a function to hold in the page\n    at pollUntil' }],
  );

describe('the repeat command’s tally', () => {
  it('names the engine a describeEngines suite ran in, and Chromium for the Chromium-only suites', () => {
    expect(engineOf('browser', ['a suite in webkit', 'an inner suite'])).toBe('webkit');
    expect(engineOf('browser', ['the CSP of every demo page'])).toBe('chromium');
    expect(engineOf('wordpress-7.1', ['the front end'])).toBe('chromium');
    expect(engineOf('unit', ['the page config'])).toBe('-');
  });

  it('counts a test once per run it failed in, most often first, with each distinct first line', () => {
    const other = failureOf('browser', 'test/looks.browser.test.ts', ['looks in firefox'], 'draws', [
      { message: 'expected 3 to be 4' },
    ]);
    const rows = tally([[chunkRetry('webkit'), chunkRetry('webkit')], [], [other, chunkRetry('webkit')]]);
    expect(rows.map(({ engine, failed, messages }) => ({ engine, failed, messages }))).toEqual([
      { engine: 'webkit', failed: 2, messages: ['waited 10000 ms for a function to hold in the page'] },
      { engine: 'firefox', failed: 1, messages: ['expected 3 to be 4'] },
    ]);
  });

  it('prints each failing test with its engine and how many of the runs it failed', () => {
    const report = format(tally([[chunkRetry('webkit')], [], []]), 3, ['browser']);
    expect(report).toContain('1 test failed at least once in 3 runs of browser:');
    expect(report).toMatch(/1\/3 {2}webkit +src\/loader\/chunk-retry\.browser\.test\.ts \[browser\]/);
    expect(report).toContain(
      'an island whose chunk was cut off by leaving the page in webkit > mounts when the visitor comes back',
    );
    expect(format([], 3, ['browser', 'wordpress-7.1'])).toBe(
      'No test failed in 3 runs of browser, wordpress-7.1.',
    );
  });
});
