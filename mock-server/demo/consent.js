/**
 * The demo's consent switch: `?consent=optin` or `?consent=optout` gives a page the WP Consent API as a
 * WordPress site with a consent plugin has it (its settings printed first, as wp_localize_script prints
 * them, then the API's script: public/wp-consent-api.js, a stand-in of the real one), and a small
 * banner on the analytics debug panel that records the visitor's choice through the API, as a consent
 * plugin's banner does. Without the parameter a page has no consent plugin at all.
 */
import { html } from '../lib/html.js';

/** The region types the API knows (its `wp_consent_types` filter's default). */
export const CONSENT_TYPES = ['optin', 'optout'];

/** The API's default cookie prefix (its `wp_consent_cookie_prefix` filter). */
export const CONSENT_COOKIE_PREFIX = 'wp_consent';

/**
 * The region a page is asked for, or undefined for a site without a consent plugin.
 * @param {unknown} query the `consent` query value
 * @returns {string | undefined}
 */
export const consentRegion = (query) =>
  typeof query === 'string' && CONSENT_TYPES.includes(query) ? query : undefined;

/**
 * How the API's script comes late (`?consent-delay=`), as an optimiser that delays JavaScript prints
 * it: `interaction` (the visitor's first move) or a number of milliseconds after the page loaded;
 * undefined: printed as the API prints it.
 * @param {unknown} query the `consent-delay` query value
 * @returns {string | undefined}
 */
export const consentDelay = (query) =>
  typeof query === 'string' && /^(interaction|\d{1,7})$/.test(query) ? query : undefined;

/**
 * `consent_api` as the API prints it, for a region: no banner sets the type in the browser here, and
 * no service is registered, so a service takes the category marketing.
 * @param {string} type
 */
export const consentSettingsScript = (type) =>
  `var consent_api = ${JSON.stringify({
    consent_type: type,
    waitfor_consent_hook: false,
    cookie_expiration: 30,
    cookie_prefix: CONSENT_COOKIE_PREFIX,
    services: [],
  })};\n`;

/**
 * The API's scripts for a page in `type`'s region, before the islands' module script (as WordPress
 * prints classic footer scripts before a module runs). With a `delay`, the API's own tag is printed as
 * WP Rocket prints a script it delays, and the stand-in of its loader (public/delay-javascript.js)
 * runs it then.
 * @param {string} type
 * @param {string} [delay] see consentDelay
 */
export const consentScripts = (type, delay) =>
  html`<script src="/wp-consent-api-settings.js?type=${type}"></script>
${
  delay
    ? html`<script type="rocketlazyloadscript" data-rocket-src="/wp-consent-api.js"></script>
<script src="/delay-javascript.js" data-trigger="${delay}" defer></script>`
    : html`<script src="/wp-consent-api.js"></script>`
}
<script src="/consent-switch.js" defer></script>`;

/**
 * The switch: which region the page is in (a link to each, and to no consent plugin, keeping the
 * page's other parameters), and the banner's two buttons.
 * @param {string | undefined} type
 * @param {URLSearchParams} query the page's query
 */
export function consentSwitch(type, query) {
  /** @param {string | undefined} region */
  const link = (region) => {
    const params = new URLSearchParams(query);
    if (region) params.set('consent', region);
    else params.delete('consent');
    const search = params.toString();
    return search ? `?${search}` : '?';
  };
  const regions = [
    { region: undefined, label: 'No consent plugin' },
    { region: 'optin', label: 'Opt-in region' },
    { region: 'optout', label: 'Opt-out region' },
  ];
  return html`<section class="consent-switch" aria-labelledby="consent-switch-title">
  <h3 id="consent-switch-title">Consent (WP Consent API)</h3>
  <ul>${regions.map(({ region, label }) =>
    region === type
      ? html`<li><strong aria-current="page">${label}</strong></li>`
      : html`<li><a href="${link(region)}">${label}</a></li>`,
  )}</ul>
  ${
    type &&
    html`<p>Statistics and marketing: <output id="consent-switch-state">not chosen</output></p>
  <p><button type="button" data-consent="allow">Allow statistics and marketing</button>
  <button type="button" data-consent="deny">Deny</button></p>`
  }
</section>`;
}

/** @param {import('express').Application} app */
export function addConsentSettings(app) {
  app.get('/wp-consent-api-settings.js', (req, res) => {
    const type = consentRegion(req.query.type);
    if (!type) {
      res.status(404).type('text/plain').send('type must be optin or optout');
      return;
    }
    res.type('text/javascript').set('Cache-Control', 'no-store').send(consentSettingsScript(type));
  });
}
