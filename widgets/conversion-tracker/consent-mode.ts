/**
 * Google Consent Mode, as the dataLayer holds it: Google's own record of the visitor's choice, which a
 * Google tag applies. Not the WP Consent API, which this project calls consent (consent-gate.ts).
 */

/** The Consent Mode types a conversion report touches: Ads conversions and analytics. */
const REPORT_TYPES = ['ad_storage', 'analytics_storage'] as const;

const isCommand = (entry: unknown): entry is ArrayLike<unknown> =>
  Array.isArray(entry) || Object.prototype.toString.call(entry) === '[object Arguments]';

/**
 * Whether Google Consent Mode, as queued in the dataLayer by `gtag('consent', 'default' | 'update', …)`
 * (gtag pushes its `arguments`), currently denies a type a conversion needs. gtag.js applies Consent
 * Mode to what goes through `gtag()` itself; a push straight to the dataLayer would go around it, so the
 * tracker never pushes while this holds.
 */
export function consentModeDenies(dataLayer: readonly unknown[]): boolean {
  const state = new Map<string, unknown>();
  for (const entry of dataLayer) {
    if (!isCommand(entry) || entry[0] !== 'consent') continue;
    const settings = entry[2];
    if (typeof settings !== 'object' || settings === null) continue;
    for (const type of REPORT_TYPES)
      if (type in settings) state.set(type, (settings as Record<string, unknown>)[type]);
  }
  return [...state.values()].includes('denied');
}
