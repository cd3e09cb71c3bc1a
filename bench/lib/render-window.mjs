/**
 * Timing one render window in Chromium, the same way for the island and for the floor: from the moment
 * a held answer is released to the page until `window.__bench.done` resolves (the caller arms it with
 * `__bench.whenRendered`, which waits for the content and then one more frame).
 * - main-thread time: Chromium's own TaskDuration counter (CDP Performance) over the window, so work
 *   split into many small tasks is counted in full;
 * - longest task: PerformanceObserver 'longtask' entries in the window (the browser reports only tasks
 *   of 50 ms or more, so 0 means every task stayed under 50 ms).
 */
import { openIsolatedPage } from './browser.mjs';

// Runs in the page before its scripts, so no long task escapes the observer. `whenRendered(done, root)`
// resolves with performance.now() once `done()` holds and the next frame has run.
const instrumentPage = () => {
  const whenRendered = (done, root) =>
    new Promise((resolve) => {
      const finish = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
      if (done()) return finish();
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        finish();
      });
      observer.observe(root, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
    });
  const bench = { longtasks: [], whenRendered };
  Object.assign(window, { __bench: bench });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
};

/**
 * Opens `path` with the instrumentation, a CDP session for Chromium's counters and every request to
 * `route` held until `release(body)` answers it.
 */
export async function openProbe(browser, baseUrl, path, route) {
  const { page, context } = await openIsolatedPage(browser, baseUrl, {
    before: (page) => page.addInitScript(instrumentPage),
  });
  // A render that never completes must fail the bench, not hang it.
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskMs = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
  let inFlight = 0;
  page.on('request', () => inFlight++);
  for (const settled of ['requestfinished', 'requestfailed']) page.on(settled, () => inFlight--);
  /** @type {((body: string) => Promise<void>)[]} */
  const held = [];
  await page.route(route, (r) => held.push((body) => r.fulfill({ contentType: 'application/json', body })));
  await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
  return {
    page,
    context,
    taskMs,
    async release(body) {
      for (let waited = 0; held.length === 0; waited += 5) {
        if (waited > 30_000) throw new Error(`the page never requested ${route}`);
        await page.waitForTimeout(5);
      }
      await held.shift()(body);
    },
    /** Resolves once no request has been in flight for 300 ms. */
    async networkQuiet() {
      for (let quiet = 0; quiet < 300; quiet = inFlight === 0 ? quiet + 50 : 0) await page.waitForTimeout(50);
    },
  };
}

/** Times the window from releasing `body` to `window.__bench.done`, which the caller has armed. */
export async function timeWindow({ page, taskMs, release }, body, urlPart) {
  const before = await taskMs();
  await release(body);
  const end = await Promise.race([
    page.evaluate(() => window.__bench.done),
    page.waitForTimeout(60_000).then(async () => {
      const seen = await page.evaluate(() => ({
        rows: document.querySelectorAll('tbody tr').length,
        markers: document.querySelectorAll('#map .donors-search-marker').length,
      }));
      throw new Error(`${urlPart}: not all on screen after 60 s: ${JSON.stringify(seen)}`);
    }),
  ]);
  const mainThreadMs = (await taskMs()) - before;
  const { start, longest } = await page.evaluate(
    ({ end, urlPart }) => {
      const entry = performance.getEntriesByType('resource').findLast((e) => e.name.includes(urlPart));
      const inWindow = (t) => t.start + t.duration >= entry.responseEnd && t.start <= end;
      const tasks = window.__bench.longtasks.filter(inWindow);
      return { start: entry.responseEnd, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
    },
    { end, urlPart },
  );
  return { mainThreadMs, wallMs: end - start, longestTaskMs: longest };
}
