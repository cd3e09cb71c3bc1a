import type { SubmitButton } from './buttons.ts';

/** What another script may change on a submit button when a form submits. */
interface Look {
  children: readonly Node[];
  disabled: string | null;
  className: string | null;
}

const lookOf = (button: SubmitButton): Look => ({
  children: [...button.childNodes],
  disabled: button.getAttribute('disabled'),
  className: button.getAttribute('class'),
});

const sameChildren = (a: readonly Node[], b: readonly Node[]) =>
  a.length === b.length && a.every((node, index) => node === b[index]);

function putAttribute(button: SubmitButton, name: string, value: string | null): void {
  if (value === null) button.removeAttribute(name);
  else button.setAttribute(name, value);
}

/** The submit buttons as they were before any handler of a submit ran. */
export type BeforeSubmit = ReadonlyMap<SubmitButton, Look>;

export const lookBeforeSubmit = (buttons: readonly SubmitButton[]): BeforeSubmit =>
  new Map(buttons.map((button) => [button, lookOf(button)]));

/**
 * The lock's hold on what other handlers of the same submit did to the submit buttons (Donation Manager's
 * scripts.js disables them, adds the class `disabled` and replaces their content with "one moment...",
 * and never gives them back): returns how to put back, with the lock, each piece (the button's children,
 * its `disabled` attribute, its class) that a handler changed at the submit and nobody has changed since.
 */
export function takeOverFrom(before: BeforeSubmit): () => void {
  const changed = [...before].flatMap(([button, was]) => {
    const now = lookOf(button);
    const same =
      sameChildren(now.children, was.children) &&
      now.disabled === was.disabled &&
      now.className === was.className;
    return same ? [] : [{ button, was, now }];
  });
  return () => {
    for (const { button, was, now } of changed) {
      const current = lookOf(button);
      if (!sameChildren(now.children, was.children) && sameChildren(current.children, now.children))
        button.replaceChildren(...was.children);
      if (now.disabled !== was.disabled && current.disabled === now.disabled)
        putAttribute(button, 'disabled', was.disabled);
      if (now.className !== was.className && current.className === now.className)
        putAttribute(button, 'class', was.className);
    }
  };
}
