import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KEEP_MS } from '../wordpress/answer-cache.js';
import { mockServerForThisFile, NOW } from './helpers.js';

let clock = NOW;
const mock = mockServerForThisFile({ now: () => clock });

/**
 * A GET whose body arrives as sent, still compressed (fetch() would unpack it and ask for br and gzip itself).
 * @param {string} path
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body: Buffer}>}
 */
function rawGet(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(`${mock.server.url}${path}`, { headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject).end();
  });
}

/** A search nobody has asked for yet in this file, so its first answer is a miss. */
let nextZip = 60601;
const freshSearch = () => `/wp-json/donations/v1/search/${nextZip++}/30/90`;

describe("the donations route's answer on its way to the client", () => {
  it('comes brotli-compressed to a client that accepts br, gzip-compressed to one that accepts only gzip, the same text', async () => {
    const path = freshSearch();
    const plain = await rawGet(path);
    const br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawGet(path, { 'accept-encoding': 'gzip, deflate' });
    expect([
      plain.headers['content-encoding'],
      br.headers['content-encoding'],
      gzip.headers['content-encoding'],
    ]).toEqual([undefined, 'br', 'gzip']);
    expect(JSON.parse(plain.body.toString('utf8')).data.donations.length).toBeGreaterThan(0);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
    }
  });

  it('comes compressed when it is an error too, and uncompressed to a client that refuses every encoding', async () => {
    const error = await rawGet('/wp-json/donations/v1/search/00000/30/90', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(error.body).toString('utf8'))).toEqual({
      errors: { nozipcodes: ['No zip codes returned for 00000.'] },
      error_data: [],
    });
    const refused = await rawGet(freshSearch(), { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('is public for five minutes to an anonymous visitor, and private with a signed-in cookie or a nonce', async () => {
    const path = freshSearch();
    const nonce = mock.server.issueNonce();
    const cacheControl = async (
      /** @type {string} */ url,
      /** @type {Record<string, string>} */ headers = {},
    ) => (await rawGet(url, headers)).headers['cache-control'];
    expect(await cacheControl(path)).toBe('public, max-age=300');
    expect(
      await cacheControl(path, { cookie: 'wordpress_logged_in_0123abcd=pat%7C1700000000%7Ctoken' }),
    ).toBe('private');
    expect(await cacheControl(path, { 'x-wp-nonce': nonce })).toBe('private');
    expect(await cacheControl(`${path}?_wpnonce=${nonce}`)).toBe('private');
    expect(await cacheControl(path, { cookie: 'mock-consent=granted; wordpress_test_cookie=WP' })).toBe(
      'public, max-age=300',
    );
  });

  it('is kept: a miss, then a hit with the same text, for that zip, radius and days only', async () => {
    const path = freshSearch();
    const first = await rawGet(path);
    const second = await rawGet(path);
    const otherRadius = await rawGet(path.replace('/30/90', '/45/90'));
    expect([first, second, otherRadius].map((answer) => answer.headers['x-donation-widgets-cache'])).toEqual([
      'miss',
      'hit',
      'miss',
    ]);
    expect(second.body.toString('utf8')).toBe(first.body.toString('utf8'));
    expect(second.headers['cache-control']).toBe('public, max-age=300');
  });

  it('is kept five minutes, then asked for again', async () => {
    const path = freshSearch();
    await rawGet(path);
    clock += KEEP_MS - 1;
    expect((await rawGet(path)).headers['x-donation-widgets-cache']).toBe('hit');
    clock += 1;
    expect((await rawGet(path)).headers['x-donation-widgets-cache']).toBe('miss');
  });

  it('keeps no error, no junk zip, no radius or days the form does not offer and nothing a fault switch changed', async () => {
    const nonce = mock.server.issueNonce();
    mock.server.expireNonces();
    const never = [
      ['/wp-json/donations/v1/search/00000/30/90', {}],
      ['/wp-json/donations/v1/search/99999/30/90', {}],
      ['/wp-json/donations/v1/search/60601/5/90', {}],
      ['/wp-json/donations/v1/search/60601/30/7', {}],
      ['/wp-json/donations/v1/search/60601/30/90', { 'x-wp-nonce': nonce }],
      ['/wp-json/donations/v1/search/60601/30/90', { 'x-mock-fault': 'xss' }],
      ['/wp-json/donations/v1/nothing', {}],
    ];
    for (const [path, headers] of /** @type {[string, Record<string, string>][]} */ (never))
      for (let time = 1; time <= 2; time++) {
        const answer = await rawGet(path, headers);
        expect([path, headers, time, answer.headers['x-donation-widgets-cache']]).toEqual([
          path,
          headers,
          time,
          'bypass',
        ]);
        expect(answer.headers['cache-control']).toBe(headers['x-wp-nonce'] ? 'private' : 'no-cache');
      }
  });
});
