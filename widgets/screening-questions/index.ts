import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { detailsEnabled, hasYesAnswer } from './answers.ts';
import { controlSection } from './section.ts';

/** The section the answers reveal, looked up inside the form. */
const SECTION_SELECTOR = '#additional-details';

/**
 * Shows the additional-details section while the flag is on and any checked answer is "yes", and keeps it
 * hidden otherwise (docs/how-it-works.md#screening-questions). The markup leaves the section visible so that
 * it works without JavaScript; this island hides it. Disposing puts the section and its fields back as
 * rendered. With the flag off a form may have no section (Donation Manager's): nothing to do then.
 */
export function mount(host: Element, ctx: IslandContext): Dispose {
  if (!(host instanceof HTMLFormElement)) throw new Error(`expected a <form> host, got <${host.localName}>`);
  const element = host.querySelector<HTMLElement>(SECTION_SELECTOR);
  // Donation Manager prints no section at all for an organization that asks for no details.
  if (!element && !detailsEnabled(host)) return () => {};
  if (!element) throw new Error(`form "${host.name}" has no ${SECTION_SELECTOR} section`);
  const section = controlSection(element);

  if (!detailsEnabled(host)) {
    section.show(false);
    return section.restore;
  }

  const update = () => {
    if (!ctx.signal.aborted) section.show(hasYesAnswer(host));
  };

  // Listening on the document, not the form, because radios placed outside it with form="…" belong to it too.
  host.ownerDocument.addEventListener(
    'change',
    ({ target }) => {
      if (!(target instanceof HTMLInputElement) || target.type !== 'radio' || target.form !== host) return;
      keepInPlace(target, update);
    },
    { signal: ctx.signal },
  );
  // A reset puts the answers back without change events, and only after the reset event has run.
  host.addEventListener('reset', () => setTimeout(update), { signal: ctx.signal });

  update();
  return section.restore;
}

/**
 * Runs `change` and scrolls by however far it moved `anchor`, so the radio the donor just clicked stays
 * under the cursor even when a theme places the section above the questions.
 */
function keepInPlace(anchor: Element, change: () => void): void {
  const before = anchor.getBoundingClientRect().top;
  change();
  const shift = anchor.getBoundingClientRect().top - before;
  if (shift !== 0) anchor.ownerDocument.defaultView?.scrollBy(0, shift);
}
