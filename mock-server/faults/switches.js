/**
 * Fault switches: names (and `name=value` pairs) separated by commas, read from the `mock-fault`
 * cookie, the `X-Mock-Fault` header and the `fault` query parameter, all combined. Unknown names are
 * ignored so an old test's cookie never breaks a newer server. The list is documented in mock-server/README.md.
 */
import { readCookie } from '../lib/cookies.js';

export const FAULT_COOKIE = 'mock-fault';

/**
 * Every switch, for the /__faults/ page (a value in backticks is code); mock-server/README.md says the
 * same at more length.
 */
export const FAULT_HELP = Object.freeze([
  ['delay=<ms>', 'Any /wp-json/ request answers after <ms> milliseconds (at most 120000).'],
  ['delay.<zip>=<ms>', 'Only searches for <zip> wait, e.g. delay.10001=3000; wins over delay.'],
  ['drop', 'Any /wp-json/ request: the connection is closed without an answer.'],
  ['html500', "Any /wp-json/ request: HTTP 500 with WordPress's HTML critical-error page."],
  ['null', 'Any /wp-json/ request: HTTP 200 with the body `null`.'],
  [
    'malformed',
    'Any /wp-json/ request: a PHP warning printed before the JSON, as a site that displays errors does.',
  ],
  ['truncated', 'Any /wp-json/ request: the JSON cut off in the middle, which no longer parses.'],
  ['xss', 'HTML/JS payloads in titles, numbers, zipcodes, dates, zip keys and error messages.'],
  ['missing', 'A successful search without its data field.'],
  ['nocoords', 'Every third donation has coordinates: false, the next one has no coordinates at all.'],
  ['nozipcount', 'One zip with donations is left out of `donations_by_zipcode`.'],
  ['stringerrors', 'The search answers errors whose messages are strings, not arrays.'],
  ['multierrors', 'The search answers two error keys, one of them with two messages.'],
  ['kml404', 'Every zip boundary file (KML, area bundles and their index) is 404.'],
  ['kmlbroken', 'Every zip boundary file (KML, area bundles and their index) is cut off in the middle.'],
  [
    'noncefail',
    "Logged in (/__login/): the page's nonce is refused, and its refresh answers 403 with the body -1.",
  ],
  [
    'noncehtml',
    "Logged in (/__login/): the page's nonce is refused, and its refresh answers 200 with an HTML login page.",
  ],
]);

const MAX_DELAY_MS = 120_000;

/**
 * @typedef {object} Faults
 * @property {(name: string) => boolean} has
 * @property {(zipcode?: string) => number} delayMs the zip's own `delay.<zip>`, else `delay`, else 0
 * @property {boolean} none no switch is on
 */

/**
 * @param {readonly string[]} sources fault lists, each as a client would write it
 * @returns {Faults}
 */
export function parseFaults(sources) {
  const names = new Set();
  /** @type {Map<string, number>} */
  const delays = new Map();
  for (const entry of sources.join(',').split(',')) {
    const [name = '', value = ''] = entry.trim().toLowerCase().split('=', 2);
    if (name === 'delay' || /^delay\.\d{5}$/.test(name)) {
      if (/^\d{1,9}$/.test(value)) delays.set(name.slice(6), Math.min(Number(value), MAX_DELAY_MS));
    } else if (name) names.add(name);
  }
  return {
    has: (name) => names.has(name),
    delayMs: (zipcode = '') => delays.get(zipcode) ?? delays.get('') ?? 0,
    none: names.size === 0 && delays.size === 0,
  };
}

/**
 * @param {import('express').Request} req
 * @returns {Faults}
 */
export function readFaults(req) {
  const query = req.query.fault;
  const fromQuery = (Array.isArray(query) ? query : [query]).filter((v) => typeof v === 'string');
  const header = req.headers['x-mock-fault'];
  return parseFaults([
    readCookie(req.headers.cookie, FAULT_COOKIE) ?? '',
    ...[header ?? ''].flat(),
    ...fromQuery,
  ]);
}
