import { idForCopy, placeInTree } from '../../src/shared/copy-numbers.js';
import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { findParts } from './parts.ts';
import { slide, stopSliding } from './slide.ts';

type Tree = Document | ShadowRoot;

/**
 * The id of the first priority alert of the page, numbered for later copies by the host's place among
 * the `copies` in page order (copy-numbers.js); when another element already has that id, the first of
 * `id-2`, `id-3`, … that no element has yet.
 */
function idInOrder(tree: Tree, host: Element, copies: string, id: string, element: Element): string {
  const unused = (candidate: string) => {
    const holder = tree.getElementById(candidate);
    return !holder || holder === element;
  };
  let candidate = idForCopy(id, placeInTree(host, copies));
  for (let n = 1; !unused(candidate); ) candidate = idForCopy(id, ++n);
  return candidate;
}

/** Returns a function that puts the named attributes back exactly as they are now. */
function keepAttributes(element: Element, names: readonly string[]): () => void {
  const before = names.map((name) => [name, element.getAttribute(name)] as const);
  return () => {
    for (const [name, value] of before) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };
}

/** Sets attributes and returns a function that puts back exactly what was there before. */
function setAttributes(element: Element, values: Record<string, string>): () => void {
  const restore = keepAttributes(element, Object.keys(values));
  for (const [name, value] of Object.entries(values)) element.setAttribute(name, value);
  return restore;
}

/**
 * A priority alert with a disclosure (docs/how-it-works.md#priority-alert): every trigger slides the alert
 * up and the note down and moves focus into the note; the dismiss button or Escape reverses it and returns
 * focus to the trigger that opened it. A trigger is usually `<a href="#">`: its default action is
 * prevented, so the page neither scrolls nor gains a `#` in its URL. The host is the island's own wrapper,
 * which holds every part, or Donation Manager's alert, whose note follows it (parts.ts). A trigger whose
 * id an earlier element already has (`show-priority` in a second copy of the snippet) gets one of its own.
 *
 * The island is the only owner of the note: it takes the clicks on its triggers and dismiss button on
 * their way down, before they reach them, so a handler another script bound on those elements (Donation
 * Manager's scripts.js binds both) never runs, and the note opens and closes once.
 */
export function mount(host: Element, ctx: IslandContext): Dispose {
  const { alert, note, triggers, dismiss, copies, setHidden } = findParts(host);
  let opener = triggers[0];
  const rootNode = host.getRootNode();
  const tree: Tree = 'getElementById' in rootNode ? (rootNode as Tree) : host.ownerDocument;
  // Opened before the island arrived (by Donation Manager's scripts.js, on a click in between): it stays open.
  const shown = (part: HTMLElement) => !part.hidden && getComputedStyle(part).display !== 'none';
  const openAlready = shown(note) && !shown(alert);
  const restoreLooks = [alert, note].map((part) => {
    const restore = keepAttributes(part, ['hidden', 'class', 'style']);
    // An inline display (the markup's `display: none`, or what a slide of another script left) would
    // outweigh the island's own hiding.
    part.style.removeProperty('display');
    return restore;
  });
  const restoreNote = setAttributes(note, {
    id: note.id || idInOrder(tree, host, copies, 'priority-note', note),
    tabindex: note.getAttribute('tabindex') ?? '-1',
  });
  const restoreTriggers = triggers.map((trigger) =>
    setAttributes(trigger, {
      ...(trigger.id && tree.getElementById(trigger.id) !== trigger
        ? { id: idInOrder(tree, host, copies, trigger.id, trigger) }
        : {}),
      'aria-controls': note.id,
      'aria-expanded': String(openAlready),
    }),
  );
  setHidden(alert, openAlready);
  setHidden(note, !openAlready);
  let open = openAlready;

  const setOpen = (next: boolean) => {
    if (next === open) return;
    open = next;
    for (const trigger of triggers) trigger.setAttribute('aria-expanded', String(next));
    slide(alert, !next, setHidden);
    slide(note, next, setHidden);
    (next ? note : opener).focus({ preventScroll: true });
  };
  /**
   * Takes a click in `within` on the control `controlOf` finds for its target, in the capture phase: the
   * control, its other handlers and everything above it never see that click.
   */
  const take = (within: Element, controlOf: (target: Node) => HTMLElement | undefined) =>
    within.addEventListener(
      'click',
      (event) => {
        const control = controlOf(event.target as Node);
        if (!control) return;
        event.preventDefault();
        event.stopPropagation();
        if (control === dismiss) return setOpen(false);
        opener = control;
        setOpen(true);
      },
      { capture: true, signal: ctx.signal },
    );

  take(host, (target) => triggers.find((trigger) => trigger.contains(target)));
  take(note, (target) => (dismiss.contains(target) ? dismiss : undefined));
  note.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !open) return;
      event.preventDefault();
      setOpen(false);
    },
    { signal: ctx.signal },
  );

  return () => {
    stopSliding(alert);
    stopSliding(note);
    for (const restore of restoreLooks) restore();
    for (const restore of restoreTriggers) restore();
    restoreNote();
  };
}
