import { consentModeDenies } from './consent-mode.ts';

/** Parameters of one analytics event, in GA4's names. */
export type EventParams = Record<string, string | number>;
export type SendEvent = (name: string, params: EventParams) => void;

interface AnalyticsGlobals {
  gtag?: unknown;
  dataLayer?: unknown;
}

/**
 * Where this page's analytics events go, or undefined when it has nowhere to send them (yet).
 * - `gtag('event', name, params)` when the page has gtag.js. gtag queues into the dataLayer itself, so
 *   pushing there too would count every event twice; and it applies Consent Mode to what it sends.
 * - Otherwise a push of `{ event: name, ...params }` to `window.dataLayer`: Google Tag Manager's
 *   convention, where a Custom Event trigger fires on `event` and Data Layer Variables read the same
 *   flat parameter names. `send_to` is left out there: in GTM each tag chooses its own destination.
 *   Never while the dataLayer's Consent Mode state denies what a conversion needs: that push would go
 *   around the visitor's choice (see consent-mode.ts).
 */
export function eventSender(win: Window): SendEvent | undefined {
  const { gtag, dataLayer } = win as AnalyticsGlobals;
  if (typeof gtag === 'function') return (name, params) => gtag('event', name, params);
  if (Array.isArray(dataLayer) && !consentModeDenies(dataLayer)) {
    return (name, { send_to: _, ...params }) => {
      dataLayer.push({ event: name, ...params });
    };
  }
  return undefined;
}
