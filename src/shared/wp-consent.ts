/**
 * The WP Consent API as a page offers it (the `wp-consent-api` plugin's script, which a consent banner
 * such as Complianz or CookieYes drives): read, never driven, by the islands that send a visitor's data
 * to a third party (docs/how-it-works.md#consent). Where the page has no such API nothing here holds
 * anything back.
 */

import type { ConsentCategory } from './consent-categories.ts';

/**
 * A category's state for this visitor: `allow` (send), `deny` (the visitor said no, or the browser's
 * Global Privacy Control did where that counts) or `ask` (no choice yet: hold on and listen).
 */
export type ConsentVerdict = 'allow' | 'deny' | 'ask';

/** The globals the API's script defines (functions at its top level, `consent_api` by wp_localize_script). */
interface ConsentGlobals {
  wp_has_consent?: (category: string) => boolean;
  wp_has_service_consent?: (service: string) => boolean;
  wp_is_service_denied?: (service: string) => boolean;
  wp_set_service_consent?: (service: string, consented: boolean) => void;
  consent_api_get_cookie?: (name: string) => string;
  consent_api?: { consent_type?: unknown; cookie_prefix?: unknown; waitfor_consent_hook?: unknown };
  /** Set by a banner that decides the region in the browser; wins over `consent_api.consent_type`. */
  wp_consent_type?: unknown;
}

const globals = (win: Window) => win as Window & ConsentGlobals;

/** Whether the page runs the WP Consent API: without it, every island behaves as it always has. */
export const hasConsentApi = (win: Window): boolean => typeof globals(win).wp_has_consent === 'function';

/** The region's type as the API's own `wp_has_consent` reads it: the banner's, else the server's. */
function consentType(win: Window): string {
  const { wp_consent_type: set, consent_api: api } = globals(win);
  const type = set !== undefined ? set : api?.consent_type;
  return typeof type === 'string' ? type : '';
}

/**
 * Whether the region's type is still to come: the server told the API that a banner sets it in the
 * browser (`waitfor_consent_hook`), and the banner has not yet. Until then `wp_has_consent` answers yes
 * to everything (it reads a missing type as "no consent management"), so it must not be asked.
 */
const typePending = (win: Window) =>
  Boolean(globals(win).consent_api?.waitfor_consent_hook) && globals(win).wp_consent_type === undefined;

/**
 * The Global Privacy Control signal counts as a "no" to marketing where the API says the region is
 * opt-out (an opt-out law, such as California's, names it as a valid opt-out); in an opt-in region
 * nothing is sent without a "yes" anyway.
 */
const privacyControlDenies = (win: Window, category: ConsentCategory) =>
  category === 'marketing' &&
  consentType(win).includes('optout') &&
  (win.navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true;

/** The visitor's recorded choice for a category: the API's cookie, `allow`, `deny` or '' (none). */
function recordedChoice(win: Window, category: ConsentCategory): string {
  const { consent_api_get_cookie: read, consent_api: api } = globals(win);
  if (typeof read !== 'function' || typeof api?.cookie_prefix !== 'string') return '';
  return read(`${api.cookie_prefix}_${category}`);
}

/**
 * A category's verdict through the API: `wp_has_consent` decides yes, so that every banner's own rules
 * apply; a "no" is a `deny` only when the visitor chose it (or the Global Privacy Control says it), and
 * otherwise the question is still open, as it is while the API's script has not arrived.
 */
export function categoryVerdict(win: Window, category: ConsentCategory): ConsentVerdict {
  // The page config said the API runs here, and its script has not arrived yet: nobody can answer.
  if (!hasConsentApi(win) || typePending(win)) return 'ask';
  if (privacyControlDenies(win, category)) return 'deny';
  if (globals(win).wp_has_consent?.(category)) return 'allow';
  return recordedChoice(win, category) === 'deny' ? 'deny' : 'ask';
}

/**
 * A service's verdict (open while the API's script has not arrived): the visitor's choice for the
 * service itself when there is one (the API's `consented_services` cookie), else its category's.
 */
export function serviceVerdict(win: Window, service: string, category: ConsentCategory): ConsentVerdict {
  const { wp_is_service_denied: denied, wp_has_service_consent: has } = globals(win);
  if (typeof denied === 'function' && denied(service)) return 'deny';
  const byCategory = categoryVerdict(win, category);
  if (byCategory === 'allow') return 'allow';
  // A yes given to the service alone (a map's "Load the map") outweighs the category's no.
  return typeof has === 'function' && explicitService(win, service) && has(service) ? 'allow' : byCategory;
}

/** Whether the visitor chose for `service` itself, as the API's `consented_services` cookie records. */
function explicitService(win: Window, service: string): boolean {
  const { consent_api_get_cookie: read, consent_api: api } = globals(win);
  if (typeof read !== 'function' || typeof api?.cookie_prefix !== 'string') return false;
  try {
    const services: unknown = JSON.parse(read(`${api.cookie_prefix}_consented_services`));
    return typeof services === 'object' && services !== null && Object.hasOwn(services, service);
  } catch {
    // No cookie (''), or one that is not JSON: the API reads both as "nothing chosen".
    return false;
  }
}

/** Records the visitor's yes to one service through the API, as a consent banner's own switch would. */
export function allowService(win: Window, service: string): void {
  globals(win).wp_set_service_consent?.(service, true);
}

/**
 * The API's events that may change a verdict: a category chosen (`wp_listen_for_consent_change`), the
 * region's type set by a banner (`wp_consent_type_defined`) and a service chosen
 * (`wp_consent_api_status_change_service`). All fire on `document`.
 */
const CONSENT_EVENTS = [
  'wp_listen_for_consent_change',
  'wp_consent_type_defined',
  'wp_consent_api_status_change_service',
];

/** Calls `changed` after each of the API's consent events, until `signal` aborts. */
export function onConsentChange(win: Window, signal: AbortSignal, changed: () => void): void {
  for (const type of CONSENT_EVENTS) win.document.addEventListener(type, changed, { signal });
}

/** How often the page is checked for the API's script when no script's load has shown it. */
export const API_CHECK_EVERY_MS = 1000;
/** How long that check goes on: a script's load is listened for as long as the page lives. */
export const API_CHECK_FOR_MS = 5 * 60_000;

/**
 * Calls `arrived` once, when the API's script runs (never where it already has, or once `signal`
 * aborts), for a page whose config says the site runs the API but whose script comes late: an
 * optimiser that delays JavaScript until the visitor's first move (WP Rocket, LiteSpeed Cache,
 * Perfmatters, Jetpack Boost), an `async` tag or a banner that adds it. The script announces nothing
 * when it runs (it only defines its functions), but each of those loads it as a script element whose
 * `load` reaches a capturing listener on the document; a plain check every API_CHECK_EVERY_MS for
 * API_CHECK_FOR_MS covers a copy inlined into another script. Until it comes every verdict is open, so
 * nothing waiting on it is sent.
 */
export function onConsentApiArrival(win: Window, signal: AbortSignal, arrived: () => void): void {
  if (hasConsentApi(win) || signal.aborted) return;
  const waiting = new AbortController();
  const check = () => {
    if (!hasConsentApi(win)) return;
    waiting.abort();
    arrived();
  };
  const timer = win.setInterval(check, API_CHECK_EVERY_MS);
  const giveUp = win.setTimeout(() => win.clearInterval(timer), API_CHECK_FOR_MS);
  waiting.signal.addEventListener('abort', () => {
    win.clearInterval(timer);
    win.clearTimeout(giveUp);
  });
  signal.addEventListener('abort', () => waiting.abort(), { signal: waiting.signal });
  // On the document: a `load` never goes on to the window (the DOM standard stops it there).
  win.document.addEventListener('load', check, { capture: true, signal: waiting.signal });
}
