import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';

const source = readFileSync(new URL('./fake-clock.js', import.meta.url), 'utf8');

/**
 * Runs fake-clock.js on a stand-in window whose real clock and real timers the test drives, so a real
 * timer can be made to fire a little before its time, as Firefox's do against its coarsened Date.now.
 */
function pageWithFakeClock() {
  let realNow = 1_000_000;
  const realTimers: { at: number; fn: () => void }[] = [];
  class RealDate extends Date {
    static override now = () => realNow;
  }
  const page: Record<string, unknown> = {
    Date: RealDate,
    setTimeout: (fn: () => void, ms: number) => realTimers.push({ at: realNow + ms, fn }),
  };
  page.window = page;
  runInNewContext(source, page);
  return {
    page: page as unknown as Pick<Window, 'setInterval' | 'setTimeout'>,
    /** Sets the real clock to `at` (from the start) and runs every real timer then due, or `early` ms early. */
    realTimeIs(at: number, early = 0) {
      realNow = 1_000_000 + at;
      for (const timer of realTimers.splice(0).sort((a, b) => a.at - b.at))
        if (timer.at - early <= realNow) timer.fn();
        else realTimers.push(timer);
    },
  };
}

it('fires a timer as real time runs on', () => {
  const { page, realTimeIs } = pageWithFakeClock();
  const fired: number[] = [];
  page.setInterval(() => fired.push(1), 500);
  realTimeIs(500);
  realTimeIs(1000);
  expect(fired).toHaveLength(2);
});

it('keeps waiting for a timer when the real timer meant to wake it fires early', () => {
  const { page, realTimeIs } = pageWithFakeClock();
  const fired: number[] = [];
  page.setInterval(() => fired.push(1), 500);
  realTimeIs(499, 1);
  expect(fired).toHaveLength(0);
  realTimeIs(500);
  realTimeIs(1000);
  expect(fired).toHaveLength(2);
});
