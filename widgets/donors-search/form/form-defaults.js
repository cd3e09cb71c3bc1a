/**
 * The search form's starting choices, written once: the islands' manifest (widgets/islands.js) gives
 * them to the blocks, the shortcode and the PHP render as its attributes' defaults, the island falls
 * back to them when the host sets none (host-options.ts), and the demo's printed search fills a missing
 * radius or days with them.
 */
export const FORM_DEFAULTS = Object.freeze({
  radiusOptions: '15,30,45,60',
  radius: '15',
  daysOptions: '30,45,60,90',
  days: '30',
});
