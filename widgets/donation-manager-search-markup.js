// @ts-check
/**
 * Donation Manager's donors search, as its `[donors_in_your_area]` shortcode prints it: the ids and
 * classes every reader finds it by. One part of donation-manager-markup.js, a module of its own so that
 * only the donors search's chunk carries it.
 */
export const SEARCH_MARKUP = {
  /** The ids of its search's elements, which the first search on a page keeps (search-ids.ts). */
  ids: {
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
  },
  /** The status area's class ("Working...", then a failure's lines). */
  status: 'alert-before',
  /** The results alert's class: the sentence with the numbers in its `<code>`s. */
  alert: 'alert-donors',
  /** The classes it prints on the status area, the results alert and the table besides those above. */
  look: {
    working: 'alert alert-warning',
    alert: 'alert alert-info alert-donors',
    table: 'table table-striped',
  },
};
