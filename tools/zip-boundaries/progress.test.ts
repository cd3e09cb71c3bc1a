import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressReporter } from './progress.js';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { out: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('progress on stderr', () => {
  afterEach(() => vi.useRealTimers());

  it('writes each step, then a line at each tenth of the files in a log, never twice for one tenth and never for the end', () => {
    const { out, written } = stream(false);
    const progress = progressReporter(out);
    progress.step('Reading x.zip…');
    for (const files of [1, 12, 19, 31, 99, 100]) progress.update(files, 100);
    progress.finish();
    expect(written).toEqual([
      'Reading x.zip…\n',
      '12 of 100 files written\n',
      '31 of 100 files written\n',
      '99 of 100 files written\n',
    ]);
  });

  it('rewrites one line on a terminal at most five times a second, and clears it at the end', () => {
    vi.useFakeTimers();
    const { out, written } = stream(true);
    const progress = progressReporter(out);
    progress.step('Simplifying…');
    progress.update(1_000, 30_000);
    progress.update(2_000, 30_000);
    vi.advanceTimersByTime(250);
    progress.update(3_000, 30_000);
    progress.finish();
    expect(written).toEqual([
      '\r\x1b[KSimplifying…',
      '\r\x1b[K1,000 of 30,000 files written',
      '\r\x1b[K3,000 of 30,000 files written',
      '\r\x1b[K',
    ]);
  });
});
