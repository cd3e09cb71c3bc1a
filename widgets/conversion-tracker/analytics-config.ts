import { type Reader, type SectionParser, withReader } from '../../src/shared/config-readers.ts';
import {
  CONSENT_CATEGORIES,
  MARKETING_DEFAULT,
  STATISTICS_DEFAULT,
} from '../../src/shared/consent-categories.ts';
// Types only: the defaults come in as an argument, so this lazily loaded chunk and the tracker's own
// do not split them into a third file that every page with the tracker would download.
import type { AnalyticsConfig, Conversion } from './analytics-defaults.ts';

function readConversions(analytics: Reader, defaults: readonly Conversion[]): readonly Conversion[] {
  const items = analytics.array('conversions');
  if (!items) return defaults;
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

/**
 * A parser for `analytics` in the page config (see docs/admin.md, "Page config"), where every key missing or
 * wrong takes its value from `defaults`. Downloaded only by pages whose config sets `analytics`.
 */
export const analyticsParser = (defaults: AnalyticsConfig): SectionParser<AnalyticsConfig> =>
  withReader((root) => {
    const analytics = root.child('analytics');
    return {
      conversions: readConversions(analytics, defaults.conversions),
      transactionId: analytics.string(
        'transactionId',
        defaults.transactionId,
        /^[\w.-]{0,100}$/,
        'an id of letters, digits, . _ -',
      ),
      siteSearch: analytics.boolean('siteSearch', defaults.siteSearch),
      searchParams: analytics.stringList('searchParams', defaults.searchParams, /^\w{1,40}$/),
      consent: analytics.oneOf<'api' | 'tag'>('consent', 'api', ['api', 'tag']),
      statisticsCategory: analytics.oneOf('statisticsCategory', STATISTICS_DEFAULT, CONSENT_CATEGORIES),
      marketingCategory: analytics.oneOf('marketingCategory', MARKETING_DEFAULT, CONSENT_CATEGORIES),
    };
  });
