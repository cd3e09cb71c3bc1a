import { PRIORITY_ALERT_MARKUP } from '../donation-manager-alert-markup.js';
import { byClass } from '../markup-selectors.js';
import type { SetHidden } from './slide.ts';

const PRIORITY_ALERT = PRIORITY_ALERT_MARKUP;

/** The wrapper of the island's own snippet (markup.html), which holds every part. */
export const OWN_HOST = '[data-island="priority-alert"]';
/**
 * Donation Manager's priority alert as its `get_alert()` prints it on the pick-up dates step, with no
 * wrapper of its own: the manifest finds it by these classes too. Its note is a later sibling.
 */
export const DONATION_MANAGER_ALERT = byClass([PRIORITY_ALERT.widget, PRIORITY_ALERT.alert]);
/** How Donation Manager's alerts hide: `display: none` in the style every one of them prints. */
const DONATION_MANAGER_HIDDEN_CLASS = PRIORITY_ALERT.hidden;
/** The note's class, in Donation Manager's markup and in the island's own snippet alike. */
const NOTE = byClass(PRIORITY_ALERT.note);

/** A priority alert's parts, wherever its markup keeps them. */
export interface Parts {
  alert: HTMLElement;
  note: HTMLElement;
  /** What opens the note; the first is the one focus returns to until another opens it. */
  triggers: [HTMLElement, ...HTMLElement[]];
  dismiss: HTMLElement;
  /** What finds every copy of this markup on a page, to number their ids in page order. */
  copies: string;
  /** How this markup hides a part, so that the page's own styles agree with the island. */
  setHidden: SetHidden;
}

function part(root: Element, selector: string, container: string): HTMLElement {
  const element = root.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`${selector} is missing inside ${container}`);
  return element;
}

function ownParts(host: Element): Parts {
  const note = part(host, NOTE, OWN_HOST);
  const first = part(host, '[data-priority-open]', OWN_HOST);
  return {
    alert: part(host, byClass(PRIORITY_ALERT.alert), OWN_HOST),
    note,
    triggers: [first, ...[...host.querySelectorAll<HTMLElement>('[data-priority-open]')].slice(1)],
    dismiss: part(note, '[data-priority-dismiss]', OWN_HOST),
    copies: OWN_HOST,
    setHidden: (el, hidden) => {
      el.hidden = hidden;
    },
  };
}

/**
 * Donation Manager's markup: the alert holds the `#show-priority` link, and the note is the next
 * `.priority-note` among the alert's siblings (each alert prints a `<style>` before it), with Elementor's
 * dismiss button. The note starts hidden by the class, or by an inline `display: none` the island takes
 * out; the island hides with the class and the `hidden` attribute together.
 */
function donationManagerParts(alert: HTMLElement): Parts {
  let note = alert.nextElementSibling;
  while (note && !note.matches(NOTE)) note = note.nextElementSibling;
  if (!(note instanceof HTMLElement)) throw new Error(`no ${NOTE} follows ${DONATION_MANAGER_ALERT}`);
  return {
    alert,
    note,
    // By attribute: a second copy's link repeats the id, and an id selector may stop at the first one.
    triggers: [part(alert, `[id="${PRIORITY_ALERT.open}"]`, DONATION_MANAGER_ALERT)],
    dismiss: part(note, `button${byClass(PRIORITY_ALERT.dismiss)}`, NOTE),
    copies: DONATION_MANAGER_ALERT,
    setHidden: (el, hidden) => {
      el.hidden = hidden;
      el.classList.toggle(DONATION_MANAGER_HIDDEN_CLASS, hidden);
    },
  };
}

/** The parts of the alert `host` is: the island's own wrapper, or else (the manifest's other selector) Donation Manager's alert itself. */
export const findParts = (host: Element): Parts =>
  host.matches(OWN_HOST) ? ownParts(host) : donationManagerParts(host as HTMLElement);
