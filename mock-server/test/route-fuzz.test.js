import { request } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDonationIndex } from '../data/donation-index.js';
import { zipTable } from '../data/zip-table.js';
import { parseFaults } from '../faults/switches.js';
import { createNonceRegistry } from '../wordpress/nonces.js';
import { shapeOf } from '../wordpress/response-shapes.js';
import { answerRest } from '../wordpress/rest-routes.js';
import { mockServerForThisFile, NOW } from './helpers.js';

const mock = mockServerForThisFile();

/** Path segments of every kind a client or an attacker might send. */
const segment = fc.oneof(
  fc.stringMatching(/^[0-9]{0,7}$/),
  fc.constantFrom('10001', '60601', '90012', '00000', '99999', '15', '90', '99', '0', '00', '100'),
  fc.integer({ min: 0, max: zipTable.size - 1 }).map((row) => zipTable.zip[row] ?? ''),
  fc.stringMatching(/^[a-zA-Z]{1,8}$/),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc
    .uint8Array({ minLength: 1, maxLength: 6 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom(
    '',
    '.',
    '..',
    '%',
    '%zz',
    '%00',
    '%2F',
    '%u0031',
    '１２３４５',
    '١٢٣٤٥',
    '\u202e',
    '🛋️',
    ' ',
    '+',
  ),
  fc.nat(3000).map((n) => '9'.repeat(n)),
);

const ending = fc.constantFrom('', '/', '//', '?_locale=user');

/** Any number of any segments, mostly under the route's own prefix. */
const anyRoute = fc
  .tuple(
    fc.constantFrom('/donations/v1/search/', '/', '/donations/v1/', '/DONATIONS/v1/search/'),
    fc.array(segment, { maxLength: 5 }),
    ending,
  )
  .map(([prefix, parts, end]) => `${prefix}${parts.join('/')}${end}`);

/** Three segments, each often valid, so that many requests reach the search itself. */
const searchRoute = fc
  .tuple(
    fc.oneof(segment, fc.stringMatching(/^[0-9]{5}$/), fc.constantFrom('10001', '60601', '30303')),
    fc.oneof(segment, fc.stringMatching(/^[0-9]{1,2}$/)),
    fc.oneof(segment, fc.stringMatching(/^[0-9]{1,2}$/)),
    ending,
  )
  .map(([zip, radius, days, end]) => `/donations/v1/search/${zip}/${radius}/${days}${end}`);

const route = fc.oneof(anyRoute, searchRoute);

/**
 * Sends the path as it is (fetch would resolve "..", and Node refuses raw spaces and non-ASCII, so only
 * those are percent-encoded, as a browser does).
 * @param {string} path
 * @param {string} method
 * @returns {Promise<{status: number, type: string | undefined, text: string}>}
 */
function rawRequest(path, method) {
  // Byte by byte: encodeURIComponent would throw on a lone surrogate, which the fuzzer does produce.
  const wirePath = path.replace(/[^\x21-\x7e]/gu, (c) =>
    [...Buffer.from(c, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
  );
  return new Promise((resolve, reject) => {
    // Host, port and path apart: a URL string would be resolved (and "/.." removed) before sending.
    const { hostname, port } = new URL(mock.server.url);
    const req = request({ hostname, port, path: wirePath, method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * What the original route's success always holds, beyond its shape: the path echoed, donations
 * numbered 1…N, each title cut at its first " - ", coordinates to 3 decimals, and `[]` for no counts.
 * @param {string} route
 * @param {any} body
 */
function expectOriginalDetails(route, body) {
  const [zipcode, radius, days] = route.split('/').slice(4);
  expect(body.request).toEqual({ zipcode, radius, days });
  const { donations } = body.data;
  expect(donations.map((/** @type {any} */ d) => d.number)).toEqual(
    donations.map((/** @type {unknown} */ _, /** @type {number} */ i) => i + 1),
  );
  expect(donations.filter((/** @type {any} */ d) => d.title.includes(' - '))).toEqual([]);
  const points = [body.coordinates, ...donations.map((/** @type {any} */ d) => d.coordinates)];
  const rounded = (/** @type {number} */ n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6;
  expect(points.filter(({ lat, lng }) => !rounded(lat) || !rounded(lng))).toEqual([]);
  expect(Array.isArray(body.donations_by_zipcode)).toBe(donations.length === 0);
}

const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS');
const nonce = fc.constantFrom(undefined, undefined, 'current', 'stale', '');

describe('the /wp-json/ route under fuzzing', () => {
  it('answers 9,000 random requests (called directly) with a documented shape, never a 5xx', () => {
    const nonces = createNonceRegistry({ lifetimeMs: 60_000, now: () => NOW });
    const current = nonces.issue();
    const index = buildDonationIndex(mock.server.db.donations);
    const context = { donationIndex: () => index, nonces, now: () => NOW };
    const seen = new Set();
    fc.assert(
      fc.property(route, method, nonce, (path, verb, sent) => {
        const { status, body } = answerRest(
          {
            method: verb,
            route: path.split('?')[0] ?? '',
            nonce: sent === 'current' ? current : sent,
            faults: parseFaults([]),
          },
          context,
        );
        const answered = JSON.parse(JSON.stringify(body));
        const shape = shapeOf(status, answered);
        expect(status).toBeLessThan(500);
        expect(shape, `${verb} ${path}`).not.toBeNull();
        if (shape === 'success') expectOriginalDetails(path.split('?')[0] ?? '', answered);
        seen.add(shape);
      }),
      { numRuns: 9_000 },
    );
    // A fuzzer that never reached the search would prove nothing.
    expect([...seen].sort()).toEqual(['invalid-nonce', 'no-route', 'search-error', 'success']);
  });

  it('answers 1,000 random requests over HTTP with a documented shape as JSON, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(route, method, async (path, verb) => {
        const { status, type, text } = await rawRequest(`/wp-json${path}`, verb);
        expect(status).toBeLessThan(500);
        expect(type, path).toBe('application/json; charset=UTF-8');
        if (verb !== 'HEAD') expect(shapeOf(status, JSON.parse(text)), `${verb} ${path}`).not.toBeNull();
      }),
      { numRuns: 1_000 },
    );
  });
});
