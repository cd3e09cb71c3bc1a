import { releaseSubmitLock } from '../../shared/submit-lock-signal.ts';
import type { Strategy } from './strategy.ts';

/**
 * What counts as a visitor reaching for an island: a pointer over it or pressed on it, focus in it, a
 * key or a touch. Not the page going idle and not the host scrolling into view: reading costs nothing.
 */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'];

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
  let held: FormData | undefined;
  let go: (() => void) | undefined = start;
  const status = host.querySelector<HTMLElement>('[data-working-text]');
  const plain = status?.className;
  // Listeners stay until the host leaves: once started, a reach does nothing.
  const reach = () => {
    go?.();
    go = undefined;
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
    held = new FormData(event.target as HTMLFormElement);
    say('working');
    reach();
  };
  for (const type of INTENT_EVENTS) host.addEventListener(type, reach, { passive: true, signal });
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
