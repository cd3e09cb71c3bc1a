/**
 * How the donations search's answer travels from a site with the plugin (its includes/search/search-wire.php,
 * search-pipeline.php and search-encoding.php, default settings): compressed for a client that takes it (br first, else
 * gzip), `Vary: Accept-Encoding`, a header that says whether the kept answer served it, and a
 * Cache-Control that lets a shared cache keep an anonymous answer for as long as the site keeps it,
 * and nothing else. The answer's bytes are the route's own; only their packing changes.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isPersonalRequest, phpQuery } from './answer-cache.js';
import { JSON_CONTENT_TYPE } from './responses.js';

export const CACHE_HEADER = 'X-Donation-Widgets-Cache';

/** The plugin's quality: brotli's default (11) is meant for files built once, not each answer. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

const ENCODERS = {
  br: (/** @type {Buffer} */ bytes) => promisify(brotliCompress)(bytes, BROTLI),
  gzip: (/** @type {Buffer} */ bytes) => promisify(gzip)(bytes, { level: 6 }),
};

/**
 * The encoding a client gets, as the plugin chooses it: br when its Accept-Encoding takes br, else
 * gzip (or its old name x-gzip), else none. A coding listed with q=0 is refused; `*` stands for any
 * coding it does not name. The order the client lists them in does not matter.
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | undefined}
 */
export function chooseEncoding(header) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!coding) continue;
    const q = params.map((param) => /^q\s*=\s*([0-9.]+)$/.exec(param)?.[1]).find(Boolean);
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, q === undefined ? 1 : Number(q) || 0);
  }
  const takes = (/** @type {string} */ coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  return takes('gzip') ? 'gzip' : undefined;
}

/**
 * Whether the request is someone's own (see isPersonalRequest()): no shared cache may keep its answer.
 * @param {import('express').Request} req
 */
export function isPersonal(req) {
  return isPersonalRequest(req.headers, phpQuery(req.url.split('?')[1] ?? ''));
}

/**
 * @typedef {object} Wire
 * @property {'hit' | 'miss' | 'bypass'} state whether the kept answer served it, was asked and kept if it could be, or is never kept
 * @property {boolean} [private] the request was refused for more than its search (someone's own, reshaped,
 *   overridden, with a body): never `public`
 * @property {number} maxAge seconds a shared cache may keep it: what is left of its life on a hit, the
 *   whole life on a miss, 0 on a bypass
 * @property {boolean} compress the plugin's Compress search answers setting: off, the answer travels as
 *   the route printed it to every client, still `Vary: Accept-Encoding` as the plugin sends it
 */

/**
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {number} status
 * @param {string} text the route's JSON text, as printed
 * @param {Wire} wire
 */
export async function sendOnTheWire(req, res, status, text, { state, maxAge, compress, private: own }) {
  const encoding = compress ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  const bytes = Buffer.from(text);
  res.status(status).set({
    'Content-Type': JSON_CONTENT_TYPE,
    'X-Content-Type-Options': 'nosniff',
    [CACHE_HEADER]: state,
    'Cache-Control': own || isPersonal(req) ? 'private, no-cache' : `public, max-age=${maxAge}`,
    Vary: 'Accept-Encoding',
  });
  // A Buffer, because Express rewrites a string body's charset to lower case.
  if (!encoding) return void res.send(bytes);
  res.set('Content-Encoding', encoding).send(await ENCODERS[encoding](bytes));
}
