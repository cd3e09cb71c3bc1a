/**
 * The demo's "Donation Manager" pages for the donors search: the markup Donation Manager's
 * `[donors_in_your_area]` shortcode prints (donation-manager/donors-in-your-area.html), on a page that
 * has the project's script tag alone, and on one that also has Donation Manager's own scripts as the
 * site prints them without the plugin to retire them (jQuery, the Google Maps script, `wpvars` and
 * donors-by-zipcode.js, stood in by donation-manager/*.js). The island takes the markup over on both.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { html, trusted } from '../lib/html.js';

const FOLDER = new URL('./donation-manager/', import.meta.url);
const MARKUP = new URL('donors-in-your-area.html', FOLDER);

/** The scripts Donation Manager's pages load, by the path the demo serves each at. */
const SCRIPTS = {
  'jquery.js': fileURLToPath(import.meta.resolve('jquery/dist/jquery.js')),
  'google-maps.js': fileURLToPath(new URL('google-maps.js', FOLDER)),
  'wpvars.js': fileURLToPath(new URL('wpvars.js', FOLDER)),
  'donors-by-zipcode.js': fileURLToPath(new URL('donors-by-zipcode.js', FOLDER)),
};

/** In the order WordPress prints them: jQuery, then `googlemaps`, then `donors-by-zipcode` with its `wpvars`. */
const itsScripts = html`${Object.keys(SCRIPTS).map(
  (file) => html`<script src="/donation-manager/${file}"></script>\n`,
)}`;

export const ORIGINAL_SEARCH_PAGE = '/donation-manager/donors-in-your-area/';
export const ORIGINAL_SEARCH_WITH_ITS_SCRIPTS = '/donation-manager/donors-in-your-area/with-its-scripts/';

/**
 * @param {boolean} withItsScripts
 * @returns {() => Promise<import('./pages.js').Page>}
 */
const searchPage = (withItsScripts) => async () => ({
  title: 'Donors in your area (Donation Manager)',
  content: html`<h1>Donors in your area</h1>
<p class="island-intro">Donation Manager's <code>[donors_in_your_area]</code> as it prints it, ${
    withItsScripts
      ? html`with its own scripts on the page too (<a href="${ORIGINAL_SEARCH_PAGE}">without them</a>)`
      : html`with the project's script alone (<a href="${ORIGINAL_SEARCH_WITH_ITS_SCRIPTS}">with its scripts too</a>)`
  }.</p>
${trusted(await readFile(MARKUP, 'utf8'))}
${withItsScripts && itsScripts}`,
});

/**
 * @param {import('express').Application} app
 * @param {(path: string, build: () => Promise<import('./pages.js').Page>) => void} page
 */
export function addDonationManagerSearchPages(app, page) {
  app.get('/donation-manager/:file', (req, res, next) => {
    const file = SCRIPTS[/** @type {keyof typeof SCRIPTS} */ (req.params.file)];
    if (file) res.type('js').sendFile(file);
    else next();
  });
  page(ORIGINAL_SEARCH_PAGE, searchPage(false));
  page(ORIGINAL_SEARCH_WITH_ITS_SCRIPTS, searchPage(true));
}
