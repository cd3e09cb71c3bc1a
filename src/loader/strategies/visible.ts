import type { Strategy } from './strategy.ts';

/** The distance from the viewport at which a host starts loading, as for the lazy backgrounds. */
const NEAR_VIEWPORT = '200px';

/** What a visitor does to a host they reached without scrolling it into view (a skip link, a tap). */
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'touchstart'];

/**
 * Loads an island when its host comes within 200px of the viewport, or at once when the visitor
 * interacts with it first, so a page whose island sits far below the fold downloads nothing for it
 * until the visitor heads there. Without IntersectionObserver it loads at once. See
 * docs/how-it-works.md#loading-strategies.
 */
export const visible: Strategy = (host, signal, start) => {
  if (typeof IntersectionObserver !== 'function') {
    start();
    return;
  }
  let waiting = true;
  const stop = () => {
    waiting = false;
    observer.disconnect();
    for (const type of INTERACTIONS) host.removeEventListener(type, go);
  };
  // An entry already queued when the observer was disconnected may still be delivered.
  const go = () => {
    if (!waiting) return;
    stop();
    start();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) go();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  observer.observe(host);
  for (const type of INTERACTIONS) host.addEventListener(type, go, { passive: true });
  signal.addEventListener('abort', stop, { once: true });
};
