/**
 * The mock WordPress site: the donations REST route with its quirks, nonces, zip boundary KML, the
 * demo pages and the fault switches, on json-server (used as a library, so /donations, /screenings
 * and /providers are real REST collections). mock-server/README.md describes every route.
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsonServer from 'json-server';
import { generateDonations } from './data/donation-generator.js';
import { createDonationStore } from './data/donation-store.js';
import { addConsentSettings } from './demo/consent.js';
import { addDonationManagerPages } from './demo/donation-manager-pages.js';
import { addFaultsPage } from './demo/faults-page.js';
import { addDemoForms } from './demo/forms.js';
import { addLoginPage } from './demo/login-page.js';
import { addDemoPages, notFoundPage, pageHandler } from './demo/pages.js';
import { requestLog } from './request-log.js';
import { boundaryRoute } from './wordpress/kml-route.js';
import { nonceRoute } from './wordpress/nonce-route.js';
import { createNonceRegistry } from './wordpress/nonces.js';
import { restRoutes } from './wordpress/rest-routes.js';

// json-server's own Express, so the static middleware matches the app it runs in.
const express = createRequire(createRequire(import.meta.url).resolve('json-server'))('express');

const publicDir = fileURLToPath(new URL('./demo/public/', import.meta.url));

/**
 * @typedef {object} MockServer
 * @property {string} url e.g. http://127.0.0.1:3000, without a trailing slash
 * @property {number} port the port listened on (the one picked when 0 was asked for)
 * @property {() => Promise<void>} close stops listening, drops open connections and pending delays
 * @property {{donations: object[], screenings: object[], providers: object[]}} db json-server's data, live
 * @property {() => void} expireNonces every nonce issued so far stops being current
 * @property {() => string} issueNonce a current nonce, as a page would carry
 */

/**
 * @param {object} [options]
 * @param {number} [options.port] 0 picks a free port
 * @param {string} [options.host]
 * @param {boolean} [options.quiet] no request log
 * @param {number} [options.nonceLifetimeMs]
 * @param {number} [options.donationCount]
 * @param {number} [options.seed] same seed and clock, same donations
 * @param {string} [options.distDir] the built bundle, served at /dist/
 * @param {() => number} [options.now] the clock, for dates, searches and nonce expiry
 * @param {boolean} [options.compressAnswers] the plugin's Compress search answers setting, on as it is
 *   by default; off, to measure what compression buys a search
 * @param {import('express').RequestHandler} [options.restAnswer] answers /wp-json/ in place of the
 *   mock's routes, for a test that needs the route to answer exactly a given status and body
 * @returns {Promise<MockServer>}
 */
export async function startMockServer({
  port = 3000,
  host = '127.0.0.1',
  quiet = false,
  nonceLifetimeMs = 12 * 3600_000,
  donationCount = 20_000,
  seed = 1,
  distDir = fileURLToPath(new URL('../dist/', import.meta.url)),
  now = Date.now,
  compressAnswers = true,
  restAnswer,
} = {}) {
  /** @type {import('./demo/forms.js').MockData} */
  const data = {
    donations: generateDonations({ count: donationCount, seed, now: now() }),
    screenings: [],
    providers: [],
  };
  const router = jsonServer.router(data);
  const nonces = createNonceRegistry({ lifetimeMs: nonceLifetimeMs, now });
  const store = createDonationStore(() => router.db.get('donations').value());
  const closing = new AbortController();
  const app = jsonServer.create().disable('x-powered-by');

  if (!quiet) app.use(requestLog);
  // Before the static files, which would resolve a path such as /wp-json/.. to a file or a redirect.
  app.use(
    '/wp-json',
    restAnswer ??
      restRoutes({ donationIndex: store.current, nonces, now, closing: closing.signal, compressAnswers }),
  );
  app.use(jsonServer.defaults({ logger: false, noCors: true, static: publicDir }));
  // The build leaves the sourceMappingURL comment out of its files (visitors never use it): the
  // header points DevTools at the map instead, for the scripts that have one.
  app.use('/dist', (req, res, next) => {
    if (/^(\/[\w-]+)+\.js$/.test(req.path) && existsSync(path.join(distDir, `${req.path}.map`)))
      res.set('SourceMap', `${path.basename(req.path)}.map`);
    next();
  });
  app.use('/dist', express.static(distDir), (_req, res) => {
    res.status(404).type('text/plain').send('Not built yet: run node build.mjs');
  });
  app.all('/wp-admin/admin-ajax.php', nonceRoute(nonces));
  app.get('/zipcodes/:file', boundaryRoute);
  addDemoPages(app, nonces, router.db);
  addDonationManagerPages(app, nonces);
  addConsentSettings(app);
  addDemoForms(app, router.db, now);
  addFaultsPage(app, nonces);
  addLoginPage(app, nonces);
  app.use('/donations', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') res.once('finish', store.markChanged);
    next();
  });
  // json-server would answer every other path with a JSON `{}`; a site answers with its 404 page.
  const collections = new Set(['db', ...Object.keys(data)]);
  const notFound = pageHandler(nonces, notFoundPage);
  app.use((req, res, next) => {
    if (collections.has(req.path.split('/')[1] ?? '')) return next();
    if (req.method === 'GET' || req.method === 'HEAD') return notFound(req, res, next);
    res.status(404).type('text/plain').send('Not Found');
  });
  // Parsed here so a body that does not parse reaches errorHandler (400), not json-server's (500 and a stack trace).
  app.use(jsonServer.bodyParser, router);
  app.use(errorHandler);

  const server = app.listen(port, host);
  await once(server, 'listening');
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostInUrl}:${address.port}`,
    port: address.port,
    db: data,
    expireNonces: nonces.expireAll,
    issueNonce: nonces.issue,
    async close() {
      closing.abort();
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * A request that could not be answered: a client mistake (such as a JSON body that does not parse)
 * keeps its 4xx; anything else is the mock's own bug, logged.
 * @type {import('express').ErrorRequestHandler}
 */
function errorHandler(error, _req, res, _next) {
  const status =
    Number.isInteger(error?.status) && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  if (res.headersSent) return void res.destroy();
  res
    .status(status)
    .type('text/plain')
    .send(status === 500 ? 'Mock server error' : String(error.message));
}
