import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { readRequestTimeout } from '../../src/shared/request-timeout.ts';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../src/shared/submit-lock-signal.ts';
import { findSubmitButtons, lockButton, parseLockTexts, type SubmitButton } from './buttons.ts';
import { type BeforeSubmit, lookBeforeSubmit, takeOverFrom } from './donation-manager-buttons.ts';

/**
 * Added to the config's request timeout to give the latest moment a lock can still be needed: an
 * in-page search has ended by then, and a navigation that has not unloaded the page by then ended
 * without leaving it (a download, a 204), so the buttons come back.
 */
export const FALLBACK_MARGIN_MS = 10_000;

const NAVIGATING_TARGETS = ['', '_self', '_top', '_parent'];

/**
 * A dialog form only closes its dialog and a form aimed at another window leaves this one in place:
 * locking for them would leave dead buttons behind.
 */
function keepsPageInPlace({ target, submitter }: SubmitEvent): boolean {
  const form = target as HTMLFormElement;
  const read = (name: string) =>
    (submitter?.getAttribute(`form${name}`) ?? form.getAttribute(name) ?? '').toLowerCase();
  return read('method') === 'dialog' || !NAVIGATING_TARGETS.includes(read('target'));
}

/**
 * Prevents double submission (docs/how-it-works.md#submit-lock): on submit of any form, every submit button
 * on the page is disabled and reads "one moment...". Unlike the original, the lock always ends: each button
 * gets its own label and state back on a return from the back/forward cache, on SUBMIT_LOCK_RELEASE_EVENT
 * from an in-page form, when the visitor edits a form whose submit was handled in the page, or after the
 * fallback delay, and a button that lost focus to the lock gets it back.
 *
 * Editing ends the lock because page builders' AJAX forms (Contact Form 7, Elementor Pro) handle their
 * submit in the page without announcing the end: after a validation error the visitor corrects the
 * form, and must be able to send it again. An `input` or `change` on a control of that form (inside it
 * or tied to it with `form="…"`) counts. An edit elsewhere does not, nor one in a form the browser really
 * submits: that page is leaving, and a second submission would be the double one the lock prevents.
 *
 * The lock is the one owner of the buttons: what another handler of the same submit changed on them
 * (Donation Manager's scripts.js, which locks every `button[type="submit"]` for good) is taken over and
 * given back with the lock, read from a look at the buttons before any handler of that submit ran.
 */
export function mount(host: Element, ctx: IslandContext): Dispose {
  const doc = host.ownerDocument;
  const locked = new Map<SubmitButton, () => void>();
  let fallback: ReturnType<typeof setTimeout> | undefined;
  // Forms whose submit was handled in the page during this lock: editing one of them releases it.
  const inPage = new Set<HTMLFormElement>();

  // Disabling the focused button sends focus to <body>; it goes back there unless it has moved on since.
  let lostFocus: SubmitButton | undefined;
  // The buttons before the current submit's handlers ran, and how to undo what they did, last first.
  let beforeSubmit: BeforeSubmit = new Map();
  let focusBeforeSubmit: Element | null = null;
  const othersUndone: (() => void)[] = [];
  const takeOver = (before: BeforeSubmit) => othersUndone.unshift(takeOverFrom(before));

  const release = () => {
    clearTimeout(fallback);
    // What other handlers did first: the lock's own restores then find the nodes and state it changed.
    for (const undo of othersUndone.splice(0)) undo();
    for (const restore of locked.values()) restore();
    locked.clear();
    inPage.clear();
    const focusIsLost = !doc.activeElement || doc.activeElement === doc.body;
    if (focusIsLost && lostFocus?.isConnected && !lostFocus.disabled)
      lostFocus.focus({ preventScroll: true });
    lostFocus = undefined;
  };
  const lock = () => {
    if (ctx.signal.aborted) return;
    for (const button of findSubmitButtons(doc)) {
      if (locked.has(button)) continue;
      if (button === doc.activeElement || button === focusBeforeSubmit) lostFocus = button;
      locked.set(button, lockButton(button, ctx.section(parseLockTexts)));
    }
    clearTimeout(fallback);
    fallback = setTimeout(release, ctx.section(readRequestTimeout) + FALLBACK_MARGIN_MS);
  };

  const options = { signal: ctx.signal };
  // On the way down, before any handler of the submit, wherever it listens.
  doc.defaultView?.addEventListener(
    'submit',
    () => {
      beforeSubmit = lookBeforeSubmit(findSubmitButtons(doc));
      focusBeforeSubmit = doc.activeElement;
    },
    { ...options, capture: true },
  );
  doc.addEventListener(
    'submit',
    (event) => {
      const before = beforeSubmit;
      // What the submit's handlers did is read once they have all run, at the next task.
      if (keepsPageInPlace(event as SubmitEvent)) {
        // Nothing to lock: what another handler locked is given back at once.
        setTimeout(() => takeOverFrom(before)());
        return;
      }
      // Prevented by an in-page handler: lock now, so that handler's release can never come first.
      // A real submission builds its form data after this listener, and a disabled submitter or a
      // changed input value would change what is sent, so that lock waits one task.
      if (event.defaultPrevented) {
        lock();
        inPage.add(event.target as HTMLFormElement);
        setTimeout(() => locked.size > 0 && takeOver(before));
      } else
        setTimeout(() => {
          takeOver(before);
          lock();
        });
    },
    options,
  );
  // A control's `form` is the one it sits in or names with form="…"; other targets have none.
  const releaseOnEdit = ({ target }: Event) => {
    if (inPage.has((target as HTMLInputElement).form as HTMLFormElement)) release();
  };
  doc.addEventListener('input', releaseOnEdit, options);
  doc.addEventListener('change', releaseOnEdit, options);
  doc.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, release, options);
  doc.defaultView?.addEventListener(
    'pageshow',
    (event) => {
      if (event.persisted) release();
    },
    options,
  );
  return release;
}
