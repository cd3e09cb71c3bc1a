/**
 * The demo's form targets: ordinary browser POSTs, stored in json-server collections and answered
 * with a 303 to the page WordPress would show next (the conversion pages), which lists what it received.
 */
import jsonServer from 'json-server';
import { formatWordPressDate } from '../data/wordpress-date.js';
import { cookieHeader } from '../lib/cookies.js';

/** The id of the last submission, so the conversion page can print a transaction id that is counted once. */
export const LAST_SCREENING_COOKIE = 'mock-last-screening';
export const LAST_PROVIDER_COOKIE = 'mock-last-provider';

/**
 * The pages that hold the screening form. Its markup has no action, so a browser posts the answers to
 * the page the form is on, as on a WordPress page where the donation plugin reads them.
 */
export const SCREENING_FORM_PAGES = ['/', '/islands/screening-questions/'];

/**
 * @typedef {{id?: number, submitted: string, fields: Record<string, unknown>}} Submission a form as it is
 *   stored; json-server's lodash-id gives it its id when it is inserted
 * @typedef {{donations: import('../data/donation-generator.js').Donation[], screenings: Submission[], providers: Submission[]}} MockData
 *   json-server's collections
 */

/**
 * @param {import('express').Application} app
 * @param {import('lowdb').LowdbSync<MockData>} db json-server's lowdb instance
 * @param {() => number} now
 */
export function addDemoForms(app, db, now) {
  /**
   * @param {string} path
   * @param {'screenings' | 'providers'} collection
   * @param {string} cookie
   * @param {string} next
   */
  const form = (path, collection, cookie, next) =>
    app.post(path, ...jsonServer.bodyParser, (req, res) => {
      const fields = typeof req.body === 'object' && req.body !== null ? { ...req.body } : {};
      const saved = db
        .get(collection)
        .insert({ submitted: formatWordPressDate(now()), fields })
        .write();
      res.set('Set-Cookie', cookieHeader(cookie, String(saved.id))).redirect(303, next);
    });
  for (const page of SCREENING_FORM_PAGES) form(page, 'screenings', LAST_SCREENING_COOKIE, '/thank-you/');
  // A target of its own, as an admin who sets the form's action="/screening-questions/" would have.
  form('/screening-questions/', 'screenings', LAST_SCREENING_COOKIE, '/thank-you/');
  form('/sign-up/', 'providers', LAST_PROVIDER_COOKIE, '/sign-up/sign-up-complete/');
  // A reload of the form target after the redirect has nothing to show: back to the form.
  app.get('/screening-questions/', (_req, res) => res.redirect(303, '/#screening'));
}

/**
 * The submission a conversion page's cookie names, so the page can show the donor what arrived.
 * @param {import('lowdb').LowdbSync<MockData>} db
 * @param {'screenings' | 'providers'} collection
 * @param {string | undefined} id the cookie's value
 * @returns {Submission | undefined}
 */
export function submission(db, collection, id) {
  if (!id || !/^\d{1,12}$/.test(id)) return undefined;
  return db
    .get(collection)
    .find({ id: Number(id) })
    .value();
}
