import type { SectionParser } from '../../src/config.ts';
import type { Reader } from '../../src/config-readers.ts';

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

/** The page config's `analytics` keys, read only by the conversion tracker. */
export interface AnalyticsConfig {
  conversions: readonly Conversion[];
  /** A transaction id the server prints on a conversion page, so a conversion is counted once. */
  transactionId: string;
  /** Off by default: GA4's enhanced measurement already reports these parameters. */
  siteSearch: boolean;
  searchParams: readonly string[];
}

/** SPEC §7 and §9: the goals, values and currency of the two conversion pages. */
export const DEFAULT_CONVERSIONS: readonly Conversion[] = [
  {
    path: '/thank-you/',
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
    path: '/sign-up/sign-up-complete/',
    value: 0.0,
    currency: 'USD',
    events: [{ name: 'pick_up_provider_sign_up___all_details', sendTo: '' }],
  },
];

/** SPEC §9: the query parameters a site search may arrive in. */
export const DEFAULT_SEARCH_PARAMS: readonly string[] = ['q', 's', 'search', 'query', 'keyword'];

function readConversions(analytics: Reader): readonly Conversion[] {
  const items = analytics.array('conversions');
  if (!items) return DEFAULT_CONVERSIONS;
  return items.flatMap(({ reader: item }) => {
    // A path has no default: "/" is the home page, so a mistyped or forgotten path drops its conversion
    // rather than count every home-page visit.
    const path = item.required('path', /^\/\S*$/, 'a path starting with /');
    if (path === undefined) return [];
    return {
      path,
      value: item.number('value', 0, 0, 1e9),
      currency: item.string('currency', 'USD', /^[A-Z]{3}$/, 'a three-letter currency code'),
      events: (item.array('events') ?? []).map(({ reader: event }) => ({
        name: event.string('name', 'conversion', /^\w{1,40}$/, 'an event name (letters, digits, _)'),
        sendTo: event.string('sendTo', '', /^[\w.:/-]{0,200}$/, 'a send_to id such as AW-123/abc'),
      })),
    };
  });
}

/** Reads `analytics` from the page config (see README, "Page config"). */
export const parseAnalyticsConfig: SectionParser<AnalyticsConfig> = (root) => {
  const analytics = root.child('analytics');
  return {
    conversions: readConversions(analytics),
    transactionId: analytics.string(
      'transactionId',
      '',
      /^[\w.-]{0,100}$/,
      'an id of letters, digits, . _ -',
    ),
    siteSearch: analytics.boolean('siteSearch', false),
    searchParams: analytics.stringList('searchParams', DEFAULT_SEARCH_PARAMS, /^\w{1,40}$/),
  };
};
