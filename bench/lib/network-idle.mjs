/**
 * Network idle for one page, as the bench counts it: no request in flight, and none started or ended
 * for a quiet window. Playwright's own `networkidle` fires once per navigation, so it cannot tell when
 * the downloads that a later pointer or focus started have ended; this can, as often as it is asked.
 */

/**
 * @typedef {object} RequestEvents what is needed of a Playwright page (an EventEmitter in the tests)
 * @property {(event: 'request' | 'requestfinished' | 'requestfailed', listener: (request: { url(): string }) => void) => unknown} on
 */

/**
 * Starts watching `page`'s requests; call before the navigation so that none is missed.
 * @param {RequestEvents} page
 */
export function trackNetwork(page) {
  /** @type {Set<{ url(): string }>} */
  const inFlight = new Set();
  let changedAt = performance.now();
  page.on('request', (request) => {
    inFlight.add(request);
    changedAt = performance.now();
  });
  const ended = (request) => {
    inFlight.delete(request);
    changedAt = performance.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /**
     * Resolves once nothing has been in flight for `quietMs`; rejects after `timeoutMs`, naming the
     * requests still open, so a download that never ends fails the bench instead of hanging it.
     * @param {{ quietMs?: number, timeoutMs?: number }} [options]
     */
    async idle({ quietMs = 500, timeoutMs = 30_000 } = {}) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const quietFor = performance.now() - changedAt;
        if (inFlight.size === 0 && quietFor >= quietMs) return;
        if (performance.now() >= deadline) {
          const open = [...inFlight].map((request) => request.url());
          throw new Error(
            `the network was not idle after ${timeoutMs} ms; still loading: ${open.join(', ')}`,
          );
        }
        // With nothing in flight, the next look is when the window would close; otherwise soon.
        const wait = inFlight.size === 0 ? quietMs - quietFor : 50;
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, deadline - performance.now())));
      }
    },
  };
}
