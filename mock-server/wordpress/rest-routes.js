/**
 * Everything under /wp-json/, answered the way WordPress's REST server does: the nonce check first,
 * then the one registered route, matched by its regex on the raw (undecoded) path.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readFaults } from '../faults/switches.js';
import { cacheKey, createAnswerCache } from './answer-cache.js';
import { INVALID_NONCE, REST_NO_ROUTE } from './responses.js';
import { sendRouteText } from './route-transport.js';
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
  if (nonceRefused(nonce, faults, nonces)) return { status: 403, body: INVALID_NONCE };
  const params = method === 'GET' || method === 'HEAD' ? matchSearchRoute(route) : null;
  if (!params) return { status: 404, body: REST_NO_ROUTE };
  return { status: 200, body: applySearchFaults(searchResponseBody(donationIndex(), params, now()), faults) };
}

/**
 * @param {string | undefined} nonce
 * @param {import('../faults/switches.js').Faults} faults
 * @param {import('./nonces.js').NonceRegistry} nonces
 */
const nonceRefused = (nonce, faults, nonces) =>
  nonce !== undefined && (faults.has('noncefail') || faults.has('noncehtml') || !nonces.isCurrent(nonce));

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
 * @param {RestContext & {closing: AbortSignal}} context
 * @returns {import('express').RequestHandler}
 */
export function restRoutes(context) {
  let answers = createAnswerCache(context.now);
  /** @type {unknown} */
  let keptFor;
  // A saved donation shows in the next search: the answers kept before it are dropped.
  const currentAnswers = () => {
    const index = context.donationIndex();
    if (index !== keptFor) answers = createAnswerCache(context.now);
    keptFor = index;
    return answers;
  };
  return async (req, res, next) => {
    try {
      await answer(req, res, { ...context, answers: currentAnswers });
    } catch (error) {
      next(error);
    }
  };
}

/**
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {RestContext & {closing: AbortSignal, answers: () => ReturnType<typeof createAnswerCache>}} context
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
  const nonce = requestNonce(req);
  const params = req.method === 'GET' || req.method === 'HEAD' ? matchSearchRoute(route) : null;
  // A fault changes the answer, so a search under one is neither served from nor kept in the cache.
  const key = params && faults.none && !nonceRefused(nonce, faults, context.nonces) && cacheKey(params);
  const answers = key ? context.answers() : undefined;
  const kept = key ? answers?.get(key) : undefined;
  if (kept !== undefined) return sendRouteText(req, res, 200, kept, 'hit');
  const { status, body } = answerRest({ method: req.method, route, nonce, faults }, context);
  const send = (/** @type {number} */ code, /** @type {string} */ text) =>
    sendRouteText(req, res, code, text, 'bypass');
  if (faults.has('null')) return send(200, 'null');
  const json = JSON.stringify(body);
  // Cut off in the middle, as a response a proxy or a full disk ends early.
  if (faults.has('truncated')) return send(status, json.slice(0, Math.ceil(json.length / 2)));
  if (faults.has('malformed')) return send(status, PHP_NOTICE + json);
  if (!key || !answers || status !== 200 || isWpError(body)) return send(status, json);
  answers.set(key, json);
  return sendRouteText(req, res, status, json, 'miss');
}

/** @param {unknown} body */
const isWpError = (body) => typeof body === 'object' && body !== null && 'errors' in body;
