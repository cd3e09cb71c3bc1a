// @ts-check
/**
 * Donation Manager's priority alert, as its pick-up dates step prints it on Elementor's alert widget. One
 * part of widgets/donation-manager-markup.js, a module of its own so that only the priority alert's chunk
 * carries it.
 */
export const PRIORITY_ALERT_MARKUP = {
  /** The alert's own class, on Elementor's alert widget (below): it has no wrapper of its own. */
  alert: 'priority-alert',
  /** The class of Elementor's alert widget, which the alert also has. */
  widget: 'elementor-alert',
  /** The note the alert opens, a later sibling of it. */
  note: 'priority-note',
  /** The id of the link in the alert that opens the note (repeated by a second copy). */
  open: 'show-priority',
  /** The class of Elementor's dismiss button in the note. */
  dismiss: 'elementor-alert-dismiss',
  /** The class Elementor's alerts hide with (`display: none` in the style each prints). */
  hidden: 'elementor-alert-hidden',
};
