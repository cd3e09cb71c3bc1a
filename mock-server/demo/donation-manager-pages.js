/**
 * "Donation Manager" pages: its steps' markup as that plugin prints it (the fixtures in
 * ./donation-manager/, read on every request), served twice: with the project's script tag alone, and
 * with Donation Manager's own scripts too (jQuery 3.7.1 and the stand-in of its scripts.js), as a site that
 * runs both prints them before anything retires the original's.
 */
import { readFile } from 'node:fs/promises';
import { html, trusted } from '../lib/html.js';
import { ITS_SCRIPTS, serveDonationManagerScripts } from './donation-manager-scripts.js';
import {
  DONATION_MANAGER_SEARCH_PAGE,
  DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS,
  SEARCH_PAGES,
} from './donation-manager-search.js';
import { pageHandler } from './pages.js';

const fixtures = new URL('./donation-manager/', import.meta.url);

/** What the page of each step shows, and which of the plugin's files it prints. */
const STEPS = {
  'pick-up-dates': {
    title: 'Pick-up dates',
    file: 'alert.html',
    about: html`the pick-up dates step, with the priority alert and its hidden note (<code>get_alert()</code>)`,
    // Donation Manager's date picker (glDatePicker) hides the calendar box printed under each date
    // field until the field is focused. The demo does not run the picker: the boxes stay hidden, as
    // before a visitor's first tap, and the fields are plain text fields.
    standIn: html`<style>[gldp-el] { display: none; }</style>`,
    next: '/thank-you/',
  },
  'screening-questions': {
    title: 'Screening questions',
    file: 'screening-questions.html',
    about: 'the screening step; a "Yes" asks for additional details',
    next: '/donation-manager/pick-up-dates/',
    standIn: undefined,
  },
};

const WITH_ITS_SCRIPTS = 'with-its-scripts/';

/** @param {string} file */
const fixture = async (file) => trusted(await readFile(new URL(file, fixtures), 'utf8'));

/**
 * @param {import('express').Application} app
 * @param {import('../wordpress/nonces.js').NonceRegistry} nonces
 */
export function addDonationManagerPages(app, nonces) {
  serveDonationManagerScripts(app);
  for (const [path, build] of SEARCH_PAGES) app.get(path, pageHandler(nonces, build));
  // Where the priority note's partner link leads on the site: Donation Manager's first step, with the
  // partner chosen. The demo does not run that flow; the page says so instead of answering 404.
  app.get(
    '/step-one/',
    pageHandler(nonces, () => ({
      title: 'Priority pick-up',
      content: html`<h1>Priority pick-up</h1>
<p>On the site, the priority note's link opens Donation Manager's first step with the priority partner
chosen. The demo does not run that flow: <a href="/donation-manager/">back to the Donation Manager pages</a>.</p>`,
    })),
  );
  app.get(
    '/donation-manager/',
    pageHandler(nonces, () => ({
      title: 'Donation Manager',
      content: html`<h1>Donation Manager</h1>
<p>Each page prints a step of the Donation Manager plugin exactly as it does, with no attribute added: the
islands take it over. Open each with the project's script alone, or with Donation Manager's scripts too
(jQuery and its <code>scripts.js</code>).</p>
<ul>${Object.entries(STEPS).map(
        ([step, { title, about }]) => html`<li>${title}, ${about}:
  <a href="/donation-manager/${step}/">the script tag alone</a> or
  <a href="/donation-manager/${step}/${WITH_ITS_SCRIPTS}">with its scripts</a></li>`,
      )}
<li>Donors in your area, its <code>[donors_in_your_area]</code> search:
  <a href="${DONATION_MANAGER_SEARCH_PAGE}">the script tag alone</a> or
  <a href="${DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS}">with its scripts</a></li></ul>`,
    })),
  );
  for (const [step, { title, file, next, standIn }] of Object.entries(STEPS))
    for (const withScripts of [false, true]) {
      const path = `/donation-manager/${step}/${withScripts ? WITH_ITS_SCRIPTS : ''}`;
      app.get(
        path,
        pageHandler(nonces, async () => ({
          title: `${title} (Donation Manager${withScripts ? ', with its scripts' : ''})`,
          content: html`<h1>${title}</h1>
<p class="island-intro">Donation Manager's markup${withScripts ? ', with its own scripts on the page' : ''}.</p>
${standIn}${await fixture(file)}`,
          scripts: withScripts ? ITS_SCRIPTS : [],
        })),
      );
      // Its forms post to the page they are on; the plugin then shows the next step.
      const nextPage =
        next.startsWith('/donation-manager/') && withScripts ? `${next}${WITH_ITS_SCRIPTS}` : next;
      app.post(path, (_req, res) => res.redirect(303, nextPage));
    }
}
