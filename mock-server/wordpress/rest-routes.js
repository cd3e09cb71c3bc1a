/**
 * Everything under /wp-json/, answered the way WordPress's REST server does: the nonce check first,
 * then the one registered route, matched by its regex on the raw (undecoded) path.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readFaults } from '../faults/switches.js';
import { INVALID_NONCE, JSON_CONTENT_TYPE, REST_NO_ROUTE } from './responses.js';
import { applySearchFaults } from './search-faults.js';
import { searchResponseBody } from './search-response.js';

/** The plugin's register_rest_route() pattern. WordPress matches it case-insensitively, after trimming one trailing slash. */
const SEARCH_ROUTE = /^\/donations\/v1\/search\/([0-9]{5})\/([0-9]{1,2})\/([0-9]{1,2})\/?$/i;

/**
 * @param {string} route the path after /wp-json, undecoded, without the query
 * @returns {import('./search-response.js').SearchParams | null}
 */
export function matchSearchRoute(route) {
  const match = SEARCH_ROUTE.exec(route);
  return match ? { zipcode: match[1] ?? '', radius: match[2] ?? '', days: match[3] ?? '' } : null;
}

/**
 * @typedef {object} RestContext
 * @property {() => import('../data/donation-index.js').DonationIndex} donationIndex
 * @property {import('./nonces.js').NonceRegistry} nonces
 * @property {() => number} now
 */

/**
 * The answer to one REST request, without the transport faults: pure, so the fuzz test can call it
 * directly, many times over.
 * @param {{method: string, route: string, nonce?: string, faults: import('../faults/switches.js').Faults}} request
 * @param {RestContext} context
 * @returns {{status: number, body: unknown}}
 */
export function answerRest({ method, route, nonce, faults }, { donationIndex, nonces, now }) {
  // The nonce refresh faults stand for a session that is gone: the page's nonce no longer counts
  // either, so they reproduce the failure from /__faults/ alone on a page with a fresh nonce.
  const sessionGone = faults.has('noncefail') || faults.has('noncehtml');
  if (nonce !== undefined && (sessionGone || !nonces.isCurrent(nonce)))
    return { status: 403, body: INVALID_NONCE };
  const params = method === 'GET' || method === 'HEAD' ? matchSearchRoute(route) : null;
  if (!params) return { status: 404, body: REST_NO_ROUTE };
  return { status: 200, body: applySearchFaults(searchResponseBody(donationIndex(), params, now()), faults) };
}

/** What WordPress prints when PHP dies with a fatal error. */
const CRITICAL_ERROR_PAGE = `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="UTF-8"><title>WordPress &rsaquo; Error</title></head>
<body id="error-page"><div class="wp-die-message"><p>There has been a critical error on this website.</p>
<p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p></div></body></html>
`;

/** A PHP notice printed before the JSON, the usual way a WordPress JSON answer arrives broken. */
const PHP_NOTICE =
  '<br />\n<b>Warning</b>:  Undefined array key "lat" in <b>/var/www/html/wp-content/plugins/donations/search.php</b> on line <b>88</b><br />\n';

/**
 * WordPress reads `_wpnonce` from the query first, then the X-WP-Nonce header. An empty header is
 * still a nonce, and fails.
 * @param {import('express').Request} req
 */
function requestNonce(req) {
  const query = req.query._wpnonce;
  if (typeof query === 'string') return query;
  const header = req.headers['x-wp-nonce'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * @param {import('express').Response} res
 * @param {number} status
 * @param {string} text
 */
export function sendJsonText(res, status, text) {
  // A Buffer, because Express rewrites a string body's charset to lower case.
  res
    .status(status)
    .set({
      'Content-Type': JSON_CONTENT_TYPE,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    })
    .send(Buffer.from(text));
}

/**
 * @param {RestContext & {closing: AbortSignal}} context
 * @returns {import('express').RequestHandler}
 */
export function restRoutes(context) {
  return async (req, res, next) => {
    try {
      await answer(req, res, context);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {RestContext & {closing: AbortSignal}} context
 */
async function answer(req, res, context) {
  const faults = readFaults(req);
  // Mounted at /wp-json, so req.url is the REST route (still undecoded) and the query.
  const route = req.url.split('?')[0] ?? '';
  const wait = faults.delayMs(matchSearchRoute(route)?.zipcode);
  if (wait > 0) {
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const stop = AbortSignal.any([gone.signal, context.closing]);
    if (!(await sleep(wait, true, { signal: stop }).catch(() => false))) return;
  }
  if (faults.has('drop')) return void req.socket.destroy();
  if (faults.has('html500')) return void res.status(500).type('html').send(CRITICAL_ERROR_PAGE);
  const { status, body } = answerRest(
    { method: req.method, route, nonce: requestNonce(req), faults },
    context,
  );
  if (faults.has('null')) return sendJsonText(res, 200, 'null');
  const json = JSON.stringify(body);
  // Cut off in the middle, as a response a proxy or a full disk ends early.
  if (faults.has('truncated')) return sendJsonText(res, status, json.slice(0, Math.ceil(json.length / 2)));
  sendJsonText(res, status, faults.has('malformed') ? PHP_NOTICE + json : json);
}
