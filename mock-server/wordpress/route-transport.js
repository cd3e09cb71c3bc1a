/**
 * How the donations route's answer travels on a site with the plugin: compressed for a client that
 * accepts it (br first, else gzip), public for five minutes to an anonymous visitor and private to
 * one who is signed in or sends a nonce, and with a header that says whether the site's kept answer
 * served it. The answer's bytes are the route's own; only their packing changes.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { JSON_CONTENT_TYPE } from './responses.js';

export const CACHE_HEADER = 'X-Donation-Widgets-Cache';

/** A quality a site compresses with on the fly; brotli's default (11) is meant for files built once. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

const ENCODERS = {
  br: (/** @type {Buffer} */ bytes) => promisify(brotliCompress)(bytes, BROTLI),
  gzip: (/** @type {Buffer} */ bytes) => promisify(gzip)(bytes),
};

/**
 * WordPress's signed-in cookie (`wordpress_logged_in_<hash>`), or a nonce in either place WordPress
 * reads one: the answer may then differ for this visitor, so no shared cache may keep it.
 * @param {import('express').Request} req
 */
export function isPersonal(req) {
  const signedIn = (req.headers.cookie ?? '')
    .split(';')
    .some((pair) => pair.trim().startsWith('wordpress_logged_in_'));
  return signedIn || req.headers['x-wp-nonce'] !== undefined || req.query._wpnonce !== undefined;
}

/**
 * Whether an Accept-Encoding header lets `name` through: named with a weight above 0, or not named
 * and `*` let through. Which of two accepted encodings the client lists first does not matter: br
 * packs JSON smaller, so a site sends br to any client that takes it.
 * @param {string | undefined} header
 * @param {string} name
 */
export function accepts(header, name) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (coding) weights.set(coding, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (weights.get(name) ?? weights.get('*') ?? 0) > 0;
}

/**
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {number} status
 * @param {string} text the route's JSON text, as printed
 * @param {'hit' | 'miss' | 'bypass'} cache whether the kept answer served it
 */
export async function sendRouteText(req, res, status, text, cache) {
  const encoding = ['br', 'gzip'].find((name) => accepts(req.headers['accept-encoding'], name));
  const bytes = Buffer.from(text);
  res.status(status).set({
    'Content-Type': JSON_CONTENT_TYPE,
    'Cache-Control': cacheControl(req, cache),
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    [CACHE_HEADER]: cache,
  });
  if (encoding !== 'br' && encoding !== 'gzip') return void res.send(bytes);
  // A Buffer, because Express rewrites a string body's charset to lower case.
  res.set('Content-Encoding', encoding).send(await ENCODERS[encoding](bytes));
}

/**
 * An answer nobody keeps (an error, a search the site does not keep) stays uncached everywhere,
 * as the route's answers were before the plugin kept any.
 * @param {import('express').Request} req
 * @param {'hit' | 'miss' | 'bypass'} cache
 */
function cacheControl(req, cache) {
  if (isPersonal(req)) return 'private';
  return cache === 'bypass' ? 'no-cache' : 'public, max-age=300';
}
