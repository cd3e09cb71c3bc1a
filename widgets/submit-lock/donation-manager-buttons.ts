import { putAttribute, type SubmitButton } from './buttons.ts';

/** What another script may change on a submit button at a submit: its state, its class, its content. */
type Look = [disabled: string | null, className: string | null, ...children: Node[]];

const lookOf = (button: SubmitButton): Look => [
  button.getAttribute('disabled'),
  button.getAttribute('class'),
  ...button.childNodes,
];

const sameLook = (a: Look, b: Look) => a.length === b.length && a.every((piece, index) => piece === b[index]);

/** The submit buttons as they were before any handler of a submit ran. */
export type BeforeSubmit = ReadonlyMap<SubmitButton, Look>;

export const lookBeforeSubmit = (buttons: readonly SubmitButton[]): BeforeSubmit =>
  new Map(buttons.map((button) => [button, lookOf(button)]));

/**
 * The lock's hold on what other handlers of the same submit did to the submit buttons (Donation Manager's
 * scripts.js disables them, adds the class `disabled` and replaces their content with "one moment...",
 * and never gives them back). Read once those handlers have run; returns how to put back, with the lock,
 * each button they changed as it was before the submit: its own child nodes, its `disabled` attribute and
 * its class. A button that has changed again since is left to whoever changed it.
 */
export function takeOverFrom(before: BeforeSubmit): () => void {
  const changed = [...before].flatMap(([button, was]) => {
    const now = lookOf(button);
    return sameLook(now, was) ? [] : [{ button, was, now }];
  });
  return () => {
    for (const { button, was, now } of changed) {
      if (!sameLook(lookOf(button), now)) continue;
      const [disabled, className, ...children] = was;
      putAttribute(button, 'disabled', disabled);
      putAttribute(button, 'class', className);
      button.replaceChildren(...children);
    }
  };
}
