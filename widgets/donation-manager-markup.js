// @ts-check
/**
 * Donation Manager's markup, as its `[donors_in_your_area]` shortcode and its pick-up dates step's
 * priority alert print it: the ids and classes every reader finds it by, written here once. The island's
 * own markup keeps the same names (a site's CSS styles both alike), so what finds the island's own parts
 * reads them here too. The manifest (widgets/islands.js) and the bundle import this module; the build
 * writes it into the plugin as markup/donation-manager.json, which the plugin's PHP reads
 * (includes/donation-manager/donation-manager-search.php). test/donation-manager-selectors.test.ts fails when one of these
 * names is written as a selector anywhere else.
 *
 * Plain JavaScript, like the manifest, because Node runs the build without compiling TypeScript.
 */

export const DONATION_MANAGER_MARKUP = Object.freeze({
  search: Object.freeze({
    /** The ids of its search's elements, which the first search on a page keeps (search-ids.ts). */
    ids: Object.freeze({
      form: 'donors-in-your-area',
      zipcode: 'zipcode',
      radius: 'radius',
      days: 'days',
      count: 'display_count',
      zipcodeShown: 'display_zipcode',
      radiusShown: 'display_radius',
      daysShown: 'display_days',
      table: 'donors-in-your-area-table',
      map: 'map',
    }),
    /** The status area's class ("Working...", then a failure's lines). */
    status: 'alert-before',
    /** The results alert's class: the sentence with the numbers in its `<code>`s. */
    alert: 'alert-donors',
    /** The classes it prints on the status area, the results alert and the table besides those above. */
    look: Object.freeze({
      working: 'alert alert-warning',
      alert: 'alert alert-info alert-donors',
      table: 'table table-striped',
    }),
  }),
  priorityAlert: Object.freeze({
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
  }),
});

/** `#id` as a selector. @param {string} id */
export const byId = (id) => `#${id}`;

/** `.a.b` as a selector, from one class or several. @param {string | readonly string[]} classes */
export const byClass = (classes) =>
  (typeof classes === 'string' ? [classes] : classes).map((c) => `.${c}`).join('');
