/**
 * The WP Consent API's categories (its script and its PHP functions name the same five), and which
 * of them the islands wait for unless the page config says otherwise (docs/how-it-works.md#consent).
 * A module of its own, without the API's reading code, so that the config validators that name the
 * categories do not download that code.
 */
export const CONSENT_CATEGORIES = [
  'functional',
  'preferences',
  'statistics',
  'statistics-anonymous',
  'marketing',
] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** What GA4 events wait for: the API's category for analytics that may identify a visitor. */
export const STATISTICS_DEFAULT: ConsentCategory = 'statistics';
/** What Ads conversions and a map from another host wait for. */
export const MARKETING_DEFAULT: ConsentCategory = 'marketing';
