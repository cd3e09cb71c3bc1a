import { setsAnalytics } from '../../src/shared/conversion-pages.ts';
import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { type AnalyticsConfig, DEFAULT_ANALYTICS } from './analytics-defaults.ts';
import { findConversion, searchTerm } from './match.ts';
import { claimOnce } from './once.ts';
import type { EventParams, SendEvent } from './send.ts';
import { whenAnalyticsReady } from './wait-for-sender.ts';

/** GA4's recommended event for a site search; it reads the query from `search_term`. */
export const SEARCH_EVENT = 'view_search_results';

/**
 * What this page has to report, sent once analytics is there: the conversion is claimed at that moment,
 * before sending, so a failure half-way can never lead to a second report on reload, and a page left
 * before analytics arrived has claimed nothing. Each transaction id counts once; without one, the
 * conversion counts once per session. Undefined when the page has nothing to report.
 */
function report({
  conversions,
  transactionId,
  siteSearch,
  searchParams,
}: AnalyticsConfig): ((send: SendEvent) => void) | undefined {
  const conversion = findConversion(location.pathname, conversions);
  const term = siteSearch ? searchTerm(location.search, searchParams) : '';
  if (!conversion && !term) return undefined;
  return (send) => {
    if (
      conversion &&
      claimOnce(conversion.path, transactionId ? `transaction:${transactionId}` : 'session')
    ) {
      const { value, currency } = conversion;
      for (const { name, sendTo } of conversion.events) {
        const params: EventParams = { value, currency };
        // An empty transaction_id would make every donation look like the same one.
        if (transactionId) params.transaction_id = transactionId;
        if (sendTo) params.send_to = sendTo;
        send(name, params);
      }
    }
    if (term) send(SEARCH_EVENT, { search_term: term });
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
 * when it is disposed. With the default conversions the report is sent at once; a page that configures
 * `analytics` first downloads the validator for it, so the pages that configure nothing never pay for it.
 */
export function mount(_host: Element, ctx: IslandContext): Dispose {
  const start = (analytics: AnalyticsConfig) => {
    const send = report(analytics);
    if (send) whenAnalyticsReady(window, ctx.signal, send);
  };
  if (!ctx.section(setsAnalytics)) start(DEFAULT_ANALYTICS);
  else
    import('./analytics-config.ts')
      .then(({ analyticsParser }) => {
        // Made by this mount, not kept by the module: the tracker mounts once a page (on <html>), so
        // the section is still validated once, and nothing outlives the page.
        if (!ctx.signal.aborted) start(ctx.section(analyticsParser(DEFAULT_ANALYTICS)));
      })
      .catch(ctx.report);
  return () => {};
}
