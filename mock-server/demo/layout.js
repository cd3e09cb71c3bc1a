/**
 * The demo site's one layout: a small WordPress-like theme around each page's content, the page
 * config as JSON data and the one module script. No inline script anywhere: the demo serves a strict
 * Content-Security-Policy.
 */
import { html, jsonForScript, trusted } from '../lib/html.js';
import { consentScripts, consentSwitch } from './consent.js';
import { ISLANDS } from './markup-files.js';

export const SITE_NAME = 'Second Home Donation Pick-Up';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://*.tile.openstreetmap.org https://tile.openstreetmap.org https://maps.gstatic.com https://*.googleapis.com",
  "connect-src 'self' https://*.googleapis.com",
  "font-src 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * What Google's Content Security Policy guide lists for the Maps JavaScript API, per directive: its
 * script (loaded from maps.googleapis.com, which loads more from Google's domains, evaluates code and
 * starts blob: workers), its tiles and icons, its XHRs and its fonts.
 */
const GOOGLE_MAPS_SOURCES = {
  'script-src':
    "https://*.googleapis.com https://*.gstatic.com *.google.com https://*.ggpht.com *.googleusercontent.com 'unsafe-eval' blob:",
  'img-src': 'https://*.gstatic.com *.google.com *.googleusercontent.com',
  'connect-src': 'https://*.gstatic.com *.google.com data: blob:',
  'font-src': 'https://fonts.gstatic.com',
  'style-src': 'https://fonts.googleapis.com',
  'frame-src': '*.google.com',
  'worker-src': 'blob:',
};

/** @param {Record<string, unknown>} config @returns {boolean} */
const choosesGoogle = (config) => {
  const maps = /** @type {{ provider?: unknown, googleApiKey?: unknown }} */ (config.maps ?? {});
  return maps.provider === 'google' || ((maps.provider ?? 'auto') === 'auto' && Boolean(maps.googleApiKey));
};

/** The origin of a `boundaryBaseUrl` on another host, which a site must let the page fetch from. */
const boundaryOrigin = (/** @type {Record<string, unknown>} */ config) =>
  typeof config.boundaryBaseUrl === 'string' &&
  /^https?:\/\//.test(config.boundaryBaseUrl) &&
  URL.canParse(config.boundaryBaseUrl)
    ? new URL(config.boundaryBaseUrl).origin
    : undefined;

/**
 * The demo's policy for a page with `config`: the strict one, plus what Google's guide asks for when
 * the config chooses Google Maps (so `?config={"maps":{"provider":"google",…}}` draws it), plus the
 * origin of boundary files on another host, and nothing more otherwise.
 * @param {Record<string, unknown>} config
 */
export function contentSecurityPolicy(config) {
  const boundaries = boundaryOrigin(config);
  if (!choosesGoogle(config) && !boundaries) return CONTENT_SECURITY_POLICY;
  const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d]));
  const add = (/** @type {string} */ name, /** @type {string} */ sources) =>
    directives.set(name, `${directives.get(name) ?? `${name} 'self'`} ${sources}`);
  if (choosesGoogle(config))
    for (const [name, sources] of Object.entries(GOOGLE_MAPS_SOURCES)) add(name, sources);
  if (boundaries) add('connect-src', boundaries);
  return [...directives.values()].join('; ');
}

const MENU = [
  {
    label: 'Donate',
    href: '/',
    children: [
      { label: 'Schedule a pick-up', href: '/#screening' },
      { label: 'Donors in your area', href: '/#donors-in-your-area-section' },
      { label: 'After your donation', href: '/thank-you/' },
    ],
  },
  {
    label: 'Pick-up providers',
    href: '/sign-up/',
    children: [
      { label: 'Become a provider', href: '/sign-up/' },
      { label: 'Sign-up complete', href: '/sign-up/sign-up-complete/' },
    ],
  },
  {
    label: 'Islands',
    href: '/islands/',
    children: ISLANDS.map(({ name, label }) => ({ label, href: `/islands/${name}/` })),
  },
  { label: 'Donation Manager', href: '/donation-manager/', children: [] },
  { label: 'About', href: '/about/', children: [] },
  { label: 'Search', href: '/?s=sofa', children: [] },
];

/**
 * The menu, with a button beside each parent link that opens its sub-menu and a "Menu" button that folds
 * the menu on a phone; site-menu.js, in the head, shows the buttons before the page is first drawn (so nothing moves), and without it the menu opens on hover and focus.
 */
const navigation = html`<button type="button" class="menu-toggle" aria-expanded="false" aria-controls="site-menu">Menu</button>
<nav class="site-nav" aria-label="Main">
  <ul class="menu" id="site-menu">
    ${MENU.map(
      (item, index) => html`<li class="menu-item${item.children.length > 0 && ' has-children'}">
        <a href="${item.href}">${item.label}</a>
        ${
          item.children.length > 0 &&
          html`<button type="button" class="sub-menu-toggle" aria-expanded="false" aria-controls="sub-menu-${index}" aria-label="${item.label} pages"></button>
        <ul class="sub-menu" id="sub-menu-${index}">
          ${item.children.map((child) => html`<li><a href="${child.href}">${child.label}</a></li>`)}
        </ul>`
        }
      </li>`,
    )}
  </ul>
</nav>`;

/** @param {import('../lib/html.js').SafeHtml} consent the consent switch */
const analyticsPanel = (
  consent,
) => html`<aside class="analytics-debug" aria-labelledby="analytics-debug-title">
  <h2 id="analytics-debug-title">Analytics debug</h2>
  <p>Events pushed to <code>window.dataLayer</code> on this page (a stand-in for Google's tag):</p>
  <div role="log"><ol id="analytics-debug-events"></ol></div>
  ${consent}
</aside>`;

/**
 * @typedef {object} PageOptions
 * @property {string} title
 * @property {import('../lib/html.js').SafeHtml} content the page's main content
 * @property {Record<string, unknown>} config
 * @property {string} [rawConfig] text to put in the config element instead of `config`, for tests of a broken config
 * @property {boolean} [analytics] a dataLayer and its debug panel, as on pages with Google's tag
 * @property {string} [notice] shown above the content, e.g. a `?config` that was ignored
 * @property {boolean} [theme] the demo theme's stylesheet; false (`?theme=none`) shows the islands with
 *   their own stylesheet alone, as on a theme that styles nothing of theirs
 * @property {readonly string[]} [scripts] classic scripts of the site, printed in the head before the
 *   project's, as WordPress prints jQuery and what depends on it
 * @property {string} [consent] the WP Consent API's region (`?consent=optin|optout`, see consent.js);
 *   none: a site without a consent plugin
 * @property {string} [consentDelay] how the API's script comes late (`?consent-delay=`, see consent.js)
 * @property {URLSearchParams} [query] the page's query, kept by the consent switch's links
 * @property {boolean} [loggedIn] the demo's login is on (wordpress/login.js): the footer says so
 */

/** @param {PageOptions} page */
export function renderPage({
  title,
  content,
  config,
  rawConfig,
  analytics = false,
  notice,
  theme = true,
  scripts = [],
  consent,
  consentDelay,
  query = new URLSearchParams(),
  loggedIn = false,
}) {
  const consentPanel = consentSwitch(consent, query);
  // Even a deliberately broken config must not be able to close its element.
  const configJson =
    rawConfig === undefined ? jsonForScript(config) : trusted(rawConfig.replace(/</g, '\\u003c'));
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg">
<title>${title} – ${SITE_NAME}</title>
<link rel="stylesheet" href="/dist/donation-widgets.css">
${theme && html`<link rel="stylesheet" href="/demo.css">`}
${analytics && html`<script src="/analytics-debug.js"></script>`}
${consent && consentScripts(consent, consentDelay)}
${scripts.map(
  (src) => html`<script src="${src}"></script>
`,
)}<script type="application/json" id="donation-widgets-config">${configJson}</script>
<script type="module" src="/dist/donation-widgets.js"></script>
${theme && html`<script src="/site-menu.js"></script>`}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
  <div class="wrap header-inner">
    <a class="site-title" href="/">${SITE_NAME}</a>
    ${navigation}
  </div>
</header>
<main id="main" class="wrap site-content">
${notice && html`<p class="alert alert-warning" role="alert">${notice}</p>`}
${content}
</main>
${analytics && html`<div class="wrap">${analyticsPanel(consentPanel)}</div>`}
${!analytics && consent && html`<div class="wrap"><aside class="analytics-debug" aria-label="Consent">${consentPanel}</aside></div>`}
<footer class="site-footer">
  <div class="wrap">
    <p>${SITE_NAME} is a demo served by the donation-widgets mock server. <a href="/__faults/">Fault switches</a>
      · <a href="/__login/">${loggedIn ? 'Logged in as the demo editor: log out' : 'Log in (demo)'}</a></p>
  </div>
</footer>
</body>
</html>
`.value;
}
