/**
 * The search answers the demo keeps, as the plugin keeps them with its default settings
 * (includes/search/search-pipeline.php): five minutes, keyed by the question the route reads (its zip,
 * radius and days, the query's ahead of the path's), and only for a five-digit zip with a radius and
 * days the search's form offers, so addresses made up of other numbers cannot fill it. A request whose
 * answer could be someone's own or shaped by more than its question is refused, for the same reasons as
 * the plugin gives (answer-requests.cases.json holds both to them). Only an answer that found its place
 * is kept: never an error, whatever its shape.
 */
import { readFileSync } from 'node:fs';

export const KEEP_SECONDS = 5 * 60;

/** More searches than a demo sees in five minutes; past it the oldest kept answer goes first. */
const MAX_KEPT = 2000;

const MARKUP = readFileSync(new URL('../../widgets/donors-search/markup.html', import.meta.url), 'utf8');

/** @param {'radius' | 'days'} name the choices the demo's form offers, from its markup */
const offered = (name) =>
  new Set(new RegExp(`data-${name}-options="([^"]*)"`).exec(MARKUP)?.[1]?.split(',') ?? []);

const RADII = offered('radius');
const DAYS = offered('days');

/**
 * The key an answer is kept under, or undefined when the search is never kept.
 * @param {{zipcode: unknown, radius: unknown, days: unknown}} params
 */
export function cacheKey({ zipcode, radius, days }) {
  if (typeof zipcode !== 'string' || typeof radius !== 'string' || typeof days !== 'string') return undefined;
  if (!/^\d{5}$/.test(zipcode) || !RADII.has(radius) || !DAYS.has(days)) return undefined;
  return `${zipcode}/${radius}/${days}`;
}

/** Query parameters with which WordPress reshapes or re-encodes a route's answer. */
const SHAPE_PARAMETERS = ['_fields', '_envelope', '_jsonp', '_embed', '_pretty'];

/**
 * A query string's parameters as PHP reads them into `$_GET`: the last of a repeated name wins, and
 * `name[…]` makes `name` a list, never text.
 * @param {string} search the query string, with or without its `?`
 * @returns {Map<string, string | string[]>}
 */
export function phpQuery(search) {
  /** @type {Map<string, string | string[]>} */
  const query = new Map();
  for (const [name, value] of new URLSearchParams(search)) {
    const list = /^([^[]+)\[/.exec(name)?.[1];
    if (list)
      query.set(list, [
        ...(Array.isArray(query.get(list)) ? /** @type {string[]} */ (query.get(list)) : []),
        value,
      ]);
    else query.set(name, value);
  }
  return query;
}

/**
 * WordPress's signed-in cookies (even ones it refuses), a nonce in either place WordPress reads one, or
 * credentials in Authorization: the answer is then someone's own.
 * @param {Record<string, string | string[] | undefined>} headers lower-case names
 * @param {Map<string, string | string[]>} query
 */
export function isPersonalRequest(headers, query) {
  const cookies = String(headers.cookie ?? '').split(';');
  const signedIn = cookies.some((pair) => /^wordpress_(logged_in|sec)_/.test(pair.trim()));
  return (
    signedIn ||
    headers['x-wp-nonce'] !== undefined ||
    headers.authorization !== undefined ||
    query.has('_wpnonce')
  );
}

/**
 * @typedef {object} AnswerRequest
 * @property {string} method the HTTP method
 * @property {string} search the query string
 * @property {Record<string, string | string[] | undefined>} headers lower-case names
 * @property {boolean} hasBody whether the request carries a body
 * @property {import('./search-response.js').SearchParams} path the route's own segments
 */

/**
 * The question a request asks the route (the query's zip, radius and days ahead of the path's), its
 * key, or why no kept answer may answer it: personal, method, body, shape, not-text or not-kept.
 * @param {AnswerRequest} request
 * @returns {{question: {zipcode: unknown, radius: unknown, days: unknown}, key: string | undefined, refused: string | null}}
 */
export function answerQuestion({ method, search, headers, hasBody, path }) {
  const query = phpQuery(search);
  const question = {
    zipcode: query.get('zipcode') ?? path.zipcode,
    radius: query.get('radius') ?? path.radius,
    days: query.get('days') ?? path.days,
  };
  const overridden = query.has('_method') || headers['x-http-method-override'] !== undefined;
  /** @type {string | null} */
  let refused = null;
  if (isPersonalRequest(headers, query)) refused = 'personal';
  else if (overridden || (method !== 'GET' && method !== 'HEAD')) refused = 'method';
  else if (hasBody) refused = 'body';
  else if (SHAPE_PARAMETERS.some((name) => query.has(name))) refused = 'shape';
  else if (Object.values(question).some((value) => typeof value !== 'string')) refused = 'not-text';
  const key = refused ? undefined : cacheKey(question);
  return { question, key, refused: refused ?? (key ? null : 'not-kept') };
}

/**
 * Whether the route's answer may be kept: HTTP 200 and the JSON object of a search that found its
 * place, not a serialized WP_Error, `null` or `success: false`.
 * @param {number} status
 * @param {string} text
 */
export function isKeepable(status, text) {
  if (status !== 200) return false;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return !body.errors && body.success !== false && 'coordinates' in body;
}

/**
 * @typedef {{text: string, secondsLeft: number}} KeptAnswer the route's text, and how long it is kept still
 * @param {() => number} now
 * @returns {{get(key: string): KeptAnswer | undefined, set(key: string, text: string): void}}
 */
export function createAnswerCache(now) {
  /** @type {Map<string, {text: string, at: number}>} */
  const kept = new Map();
  const ageInSeconds = (/** @type {number} */ at) => Math.floor((now() - at) / 1000);
  return {
    get(key) {
      const entry = kept.get(key);
      if (entry && ageInSeconds(entry.at) < KEEP_SECONDS)
        return { text: entry.text, secondsLeft: KEEP_SECONDS - ageInSeconds(entry.at) };
      kept.delete(key);
      return undefined;
    },
    set(key, text) {
      kept.delete(key);
      if (kept.size >= MAX_KEPT) kept.delete(/** @type {string} */ (kept.keys().next().value));
      kept.set(key, { text, at: now() });
    },
  };
}
