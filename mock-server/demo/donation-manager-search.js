/**
 * The demo's "Donation Manager" pages for the donors search: the markup Donation Manager's
 * `[donors_in_your_area]` shortcode prints (donation-manager/donors-in-your-area.html), on a page that
 * has the project's script tag alone, and on one that also has Donation Manager's own scripts as the
 * site prints them without the plugin to retire them (jQuery, the Google Maps script, `wpvars` and
 * donors-by-zipcode.js, stood in by donation-manager/*.js). The island takes the markup over on both.
 */
import { readFile } from 'node:fs/promises';
import { html, trusted } from '../lib/html.js';
import { ITS_SEARCH_SCRIPTS } from './donation-manager-scripts.js';

const FOLDER = new URL('./donation-manager/', import.meta.url);
const MARKUP = new URL('donors-in-your-area.html', FOLDER);

export const DONATION_MANAGER_SEARCH_PAGE = '/donation-manager/donors-in-your-area/';
export const DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS =
  '/donation-manager/donors-in-your-area/with-its-scripts/';

/**
 * @param {boolean} withItsScripts
 * @returns {() => Promise<import('./pages.js').Page>}
 */
const searchPage = (withItsScripts) => async () => ({
  title: 'Donors in your area (Donation Manager)',
  content: html`<h1>Donors in your area</h1>
<p class="island-intro">Donation Manager's <code>[donors_in_your_area]</code> as it prints it, ${
    withItsScripts
      ? html`with its own scripts on the page too (<a href="${DONATION_MANAGER_SEARCH_PAGE}">without them</a>)`
      : html`with the project's script alone (<a href="${DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS}">with its scripts too</a>)`
  }.</p>
${trusted(await readFile(MARKUP, 'utf8'))}`,
  scripts: withItsScripts ? ITS_SEARCH_SCRIPTS : [],
});

/**
 * The search's two pages, by their paths.
 * @type {[string, () => Promise<import('./pages.js').Page>][]}
 */
export const SEARCH_PAGES = [
  [DONATION_MANAGER_SEARCH_PAGE, searchPage(false)],
  [DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS, searchPage(true)],
];
