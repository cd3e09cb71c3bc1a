import { withReader } from '../../src/shared/config-readers.ts';

/** What every submit button reads while a form submits (docs/how-it-works.md#submit-lock). */
export const LOCKED_LABEL = 'one moment...';

/**
 * Reads `texts.submit-lock.busy` from the page config (docs/how-it-works.md#texts): the label while
 * locked, as the site translated it. The one text of the page-wide islands' shared chunk, read with the
 * config readers it carries anyway rather than the texts reader the donors search downloads.
 */
export const parseLockTexts = withReader((root) =>
  root.child('texts').child('submit-lock').string('busy', LOCKED_LABEL, /\S/),
);

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

// An input without a value attribute shows the browser's own "Submit"; restoring "" would blank it.
function replaceAttribute(element: Element, name: string, text: string): Restore {
  const before = element.getAttribute(name);
  element.setAttribute(name, text);
  return () => {
    if (element.getAttribute(name) !== text) return;
    if (before === null) element.removeAttribute(name);
    else element.setAttribute(name, before);
  };
}
