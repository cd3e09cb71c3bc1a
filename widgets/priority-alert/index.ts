import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { slide, stopSliding } from './slide.ts';

/** `priority-note`, or the first of `priority-note-2`, `-3`, … that no element of the page has yet. */
function unusedId(doc: Document): string {
  let id = 'priority-note';
  for (let n = 1; doc.getElementById(id); ) id = `priority-note-${++n}`;
  return id;
}

function part(root: Element, selector: string): HTMLElement {
  const element = root.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`${selector} is missing inside [data-island="priority-alert"]`);
  return element;
}

/** Sets attributes and returns a function that puts back exactly what was there before. */
function setAttributes(element: Element, values: Record<string, string>): () => void {
  const before = Object.keys(values).map((name) => [name, element.getAttribute(name)] as const);
  for (const [name, value] of Object.entries(values)) element.setAttribute(name, value);
  return () => {
    for (const [name, value] of before) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };
}

/**
 * A priority alert with a disclosure (docs/how-it-works.md#priority-alert): the trigger slides the alert up
 * and the note down and moves focus into the note; the dismiss button or Escape reverses it and returns focus
 * to the trigger. The trigger is usually `<a href="#">`: its default action is prevented, so the page neither
 * scrolls nor gains a `#` in its URL. Every part is found inside the host, so wrappers never interfere.
 */
export function mount(host: Element, ctx: IslandContext): Dispose {
  const note = part(host, '.priority-note');
  const alert = part(host, '.priority-alert');
  const trigger = part(host, '[data-priority-open]');
  const dismiss = part(note, '[data-priority-dismiss]');
  const alertWasHidden = alert.hidden;
  const noteWasHidden = note.hidden;
  const restoreNote = setAttributes(note, {
    id: note.id || unusedId(host.ownerDocument),
    tabindex: note.getAttribute('tabindex') ?? '-1',
  });
  const restoreTrigger = setAttributes(trigger, { 'aria-controls': note.id, 'aria-expanded': 'false' });
  alert.hidden = false;
  note.hidden = true;
  let open = false;

  const setOpen = (next: boolean) => {
    if (next === open) return;
    open = next;
    trigger.setAttribute('aria-expanded', String(next));
    slide(alert, !next);
    slide(note, next);
    (next ? note : trigger).focus({ preventScroll: true });
  };
  const on = (target: HTMLElement, type: 'click' | 'keydown', listener: (event: Event) => void) =>
    target.addEventListener(type, listener, { signal: ctx.signal });

  on(trigger, 'click', (event) => {
    event.preventDefault();
    setOpen(true);
  });
  on(dismiss, 'click', (event) => {
    event.preventDefault();
    setOpen(false);
  });
  on(note, 'keydown', (event) => {
    if ((event as KeyboardEvent).key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
  });

  return () => {
    stopSliding(alert);
    stopSliding(note);
    alert.hidden = alertWasHidden;
    note.hidden = noteWasHidden;
    restoreTrigger();
    restoreNote();
  };
}
