/**
 * The page-wide submit lock (widgets/submit-lock) disables every submit button when any form submits.
 * A form that is handled in the page instead of navigating away (the donors search) dispatches this
 * event when its work has ended, and the lock gives every button back its own label and state.
 * Islands never import each other; this event is their whole contract.
 */
export const SUBMIT_LOCK_RELEASE_EVENT = 'donation-widgets:submit-lock-release';

export function releaseSubmitLock(doc: Document = document): void {
  doc.dispatchEvent(new CustomEvent(SUBMIT_LOCK_RELEASE_EVENT));
}
