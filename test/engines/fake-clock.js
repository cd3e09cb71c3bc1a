// A page's clock that a test can move forward, the same way in every engine (Playwright's clock drives
// Chromium and Firefox only). The front door puts it first on a page when the `harness-clock=fake`
// cookie is set, before the probe and every script of the page. Time runs on as usual; `runFor(ms)`
// moves it on by `ms` at once, firing every timer due on the way in order, as Playwright's `runFor` does.
// It fakes timers and `Date`; animation frames and `performance.now()` keep the real clock.
(() => {
  const real = { setTimeout: setTimeout.bind(window), now: Date.now.bind(Date) };
  const RealDate = Date;
  let offset = 0;
  let nextId = 1;
  /** @type {Map<number, { at: number, delay: number, fn: Function, args: unknown[], every?: number }>} */
  const timers = new Map();
  const now = () => real.now() + offset;

  const earliestDue = (until) => {
    let due;
    for (const [id, timer] of timers)
      if (timer.at <= until && (!due || timer.at < due[1].at)) due = [id, timer];
    return due;
  };
  const fire = ([id, timer]) => {
    if (timer.every === undefined) timers.delete(id);
    else {
      timer.at += Math.max(1, timer.every);
      wake(timer.at);
    }
    timer.fn(...timer.args);
  };
  const runDue = () => {
    for (let due = earliestDue(now()); due; due = earliestDue(now())) fire(due);
  };
  /**
   * A real timer for when the next fake one falls due, so time running on its own fires it too. Firefox
   * may run a real timer a moment before its coarsened `Date.now` reaches `at`: it then waits again,
   * since nothing else would wake that fake timer.
   */
  const wake = (at) => real.setTimeout(() => (now() < at ? wake(at) : runDue()), Math.max(0, at - now()));
  const add = (fn, delay, args, repeat) => {
    const id = nextId++;
    if (typeof fn !== 'function') return id;
    const ms = Math.max(0, Number(delay) || 0);
    timers.set(id, { at: now() + ms, delay: ms, fn, args, ...(repeat && { every: ms }) });
    wake(now() + ms);
    return id;
  };
  const clear = (id) => void timers.delete(id);

  window.setTimeout = (fn, delay, ...args) => add(fn, delay, args, false);
  window.setInterval = (fn, delay, ...args) => add(fn, delay, args, true);
  window.clearTimeout = clear;
  window.clearInterval = clear;

  class FakeDate extends RealDate {
    constructor(...args) {
      super(...(args.length ? args : [now()]));
    }
    static now() {
      return now();
    }
  }
  window.Date = FakeDate;

  Object.defineProperty(window, '__harnessClock', {
    value: {
      /** Moves the clock on by `ms`, firing every timer due on the way; resolves with how many fired. */
      runFor(ms) {
        const until = now() + ms;
        let fired = 0;
        for (let due = earliestDue(until); due; due = earliestDue(until)) {
          offset += Math.max(0, due[1].at - now());
          fire(due);
          fired++;
        }
        offset += Math.max(0, until - now());
        return fired;
      },
      /** The timers still waiting, each as its delay in ms and whether it repeats. */
      waiting: () =>
        Array.from(timers.values(), ({ delay, every }) => ({ delay, repeats: every !== undefined })),
    },
  });
})();
