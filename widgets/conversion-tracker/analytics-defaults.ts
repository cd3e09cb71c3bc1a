import type { ConsentCategory } from '../../src/shared/consent-categories.ts';
import { SIGN_UP_COMPLETE_PATH, THANK_YOU_PATH } from '../../src/shared/conversion-pages.ts';

/** One analytics event sent when a conversion page is reached; `sendTo` targets an Ads conversion. */
export interface ConversionEvent {
  name: string;
  sendTo: string;
}

/** A page whose arrival counts as a conversion. */
export interface Conversion {
  /** Path as WordPress prints it; matched with and without the trailing slash. */
  path: string;
  value: number;
  currency: string;
  events: readonly ConversionEvent[];
}

/**
 * How reports wait for the visitor's consent (docs/how-it-works.md#consent). Optional: read by the
 * analytics validator, so the defaults of a page that configures nothing live in consent-gate.ts.
 */
export interface ConsentSettings {
  /**
   * `api` (the default): where the page has the WP Consent API, a report waits for its category;
   * `tag`: the site's own tag decides (Google's Consent Mode), and reports go to it at once.
   */
  consent?: 'api' | 'tag';
  /** What GA4 events (and a site search) wait for; `statistics` by default. */
  statisticsCategory?: ConsentCategory;
  /** What an event sent to an Ads account (`send_to` AW-…) waits for; `marketing` by default. */
  marketingCategory?: ConsentCategory;
}

/** The page config's `analytics` keys, read only by the conversion tracker. */
export interface AnalyticsConfig extends ConsentSettings {
  conversions: readonly Conversion[];
  /** A transaction id the server prints on a conversion page, so a conversion is counted once. */
  transactionId: string;
  /** Off by default: GA4's enhanced measurement already reports these parameters. */
  siteSearch: boolean;
  searchParams: readonly string[];
}

/** The goals, values and currency of the two conversion pages (docs/how-it-works.md#conversion-tracker). */
export const DEFAULT_CONVERSIONS: readonly Conversion[] = [
  {
    path: THANK_YOU_PATH,
    value: 200.0,
    currency: 'USD',
    events: [
      'purchase',
      'donation',
      'donation_thank_you_page',
      'completed_donation_w__screening_question',
    ].map((name) => ({ name, sendTo: '' })),
  },
  {
    path: SIGN_UP_COMPLETE_PATH,
    value: 0.0,
    currency: 'USD',
    events: [{ name: 'pick_up_provider_sign_up___all_details', sendTo: '' }],
  },
];

/** The query parameters a site search may arrive in (docs/how-it-works.md#conversion-tracker). */
export const DEFAULT_SEARCH_PARAMS: readonly string[] = ['q', 's', 'search', 'query', 'keyword'];

/** What a page whose config has no `analytics` key reports with. */
export const DEFAULT_ANALYTICS: AnalyticsConfig = {
  conversions: DEFAULT_CONVERSIONS,
  transactionId: '',
  siteSearch: false,
  searchParams: DEFAULT_SEARCH_PARAMS,
};
