/**
 * Everything under /wp-json/, answered the way WordPress's REST server does: the nonce check first,
 * then the one registered route, matched by its regex on the raw (undecoded) path.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readFaults } from '../faults/switches.js';
import { answerQuestion, createAnswerCache, isKeepable, KEEP_SECONDS, phpQuery } from './answer-cache.js';
import { INVALID_NONCE, JSON_CONTENT_TYPE, REST_NO_ROUTE } from './responses.js';
import { sendOnTheWire } from './route-transport.js';
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
 * The search the route reads, as Donation Manager's reads `$request['zipcode']` and the rest: a value in
 * the query string ahead of the path's (one that is not text is left to the path here).
 * @param {import('./search-response.js').SearchParams} path
 * @param {string} search the query string
 * @returns {import('./search-response.js').SearchParams}
 */
export function routeParams(path, search) {
  const query = phpQuery(search);
  const text = (/** @type {keyof typeof path} */ name) => {
    const value = query.get(name);
    return typeof value === 'string' ? value : path[name];
  };
  return { zipcode: text('zipcode'), radius: text('radius'), days: text('days') };
}

/**
 * The answer to one REST request, without the transport faults: pure, so the fuzz test can call it
 * directly, many times over.
 * @param {{method: string, route: string, search?: string, nonce?: string, faults: import('../faults/switches.js').Faults}} request
 * @param {RestContext} context
 * @returns {{status: number, body: unknown}}
 */
export function answerRest({ method, route, search = '', nonce, faults }, { donationIndex, nonces, now }) {
  // The nonce refresh faults stand for a session that is gone: the page's nonce no longer counts
  // either, so they reproduce the failure from /__faults/ alone on a page with a fresh nonce.
  if (nonceRefused(nonce, faults, nonces)) return { status: 403, body: INVALID_NONCE };
  const path = method === 'GET' || method === 'HEAD' ? matchSearchRoute(route) : null;
  if (!path) return { status: 404, body: REST_NO_ROUTE };
  const params = routeParams(path, search);
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
 * The requests the plugin's wire sees (its donation_widgets_is_wire_request()): the search's path, any
 * segments, in any letter case, that reaches the route; a refused nonce ends the request before.
 */
const WIRE_PATH = /^\/donations\/v1\/search\/([^/]+)\/([^/]+)\/([^/]+)\/?$/i;

/**
 * @param {RestContext & {closing: AbortSignal, compressAnswers: boolean}} context
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
 * @param {RestContext & {closing: AbortSignal, compressAnswers: boolean, answers: () => ReturnType<typeof createAnswerCache>}} context
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
  const search = req.url.split('?')[1] ?? '';
  // WordPress overrides the method before it matches the route: a POST with _method=GET reaches it.
  const overridden = phpQuery(search).get('_method') ?? req.headers['x-http-method-override'];
  const method = typeof overridden === 'string' ? overridden.toUpperCase() : req.method;
  const request = { method, route, search, nonce: requestNonce(req), faults };
  const answered = () => routeText(request, context);
  const path = WIRE_PATH.exec(route);
  const onWire =
    path && (method === 'GET' || method === 'HEAD') && !nonceRefused(request.nonce, faults, context.nonces);
  if (!path || !onWire) {
    const { status, text } = answered();
    return sendJsonText(res, status, text);
  }
  const compress = context.compressAnswers;
  // Keyed by the question the route reads, once the route matched: an encoded digit (1000%31) is the
  // route's 404, never a kept answer. A fault switch changes the answer: under one the demo neither
  // serves nor keeps one.
  const params = matchSearchRoute(route);
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const asked = params
    ? answerQuestion({ method: req.method, search, headers: req.headers, hasBody, path: params })
    : undefined;
  const key = asked && faults.none ? asked.key : undefined;
  if (!key) {
    const { status, text } = answered();
    const own = asked !== undefined && asked.refused !== null && asked.refused !== 'not-kept';
    return sendOnTheWire(req, res, status, text, { state: 'bypass', maxAge: 0, compress, private: own });
  }
  const answers = context.answers();
  const kept = answers.get(key);
  if (kept)
    return sendOnTheWire(req, res, 200, kept.text, { state: 'hit', maxAge: kept.secondsLeft, compress });
  const { status, text } = answered();
  // An answer not worth keeping (an error) is for this request alone: no CDN or browser keeps it either.
  const keepable = isKeepable(status, text);
  if (keepable) answers.set(key, text);
  return sendOnTheWire(req, res, status, text, {
    state: 'miss',
    maxAge: keepable ? KEEP_SECONDS : 0,
    compress,
  });
}

/**
 * The route's answer as it is printed, the faults that break its text applied.
 * @param {{method: string, route: string, search?: string, nonce?: string, faults: import('../faults/switches.js').Faults}} request
 * @param {RestContext} context
 */
function routeText(request, context) {
  const { faults } = request;
  if (faults.has('null')) return { status: 200, text: 'null' };
  const { status, body } = answerRest(request, context);
  const json = JSON.stringify(body);
  // Cut off in the middle, as a response a proxy or a full disk ends early.
  if (faults.has('truncated')) return { status, text: json.slice(0, Math.ceil(json.length / 2)) };
  return { status, text: faults.has('malformed') ? PHP_NOTICE + json : json };
}
