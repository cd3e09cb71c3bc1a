/**
 * Donation Manager's own scripts as the demo's "Donation Manager" pages load them: jQuery 3.7.1, and
 * stand-ins written for the demo (./donation-manager/) of its scripts.js, its donors-by-zipcode.js, the
 * `wpvars` WordPress localizes for it and the Google Maps script. Served under /donation-manager/.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const fixtures = new URL('./donation-manager/', import.meta.url);
const fixture = (/** @type {string} */ file) => fileURLToPath(new URL(file, fixtures));

/** Each script by the name the demo serves it at. */
const FILES = {
  'jquery.js': createRequire(import.meta.url).resolve('jquery/dist/jquery.min.js'),
  'scripts.js': fixture('scripts.js'),
  'google-maps.js': fixture('google-maps.js'),
  'wpvars.js': fixture('wpvars.js'),
  'donors-by-zipcode.js': fixture('donors-by-zipcode.js'),
};

const served = (/** @type {(keyof typeof FILES)[]} */ files) =>
  files.map((file) => `/donation-manager/${file}`);

/** Every page of Donation Manager, as WordPress prints them in the head: jQuery, then scripts.js after it. */
export const ITS_SCRIPTS = served(['jquery.js', 'scripts.js']);

/** The search's page adds, in the footer, `googlemaps` and `donors-by-zipcode` with its `wpvars`. */
export const ITS_SEARCH_SCRIPTS = [
  ...ITS_SCRIPTS,
  ...served(['google-maps.js', 'wpvars.js', 'donors-by-zipcode.js']),
];

/** @param {import('express').Application} app */
export function serveDonationManagerScripts(app) {
  app.get('/donation-manager/:file', (req, res, next) => {
    const file = FILES[/** @type {keyof typeof FILES} */ (req.params.file)];
    if (file) res.type('js').sendFile(file);
    else next();
  });
}
