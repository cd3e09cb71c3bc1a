import { eventSender, type SendEvent } from './send.ts';

/** How often a page without analytics is checked again. */
export const CHECK_EVERY_MS = 500;
/**
 * How long analytics may take to appear: a consent manager (Complianz, CookieYes) or a late Google Tag
 * Manager defines `gtag` or `dataLayer` seconds after load, or once the visitor answers the banner.
 * A thank-you page read for longer than this without analytics reports nothing.
 */
export const WAIT_FOR_ANALYTICS_MS = 5 * 60_000;

/**
 * Calls `ready` once with the page's event sender: at once when the page has analytics, or as soon as
 * `gtag` or `dataLayer` appears (or Consent Mode allows a dataLayer push) within WAIT_FOR_ANALYTICS_MS.
 * A plain check every CHECK_EVERY_MS, since a consent manager may define either global in any way
 * (a `var`, an assignment, a script it injects); it stops when `signal` aborts or the time is up, so
 * nothing is left waiting.
 */
export function whenAnalyticsReady(win: Window, signal: AbortSignal, ready: (send: SendEvent) => void): void {
  if (signal.aborted) return;
  const now = eventSender(win);
  if (now) {
    ready(now);
    return;
  }
  const stop = () => {
    clearInterval(check);
    clearTimeout(giveUp);
    signal.removeEventListener('abort', stop);
  };
  const check = setInterval(() => {
    const send = eventSender(win);
    if (!send) return;
    stop();
    ready(send);
  }, CHECK_EVERY_MS);
  const giveUp = setTimeout(stop, WAIT_FOR_ANALYTICS_MS);
  signal.addEventListener('abort', stop, { once: true });
}
