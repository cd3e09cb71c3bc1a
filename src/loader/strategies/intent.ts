import type { Strategy } from './strategy.ts';

/**
 * What counts as a visitor reaching for an island: a pointer over it or pressed on it, focus in it, a
 * key or a touch. Not the page going idle and not the host scrolling into view: reading costs nothing.
 */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'];

/**
 * Loads an island when the visitor reaches for it (see docs/how-it-works.md#loading-strategies). A form
 * submitted inside the host before the code has arrived is held: the page does not navigate, the host's
 * status area (the element with `data-working-text`) shows those words and takes the classes in its
 * `data-working-class`, and the island, once mounted, receives the last submitted form data to act on.
 */
export const intent: Strategy = (host, signal, start) => {
  let held: FormData | undefined;
  let go: (() => void) | undefined = start;
  // Listeners stay until the host leaves: once started, a reach does nothing.
  const reach = () => {
    go?.();
    go = undefined;
  };
  const hold = (event: Event) => {
    event.preventDefault();
    held = new FormData(event.target as HTMLFormElement);
    const status = host.querySelector<HTMLElement>('[data-working-text]');
    if (status) {
      const note = document.createElement('p');
      note.textContent = status.dataset.workingText as string;
      status.replaceChildren(note);
      status.className += ` ${status.dataset.workingClass}`;
    }
    reach();
  };
  for (const type of INTENT_EVENTS) host.addEventListener(type, reach, { passive: true, signal });
  host.addEventListener('submit', hold, { signal });
  return () => {
    host.removeEventListener('submit', hold);
    return held;
  };
};
