/**
 * The WP Consent API in jsdom, for unit tests: the demo's stand-in of its browser script
 * (mock-server/demo/public/wp-consent-api.js, which mirrors the real one branch by branch), run as the
 * classic script it is, after `consent_api` as WordPress prints it. `removeConsentApi` takes every
 * global and cookie away again, so a test without it sees a site without a consent plugin.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONSENT_COOKIE_PREFIX, consentSettingsScript } from '../mock-server/demo/consent.js';

const API_SCRIPT = readFileSync(
  path.join(import.meta.dirname, '../mock-server/demo/public/wp-consent-api.js'),
  'utf8',
);

const GLOBALS = [
  'consent_api',
  'wp_consent_type',
  'wp_fallback_consent_type',
  'waitfor_consent_hook',
  'consent_api_window',
  'consent_api_get_cookie',
  'consent_api_set_cookie',
  'consent_api_consented_services',
  'wp_has_consent',
  'wp_set_consent',
  'wp_get_service_category',
  'wp_has_service_consent',
  'wp_is_service_denied',
  'wp_set_service_consent',
];

export interface ConsentApiOptions {
  /** Tells the API that a banner sets the region's type in the browser (its `waitfor_consent_hook`). */
  waitForType?: boolean;
}

/** Runs the API's scripts in the page for a region (`optin`, `optout`, or '' for no type at all). */
export function installConsentApi(type: string, { waitForType = false }: ConsentApiOptions = {}): void {
  const settings = consentSettingsScript(type).replace(
    '"waitfor_consent_hook":false',
    `"waitfor_consent_hook":${waitForType}`,
  );
  // An indirect eval runs them as classic scripts run: their top-level declarations become globals.
  // biome-ignore lint/security/noGlobalEval: the stand-in is the repository's own file, not input
  globalThis.eval(`${settings}\n${API_SCRIPT}`);
}

/**
 * The API's script arriving after the islands mounted, as an optimiser that delays JavaScript (or an
 * `async` tag) delivers it: the script runs, then its element's `load` fires, and nothing else tells
 * the page. `inlined` leaves the `load` out, as for a copy inlined into another script.
 */
export function deliverConsentApiLate(type: string, { inlined = false } = {}): void {
  installConsentApi(type);
  if (inlined) return;
  const tag = document.createElement('script');
  tag.src = '/wp-content/plugins/wp-consent-api/assets/js/wp-consent-api.min.js';
  document.body.append(tag);
  tag.dispatchEvent(new Event('load'));
  tag.remove();
}

/** A choice the visitor made on an earlier page: the API's cookie, there before its script runs. */
export function chosenEarlier(category: string, value: 'allow' | 'deny'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the API's own cookie, as its script sets it
  document.cookie = `${CONSENT_COOKIE_PREFIX}_${category}=${value}; path=/`;
}

/** Calls the API's own functions, as a banner does. */
export const consentApi = () =>
  window as unknown as {
    wp_set_consent(category: string, value: string): void;
    wp_set_service_consent(service: string, consented: boolean): void;
    wp_has_consent(category: string): boolean;
    wp_consent_type?: string;
  };

/** A banner setting the region's type in the browser, and saying so. */
export function defineConsentType(type: string): void {
  consentApi().wp_consent_type = type;
  document.dispatchEvent(new CustomEvent('wp_consent_type_defined'));
}

/** Removes the API's globals and every consent cookie. */
export function removeConsentApi(): void {
  for (const name of GLOBALS) delete (window as unknown as Record<string, unknown>)[name];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name?.startsWith(`${CONSENT_COOKIE_PREFIX}_`))
      // biome-ignore lint/suspicious/noDocumentCookie: the API's own cookies, removed as its script sets them
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
