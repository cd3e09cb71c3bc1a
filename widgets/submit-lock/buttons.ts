import type { SectionParser } from '../../src/shared/config-readers.ts';
import { type Check, isRecord, readKey } from '../../src/shared/read-key.ts';

/** What every submit button reads while a form submits (docs/how-it-works.md#submit-lock). */
export const LOCKED_LABEL = 'one moment...';

const AN_OBJECT: Check<Record<string, unknown>> = { expected: 'an object', accept: isRecord };
const A_TEXT: Check<string> = {
  expected: 'a string',
  accept: (v): v is string => typeof v === 'string' && /\S/.test(v),
};

/**
 * Reads `texts.submit-lock.busy` from the page config (docs/how-it-works.md#texts): the label while
 * locked, as the site translated it. Each step is read and reported as the config readers' Reader
 * reads a nested key (a mistyped `texts` or `texts.submit-lock` reads as empty), with the one-key
 * reader alone: every page with a form downloads the submit lock, and most configure nothing else.
 */
export const parseLockTexts: SectionParser<string> = (json, problem) => {
  const texts = readKey(json, 'texts', {}, AN_OBJECT, problem);
  const own = readKey(texts, 'submit-lock', {}, AN_OBJECT, problem, 'texts.submit-lock');
  return readKey(own, 'busy', LOCKED_LABEL, A_TEXT, problem, 'texts.submit-lock.busy');
};

export type SubmitButton = HTMLButtonElement | HTMLInputElement;
type Restore = () => void;

/**
 * Every control on the page that submits a form: `<button type="submit">`, a `<button>` without a type
 * that belongs to a form (inside it or through `form="…"`), and `<input type="submit">` or `"image"`.
 * A typeless button outside any form submits nothing, so it is left alone.
 */
export function findSubmitButtons(doc: Document): SubmitButton[] {
  return Array.from(doc.querySelectorAll<SubmitButton>('button, input')).filter((control) =>
    control instanceof HTMLInputElement
      ? control.type === 'submit' || control.type === 'image'
      : control.type === 'submit' && (control.hasAttribute('type') || control.form !== null),
  );
}

/**
 * Disables `button` and makes it read `label` ("one moment..."), and returns how to undo exactly that. The label
 * is changed in place — an input's `value`, a button's `aria-label` and the data of its existing text
 * nodes — never by replacing children, so a framework that rendered the button (React in the donors
 * search) still owns its nodes. Text inside `aria-hidden` icons stays. Whatever another script changes
 * during the lock wins: a piece is restored only while it still holds what the lock wrote.
 */
export function lockButton(button: SubmitButton, label: string = LOCKED_LABEL): Restore {
  const restores: Restore[] = [];
  if (button instanceof HTMLInputElement) {
    if (button.type === 'submit') restores.push(replaceAttribute(button, 'value', label));
  } else {
    if (button.hasAttribute('aria-label')) restores.push(replaceAttribute(button, 'aria-label', label));
    labelTexts(button).forEach((node, index) => {
      restores.push(replaceText(node, index === 0 ? label : ''));
    });
  }
  if (!button.disabled) {
    button.disabled = true;
    restores.push(() => {
      button.disabled = false;
    });
  }
  return () => {
    for (const restore of restores) restore();
  };
}

function labelTexts(button: HTMLButtonElement): Text[] {
  const texts: Text[] = [];
  const walker = button.ownerDocument.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const decorative = node.parentElement?.closest('[aria-hidden="true"]');
    if (node instanceof Text && node.data.trim() && !(decorative && button.contains(decorative)))
      texts.push(node);
  }
  return texts;
}

function replaceText(node: Text, text: string): Restore {
  const before = node.data;
  node.data = text;
  return () => {
    if (node.data === text) node.data = before;
  };
}

/** Gives `element` the attribute `name` with `value`, or none when `value` is null. */
export function putAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

// An input without a value attribute shows the browser's own "Submit"; restoring "" would blank it.
function replaceAttribute(element: Element, name: string, text: string): Restore {
  const before = element.getAttribute(name);
  element.setAttribute(name, text);
  return () => {
    if (element.getAttribute(name) === text) putAttribute(element, name, before);
  };
}
