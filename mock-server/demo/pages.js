/**
 * The demo site's pages. Each is assembled on request from widgets/<name>/markup.html and the layout,
 * served under a strict Content-Security-Policy. As the plugin prints it, the config carries a REST nonce
 * only for a logged-in user (the demo's login, /__login/): a visitor's searches are anonymous, so their
 * answers are public and kept, as on a site with the plugin.
 */
import { readCookie } from '../lib/cookies.js';
import { html } from '../lib/html.js';
import { isLoggedIn } from '../wordpress/login.js';
import { consentDelay, consentRegion } from './consent.js';
import {
  aboutContent,
  heroSection,
  lazyBands,
  signUpCompleteContent,
  signUpForm,
  storySections,
  thankYouContent,
} from './content.js';
import { LAST_PROVIDER_COOKIE, LAST_SCREENING_COOKIE, submission } from './forms.js';
import { ISLAND_INTROS } from './island-intros.js';
import { contentSecurityPolicy, renderPage } from './layout.js';
import { ISLANDS, islandCopy, islandMarkup } from './markup-files.js';
import { configWithQuery } from './page-config.js';
import { printedSearchCopy } from './printed-search.js';
import { receivedAnswers } from './received-answers.js';
import { siteSearchContent, siteSearchText } from './site-search.js';

/**
 * @typedef {object} Page
 * @property {string} title
 * @property {import('../lib/html.js').SafeHtml} content
 * @property {boolean} [analytics]
 * @property {Record<string, unknown>} [config] merged into the page config
 * @property {number} [status]
 * @property {readonly string[]} [scripts] the site's own classic scripts (see renderPage)
 */

/**
 * @param {import('../wordpress/nonces.js').NonceRegistry} nonces
 * @param {(req: import('express').Request) => Promise<Page> | Page} build
 * @returns {import('express').RequestHandler}
 */
export function pageHandler(nonces, build) {
  return async (req, res, next) => {
    try {
      const page = await build(req);
      const consent = consentRegion(req.query.consent);
      const loggedIn = isLoggedIn(req);
      const base = {
        restRoot: '/wp-json/',
        ...(loggedIn && { nonce: nonces.issue() }),
        nonceEndpoint: '/wp-admin/admin-ajax.php?action=rest-nonce',
        boundaryBaseUrl: '/zipcodes/',
        maps: { provider: 'leaflet' },
        // As the plugin prints it where the WP Consent API is active.
        ...(consent && { consentApi: true }),
        ...page.config,
      };
      const { config, problem } = configWithQuery(base, req.query.config);
      const rawConfig = typeof req.query.rawconfig === 'string' ? req.query.rawconfig : undefined;
      const theme = req.query.theme !== 'none';
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const delay = consentDelay(req.query['consent-delay']);
      const body = renderPage({
        ...page,
        config,
        rawConfig,
        notice: problem,
        theme,
        consent,
        consentDelay: delay,
        query,
        loggedIn,
      });
      res
        .status(page.status ?? 200)
        .set('Content-Security-Policy', contentSecurityPolicy(config))
        .type('html')
        .send(body);
    } catch (error) {
      next(error);
    }
  };
}

/** @param {string | undefined} id @param {string} prefix */
const transaction = (id, prefix) =>
  id && /^\d{1,12}$/.test(id) ? { analytics: { transactionId: `${prefix}-${id}` } } : {};

/** @param {import('express').Request} req @returns {Promise<Page>} */
async function homeOrSearch(req) {
  const text = siteSearchText(req.query);
  if (text !== undefined)
    return { title: `Search results for “${text}”`, content: siteSearchContent(text), analytics: true };
  const [first, second, third, fourth] = storySections;
  const [sofaBand, boxesBand] = lazyBands;
  return {
    title: 'Free donation pick-up',
    content: html`${heroSection}
${await islandMarkup('priority-alert')}
<section id="donors-in-your-area-section" aria-labelledby="donors-title">
  <h2 id="donors-title">Donors in your area</h2>
  <p>See what your neighbours gave in the last weeks: search by zip code.</p>
  ${await printedSearchCopy(req, await islandMarkup('donors-search'), 1)}
</section>
${first}
${sofaBand}
${second}
${boxesBand}
${third}
${await islandMarkup('lazy-background')}
${fourth}
<section id="screening" aria-labelledby="screening-title">
  <h2 id="screening-title">Schedule a pick-up</h2>
  ${await islandMarkup('screening-questions')}
</section>`,
  };
}

/**
 * One island's page. `?copies=2` (up to 3) pastes its snippet that many times, one after the other, as
 * an admin who pastes the same HTML block twice would: every copy is in the page's HTML from the start.
 * @param {import('express').Request} req @returns {Promise<Page>}
 */
async function islandPage(req) {
  const island = ISLANDS.find(({ name }) => name === req.params.name);
  if (!island) return notFoundPage();
  const copies = Math.min(Math.max(Number.parseInt(String(req.query.copies ?? '1'), 10) || 1, 1), 3);
  const markup = await islandMarkup(island.name);
  const intro = ISLAND_INTROS[island.name];
  return {
    title: island.label,
    content: html`<h1>${island.label}</h1>
${intro?.before ?? html`<p class="island-intro">This page holds only the <code>${island.name}</code> island's markup.</p>`}
${await Promise.all(
  Array.from({ length: copies }, (_, index) => {
    const copy = islandCopy(island.name, markup, index + 1);
    return island.name === 'donors-search' ? printedSearchCopy(req, copy, index + 1) : copy;
  }),
)}
${intro?.after ?? ''}`,
    analytics: island.name === 'conversion-tracker',
  };
}

/**
 * The donors search after the tall story sections, far below the fold: its loading strategy
 * (`intent`) keeps its code off the wire until the visitor reaches for its form, scrolled to or not.
 * @param {import('express').Request} req
 * @returns {Promise<Page>}
 */
const searchBelowTheFold = async (req) => ({
  title: 'Donors in your area, below the fold',
  content: html`<h1>Donors in your area, below the fold</h1>
${storySections}
<section id="donors-in-your-area-section" aria-labelledby="donors-title">
  <h2 id="donors-title">Donors in your area</h2>
  ${await printedSearchCopy(req, await islandMarkup('donors-search'), 1)}
</section>`,
});

/** @returns {Page} */
const islandIndex = () => ({
  title: 'Islands',
  content: html`<h1>Islands</h1>
<ul>${ISLANDS.map(({ name, label }) => html`<li><a href="/islands/${name}/">${label}</a> <code>${name}</code></li>`)}</ul>`,
});

/** @returns {Page} */
export const notFoundPage = () => ({
  title: 'Page not found',
  status: 404,
  content: html`<h1>Page not found</h1><p>Nothing is here. <a href="/">Go to the home page</a>.</p>`,
});

/**
 * @param {import('express').Application} app
 * @param {import('../wordpress/nonces.js').NonceRegistry} nonces
 * @param {import('lowdb').LowdbSync<import('./forms.js').MockData>} db json-server's lowdb instance
 */
export function addDemoPages(app, nonces, db) {
  /** @param {string} path @param {(req: import('express').Request) => Promise<Page> | Page} build */
  const page = (path, build) => app.get(path, pageHandler(nonces, build));
  page('/', homeOrSearch);
  page('/about/', () => ({ title: 'About us', content: aboutContent }));
  page('/islands/', islandIndex);
  page('/islands/donors-search/below-the-fold/', searchBelowTheFold);
  page('/islands/:name/', islandPage);
  page('/thank-you/', (req) => {
    const id = readCookie(req.headers.cookie, LAST_SCREENING_COOKIE);
    return {
      title: 'Thank you',
      content: html`${thankYouContent}${receivedAnswers(submission(db, 'screenings', id))}`,
      analytics: true,
      config: transaction(id, 'screening'),
    };
  });
  page('/sign-up/', () => ({ title: 'Become a pick-up provider', content: signUpForm }));
  page('/sign-up/sign-up-complete/', (req) => ({
    title: 'Sign-up complete',
    content: signUpCompleteContent,
    analytics: true,
    config: transaction(readCookie(req.headers.cookie, LAST_PROVIDER_COOKIE), 'provider'),
  }));
}
