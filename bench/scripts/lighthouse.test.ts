import { describe, expect, it } from 'vitest';
import { auditSummary, medianRun, meetsGoal, taskSource } from './lighthouse.mjs';

const lhr = (score: number | null, tbt: number, error?: string) =>
  ({
    categories: { performance: { score } },
    audits: {
      'total-blocking-time': { numericValue: tbt },
      'largest-contentful-paint': { numericValue: 1200 },
      'cumulative-layout-shift': { numericValue: 0 },
    },
    ...(error ? { runtimeError: { code: 'X', message: error } } : {}),
  }) as never;

describe('the Lighthouse summary', () => {
  it('rounds the score and the blocking time as the report shows them', () => {
    expect(auditSummary(lhr(0.995, 0.4))).toMatchObject({ score: 100, tbt: 0 });
    expect(auditSummary(lhr(0.994, 32.6))).toMatchObject({ score: 99, tbt: 33 });
  });

  it('keeps a run that failed as no score, with its reason', () => {
    expect(auditSummary(lhr(null, Number.NaN, 'NO_FCP'))).toMatchObject({ score: null, error: 'NO_FCP' });
  });

  it('reports the middle run, with the longer blocking time first among equal scores', () => {
    const runs = [auditSummary(lhr(1, 0)), auditSummary(lhr(0.97, 40)), auditSummary(lhr(1, 10))];
    expect(medianRun(runs)).toMatchObject({ score: 100, tbt: 10 });
    expect(medianRun([auditSummary(lhr(null, Number.NaN, 'E')), ...runs.slice(1)])).toMatchObject({
      score: 97,
    });
  });

  it('meets the goal only with a score of 100 and no blocking time', () => {
    expect(meetsGoal(auditSummary(lhr(1, 0)))).toBe(true);
    expect(meetsGoal(auditSummary(lhr(1, 1)))).toBe(false);
    expect(meetsGoal(auditSummary(lhr(0.99, 0)))).toBe(false);
  });
});

describe('taskSource', () => {
  const base = 'http://127.0.0.1:3000';
  it("names a site's file by its path without the content hash", () => {
    expect(taskSource(`${base}/dist/chunks/donors-search-UWTT6TFZ.js`, base)).toBe(
      '/dist/chunks/donors-search.js',
    );
    expect(taskSource(`${base}/islands/donors-search/`, base)).toBe('/islands/donors-search/');
  });
  it('keeps anything else as Lighthouse gave it', () => {
    expect(taskSource('Unattributable', base)).toBe('Unattributable');
    expect(taskSource('', base)).toBe('unattributed');
  });
});
