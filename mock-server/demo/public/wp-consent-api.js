// A stand-in for the WP Consent API's browser script (the wp-consent-api plugin's
// assets/js/wp-consent-api.js, 2.0.1), written for the demo and the WordPress suite, which cannot
// download the real plugin. It answers as the real script does, branch by branch and with its quirks,
// so that a test sees what a real site does:
// - the functions are globals of a classic script, and read `consent_api` (which WordPress prints with
//   wp_localize_script before it): consent_type, waitfor_consent_hook, cookie_prefix,
//   cookie_expiration (days), services;
// - the region's type is `window.wp_consent_type` when a banner set it, else the server's;
// - no type at all means "no consent management": every category answers yes;
// - opt-out with no cookie answers yes; everything else answers yes only for a cookie of `allow`;
// - wp_set_consent ignores values other than allow and deny, writes the cookie even when unchanged,
//   and fires `wp_listen_for_consent_change` only on a change, its detail an array holding the
//   category as a property;
// - services live in one JSON cookie (`<prefix>_consented_services`); a service never chosen takes
//   the category it was registered with, or marketing; setting one fires
//   `wp_consent_api_status_change_service` with { service, value }, whether it changed or not.

/**
 * What the page's globals hold for the API: `consent_api` (printed by WordPress), and what a banner
 * or this script sets on `window`.
 * @typedef {{ consent_type: string, waitfor_consent_hook: boolean, cookie_prefix: string,
 *   cookie_expiration: number, services: { name: string, category: string }[] | undefined }} ConsentApiSettings
 * @typedef {Window & { consent_api: ConsentApiSettings, wp_consent_type?: string,
 *   wp_fallback_consent_type?: string, waitfor_consent_hook?: boolean }} ConsentApiWindow
 */

/** @returns {ConsentApiWindow} */
function consent_api_window() {
  return /** @type {ConsentApiWindow} */ (/** @type {unknown} */ (window));
}

// Read once, when the script runs, as the real one does.
consent_api_window().wp_fallback_consent_type = consent_api_window().consent_api.consent_type;
consent_api_window().waitfor_consent_hook = consent_api_window().consent_api.waitfor_consent_hook;

/** @param {string} name @returns {string} the cookie's value, '' when there is none */
function consent_api_get_cookie(name) {
  const prefix = `${name}=`;
  const found = document.cookie
    .split(';')
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.indexOf(prefix) === 0);
  return found === undefined ? '' : found.slice(prefix.length);
}

/** @param {string} name @param {string} value */
function consent_api_set_cookie(name, value) {
  const days = consent_api_window().consent_api.cookie_expiration;
  const expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const secure = window.location.protocol === 'https:' ? ';secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the API keeps each choice in a cookie the server reads too
  document.cookie = `${name}=${value}${secure};expires=${expires.toUTCString()};path=/`;
}

/** @param {string} category @returns {boolean} */
function wp_has_consent(category) {
  const page = consent_api_window();
  const type =
    typeof page.wp_consent_type !== 'undefined' ? page.wp_consent_type : page.wp_fallback_consent_type;
  const value = consent_api_get_cookie(`${page.consent_api.cookie_prefix}_${category}`);
  if (!type) return true;
  if (type.indexOf('optout') !== -1 && value === '') return true;
  return value === 'allow';
}

/** @param {string} category @param {string} value */
// biome-ignore lint/correctness/noUnusedVariables: a global of the API's classic script, called by the page
function wp_set_consent(category, value) {
  if (value !== 'allow' && value !== 'deny') return;
  const name = `${consent_api_window().consent_api.cookie_prefix}_${category}`;
  const before = consent_api_get_cookie(name);
  consent_api_set_cookie(name, value);
  if (before === value) return;
  // An array that holds the category as a property, as the real script builds it.
  /** @type {Record<string, string>} */
  const detail = /** @type {Record<string, string>} */ (/** @type {unknown} */ ([]));
  detail[category] = value;
  document.dispatchEvent(new CustomEvent('wp_listen_for_consent_change', { detail }));
}

/** @returns {Record<string, boolean>} the services cookie; {} when it is missing or not JSON */
function consent_api_consented_services() {
  const name = `${consent_api_window().consent_api.cookie_prefix}_consented_services`;
  try {
    const services = JSON.parse(consent_api_get_cookie(name));
    return services && typeof services === 'object' ? services : {};
  } catch {
    return {};
  }
}

/** @param {string} service @returns {string} */
function wp_get_service_category(service) {
  const services = consent_api_window().consent_api.services;
  if (!Array.isArray(services)) return 'marketing';
  const registered = services.find((entry) => entry && entry.name === service && entry.category);
  return registered ? registered.category : 'marketing';
}

/** @param {string} service @returns {boolean} */
// biome-ignore lint/correctness/noUnusedVariables: a global of the API's classic script, called by the page
function wp_has_service_consent(service) {
  const services = consent_api_consented_services();
  if (!Object.hasOwn(services, service)) return wp_has_consent(wp_get_service_category(service));
  return Boolean(services[service]);
}

/** @param {string} service @returns {boolean} */
// biome-ignore lint/correctness/noUnusedVariables: a global of the API's classic script, called by the page
function wp_is_service_denied(service) {
  const services = consent_api_consented_services();
  return Object.hasOwn(services, service) ? !services[service] : false;
}

/** @param {string} service @param {boolean} consented */
// biome-ignore lint/correctness/noUnusedVariables: a global of the API's classic script, called by the page
function wp_set_service_consent(service, consented) {
  const services = consent_api_consented_services();
  services[service] = consented;
  const name = `${consent_api_window().consent_api.cookie_prefix}_consented_services`;
  consent_api_set_cookie(name, JSON.stringify(services));
  document.dispatchEvent(
    new CustomEvent('wp_consent_api_status_change_service', { detail: { service, value: consented } }),
  );
}
