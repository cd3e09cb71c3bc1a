import { releaseSubmitLock } from '../../shared/submit-lock-signal.ts';
import { numberCopy } from './number-copy.ts';
import type { Strategy } from './strategy.ts';

/**
 * What counts as a visitor reaching for an island at once: a pointer pressed on it, focus in it, a key
 * or a touch. A pointer that only passes over it counts once it has stayed DWELL_MS (a page scrolled
 * under a resting mouse brings nothing); the host scrolling into view never does: reading costs nothing.
 */
export const INTENT_EVENTS = ['pointerdown', 'focusin', 'keydown', 'touchstart'];
export const DWELL_MS = 100;

/** A visitor who asked the browser to save data: only focus in the host or a submit loads the island. */
const savesData = () => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Loads an island when the visitor reaches for it (see docs/how-it-works.md#loading-strategies), or at
 * once when the page's address names one of the host's visible fields (a search's own address, opened
 * from a link, a reload or a submit without the code). A form
 * submitted inside the host before the code has arrived is held: the page does not navigate, the host's
 * status area (the element with `data-working-text`) shows those words and takes the classes in its
 * `data-working-class`, and the island, once mounted, receives the last submitted form data to act on.
 * When the code cannot be loaded at all, a held submit is not left working: the status area shows its
 * `data-failed-text` (classes `data-failed-class`), the page's submit lock is released, and the form is
 * no longer held, so a next submit does what it does without JavaScript.
 */
export const intent: Strategy = (host, signal, start) => {
  // The island waits for the visitor; copies pasted by hand must not share ids meanwhile.
  numberCopy(host);
  let held: FormData | undefined;
  let dwell: ReturnType<typeof setTimeout> | undefined;
  // Aborted once the download has started (or the host has left): from then on a reach does nothing.
  const listening = new AbortController();
  signal.addEventListener('abort', () => listening.abort(), { once: true });
  const status = host.querySelector<HTMLElement>('[data-working-text]');
  const plain = status?.className;
  const reach = () => {
    clearTimeout(dwell);
    if (listening.signal.aborted) return;
    listening.abort();
    start();
  };
  const say = (kind: 'working' | 'failed') => {
    if (!status) return;
    const note = document.createElement('p');
    note.textContent = status.dataset[`${kind}Text`] ?? '';
    status.replaceChildren(note);
    status.className = `${plain} ${status.dataset[`${kind}Class`]}`;
  };
  const hold = (event: Event) => {
    event.preventDefault();
    // A host that is the form itself (Donation Manager's search): see the lazy strategy's wait.
    if (event.target === host) event.stopPropagation();
    held = new FormData(event.target as HTMLFormElement);
    say('working');
    reach();
  };
  const options = { passive: true, signal: listening.signal };
  if (savesData()) host.addEventListener('focusin', reach, options);
  else {
    for (const type of INTENT_EVENTS) host.addEventListener(type, reach, options);
    host.addEventListener('pointerenter', () => (dwell = setTimeout(reach, DWELL_MS)), options);
    host.addEventListener('pointerleave', () => clearTimeout(dwell), options);
  }
  listening.signal.addEventListener('abort', () => clearTimeout(dwell), { once: true });
  // This chunk arrives after the page has shown: a visitor may be in the form already.
  if (host.contains(host.ownerDocument.activeElement)) reach();
  host.addEventListener('submit', hold, { signal });
  // The address names one of its form's fields: this is a search's own page, a visitor already reached.
  for (const name of new URLSearchParams(location.search).keys())
    if (host.querySelector(`[name="${CSS.escape(name)}"]:not([type=hidden])`)) reach();
  return (failed) => {
    host.removeEventListener('submit', hold);
    if (failed && held) {
      say('failed');
      releaseSubmitLock(host.ownerDocument);
    }
    return held;
  };
};
