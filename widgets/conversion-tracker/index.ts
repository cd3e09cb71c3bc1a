import type { SectionParser } from '../../src/shared/config-readers.ts';
import { setsAnalytics } from '../../src/shared/conversion-pages.ts';
import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { type AnalyticsConfig, DEFAULT_ANALYTICS } from './analytics-defaults.ts';
// The type alone: the gate's code downloads only on pages with the WP Consent API.
import type { ConsentGate } from './consent-gate.ts';
import { findConversion, searchTerm } from './match.ts';
import { claimOnce } from './once.ts';
import type { EventParams, SendEvent } from './send.ts';
import { whenAnalyticsReady } from './wait-for-sender.ts';

/** GA4's recommended event for a site search; it reads the query from `search_term`. */
export const SEARCH_EVENT = 'view_search_results';

/** An Ads account's `send_to` (`AW-123/label`): such an event needs marketing consent, any other statistics. */
const ADS_PREFIX = 'AW-';

const runNow: ConsentGate = (_marketing, run) => run();

/**
 * Whether the page config says the site runs the WP Consent API (`consentApi`, which the plugin prints
 * when the API is active), so that its script, however late it comes, is waited for. Read here and not
 * validated: anything but `true` is the default, `false`, as the donors search's validator reads it too.
 */
const runsConsentApi: SectionParser<boolean> = (json) => json.consentApi === true;

/**
 * What this page has to report, sent once analytics is there, each event once its consent is given
 * (GA4 events and events for an Ads account may wait for different categories). An event is claimed at
 * the moment it is sent, before sending, so a failure half-way can never lead to a second report on
 * reload, and a page left before analytics or consent arrived has claimed nothing. Each transaction id
 * counts once; without one, the conversion counts once per session. Undefined when the page has
 * nothing to report.
 */
function report(
  { conversions, transactionId, siteSearch, searchParams }: AnalyticsConfig,
  gate: ConsentGate,
): ((send: SendEvent) => void) | undefined {
  const conversion = findConversion(location.pathname, conversions);
  const term = siteSearch ? searchTerm(location.search, searchParams) : '';
  if (!conversion && !term) return undefined;
  return (send) => {
    if (conversion) {
      const { path, value, currency, events } = conversion;
      for (const { name, sendTo } of events)
        gate(sendTo.startsWith(ADS_PREFIX), () => {
          // Each event is claimed for itself: one may be allowed before another.
          if (
            !claimOnce(
              `${path} ${name} ${sendTo}`,
              transactionId ? `transaction:${transactionId}` : 'session',
            )
          )
            return;
          const params: EventParams = { value, currency };
          // An empty transaction_id would make every donation look like the same one.
          if (transactionId) params.transaction_id = transactionId;
          if (sendTo) params.send_to = sendTo;
          send(name, params);
        });
    }
    if (term) gate(false, () => send(SEARCH_EVENT, { search_term: term }));
  };
}

/**
 * Reports conversions (docs/how-it-works.md#conversion-tracker): arriving on a configured conversion page sends its events once per
 * completed donation, so a reload, the back button or a bfcache return never counts it again. Also
 * reports site searches when `analytics.siteSearch` is on: off by default because GA4's enhanced
 * measurement already reports these same URL parameters.
 *
 * Analytics that arrives late (a consent manager, a late Tag Manager) still gets the report: the
 * tracker waits for `gtag` or `dataLayer` for a bounded time (wait-for-sender.ts), and stops waiting
 * when it is disposed. With the default conversions and no WP Consent API the report is sent at once; a
 * page that configures `analytics` or runs the API (its `wp_has_consent`, or the page config's
 * `consentApi` while its script is still to come) first downloads the validator and the consent gate
 * (tracker-setup.ts), so the pages that need neither never pay for them.
 */
export function mount(_host: Element, ctx: IslandContext): Dispose {
  const start = (analytics: AnalyticsConfig, gate: ConsentGate) => {
    const send = report(analytics, gate);
    if (send) whenAnalyticsReady(window, ctx.signal, send);
  };
  const configured = ctx.section(setsAnalytics);
  const consentApi = ctx.section(runsConsentApi);
  if (
    !configured &&
    !consentApi &&
    typeof (window as { wp_has_consent?: unknown }).wp_has_consent !== 'function'
  )
    start(DEFAULT_ANALYTICS, runNow);
  else
    import('./tracker-setup.ts')
      .then(({ setUp }) => {
        if (!ctx.signal.aborted) start(...setUp(window, ctx, { configured, consentApi }, DEFAULT_ANALYTICS));
      })
      .catch(ctx.report);
  return () => {};
}
