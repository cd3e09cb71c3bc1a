import { idForCopy, placeInTree } from '../../src/shared/copy-numbers.ts';
import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { slide, stopSliding } from './slide.ts';

type Tree = Document | ShadowRoot;

/**
 * The id of the first priority alert of the page, numbered for later copies by the host's place in page
 * order (copy-numbers.ts); when another element already has that id, the first of `id-2`, `id-3`, …
 * that no element has yet.
 */
function idInOrder(tree: Tree, host: Element, id: string, element: Element): string {
  const unused = (candidate: string) => {
    const holder = tree.getElementById(candidate);
    return !holder || holder === element;
  };
  let candidate = idForCopy(id, placeInTree(host, '[data-island="priority-alert"]'));
  for (let n = 1; !unused(candidate); ) candidate = idForCopy(id, ++n);
  return candidate;
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
 * A priority alert with a disclosure (docs/how-it-works.md#priority-alert): every trigger in the wrapper slides the alert up and the
 * note down and moves focus into the note; the dismiss button or Escape reverses it and returns focus to
 * the trigger that opened it. A trigger is usually `<a href="#">`: its default action is prevented, so
 * the page neither scrolls nor gains a `#` in its URL. Every part is found inside the host, so wrappers
 * never interfere; a trigger whose id an earlier element already has (`show-priority` in a second copy
 * of the snippet) gets one of its own.
 */
export function mount(host: Element, ctx: IslandContext): Dispose {
  const note = part(host, '.priority-note');
  const alert = part(host, '.priority-alert');
  let opener = part(host, '[data-priority-open]');
  const triggers = [...host.querySelectorAll<HTMLElement>('[data-priority-open]')];
  const dismiss = part(note, '[data-priority-dismiss]');
  const rootNode = host.getRootNode();
  const tree: Tree = 'getElementById' in rootNode ? (rootNode as Tree) : host.ownerDocument;
  const alertWasHidden = alert.hidden;
  const noteWasHidden = note.hidden;
  const restoreNote = setAttributes(note, {
    id: note.id || idInOrder(tree, host, 'priority-note', note),
    tabindex: note.getAttribute('tabindex') ?? '-1',
  });
  const restoreTriggers = triggers.map((trigger) =>
    setAttributes(trigger, {
      ...(trigger.id && tree.getElementById(trigger.id) !== trigger
        ? { id: idInOrder(tree, host, trigger.id, trigger) }
        : {}),
      'aria-controls': note.id,
      'aria-expanded': 'false',
    }),
  );
  alert.hidden = false;
  note.hidden = true;
  let open = false;

  const setOpen = (next: boolean) => {
    if (next === open) return;
    open = next;
    for (const trigger of triggers) trigger.setAttribute('aria-expanded', String(next));
    slide(alert, !next);
    slide(note, next);
    (next ? note : opener).focus({ preventScroll: true });
  };
  const on = (target: HTMLElement, type: 'click' | 'keydown', listener: (event: Event) => void) =>
    target.addEventListener(type, listener, { signal: ctx.signal });

  for (const trigger of triggers)
    on(trigger, 'click', (event) => {
      event.preventDefault();
      opener = trigger;
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
    for (const restore of restoreTriggers) restore();
    restoreNote();
  };
}
