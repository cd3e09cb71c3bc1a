import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressReporter } from './progress.js';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { out: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('progress on stderr', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a line at each tenth in a log, never twice for one tenth and never for the end', () => {
    const { out, written } = stream(false);
    const progress = progressReporter(out);
    for (const [share, files] of [
      [0.05, 1],
      [0.12, 1],
      [0.19, 3],
      [0.31, 4],
      [0.99, 9],
      [1, 10],
    ] as const) {
      progress.update(share, files);
    }
    progress.finish();
    expect(written).toEqual([
      '12% read, 1 file written\n',
      '31% read, 4 files written\n',
      '99% read, 9 files written\n',
    ]);
  });

  it('rewrites one line on a terminal at most five times a second, and clears it at the end', () => {
    vi.useFakeTimers();
    const { out, written } = stream(true);
    const progress = progressReporter(out);
    progress.update(0.1, 1_000);
    progress.update(0.2, 2_000);
    vi.advanceTimersByTime(250);
    progress.update(0.3, 3_000);
    progress.finish();
    expect(written).toEqual([
      '\r10% read, 1,000 files written',
      '\r30% read, 3,000 files written',
      '\r\x1b[K',
    ]);
  });
});
