import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KEEP_SECONDS } from '../wordpress/answer-cache.js';
import { mockServerForThisFile, NOW } from './helpers.js';

let clock = NOW;
const mock = mockServerForThisFile({ now: () => clock });
const notCompressing = mockServerForThisFile({ now: () => clock, compressAnswers: false });

/**
 * A GET whose body arrives as sent, still compressed (fetch() would unpack it and ask for br and gzip itself).
 * @param {string} path
 * @param {Record<string, string>} [headers]
 * @param {string} [site] the mock server's address, the one compressing by default
 * @returns {Promise<{status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body: Buffer}>}
 */
function rawGet(path, headers = {}, site = mock.server.url) {
  return new Promise((resolve, reject) => {
    const req = request(`${site}${path}`, { headers }, (res) => {
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

  it('comes compressed when it is an error too, gzip to a client that still says x-gzip, and as it is to one that refuses both', async () => {
    const error = await rawGet('/wp-json/donations/v1/search/00000/30/90', { 'accept-encoding': 'x-gzip' });
    expect(error.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(error.body).toString('utf8'))).toEqual({
      errors: { nozipcodes: ['No zip codes returned for 00000.'] },
      error_data: [],
    });
    const refused = await rawGet(freshSearch(), { 'accept-encoding': 'br;q=0, gzip; q = 0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const anyCoding = await rawGet(freshSearch(), { 'accept-encoding': '*' });
    expect(anyCoding.headers['content-encoding']).toBe('br');
  });

  it('may be kept by a shared cache for as long as the demo keeps it when anonymous, by none with a signed-in cookie or a nonce', async () => {
    const path = freshSearch();
    const nonce = mock.server.issueNonce();
    const cacheControl = async (
      /** @type {string} */ url,
      /** @type {Record<string, string>} */ headers = {},
    ) => (await rawGet(url, headers)).headers['cache-control'];
    expect(await cacheControl(path)).toBe('public, max-age=300');
    expect(
      await cacheControl(path, { cookie: 'wordpress_logged_in_0123abcd=pat%7C1700000000%7Ctoken' }),
    ).toBe('private, no-cache');
    expect(await cacheControl(path, { 'x-wp-nonce': nonce })).toBe('private, no-cache');
    expect(await cacheControl(`${path}?_wpnonce=${nonce}`)).toBe('private, no-cache');
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
  });

  it('is kept five minutes, a shared cache told what is left of them, then asked for again', async () => {
    const path = freshSearch();
    await rawGet(path);
    clock += 100_000;
    const later = await rawGet(path);
    expect([later.headers['x-donation-widgets-cache'], later.headers['cache-control']]).toEqual([
      'hit',
      'public, max-age=200',
    ]);
    clock += (KEEP_SECONDS - 100) * 1000 - 1;
    expect((await rawGet(path)).headers['x-donation-widgets-cache']).toBe('hit');
    clock += 1;
    expect((await rawGet(path)).headers['x-donation-widgets-cache']).toBe('miss');
  });

  it('keeps no error, nor lets a CDN or browser keep one: a zip the table does not know is asked for every time', async () => {
    for (const zip of ['00000', '99999'])
      for (let time = 1; time <= 2; time++) {
        const answer = await rawGet(`/wp-json/donations/v1/search/${zip}/30/90`);
        expect([
          zip,
          time,
          answer.headers['x-donation-widgets-cache'],
          answer.headers['cache-control'],
        ]).toEqual([zip, time, 'miss', 'public, max-age=0']);
      }
  });

  it('keeps nothing for a junk zip, a radius or days the form does not offer, or an answer a fault switch changed', async () => {
    const never = [
      ['/wp-json/donations/v1/search/6060a/30/90', {}],
      // 60601/30/90 is kept by the first test: the route's 404 for the encoded digit stays a 404.
      ['/wp-json/donations/v1/search/6060%31/30/90', {}],
      ['/wp-json/donations/v1/search/60601/5/90', {}],
      ['/wp-json/donations/v1/search/60601/30/7', {}],
      ['/wp-json/donations/v1/search/60601/30/90', { 'x-mock-fault': 'xss' }],
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
        expect(answer.headers['cache-control']).toBe('public, max-age=0');
      }
  });

  it('travels as before when WordPress answers before the route: another path, or a nonce it refuses', async () => {
    const nonce = mock.server.issueNonce();
    mock.server.expireNonces();
    for (const [path, headers] of /** @type {[string, Record<string, string>][]} */ ([
      ['/wp-json/donations/v1/nothing', { 'accept-encoding': 'br, gzip' }],
      ['/wp-json/donations/v1/search/60601/30/90', { 'accept-encoding': 'br, gzip', 'x-wp-nonce': nonce }],
    ])) {
      const answer = await rawGet(path, headers);
      expect([path, answer.headers['x-donation-widgets-cache'], answer.headers['content-encoding']]).toEqual([
        path,
        undefined,
        undefined,
      ]);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('travels as the route printed it, still varying by Accept-Encoding, when the site does not compress search answers', async () => {
    const path = freshSearch();
    const plain = await rawGet(path, {}, notCompressing.server.url);
    for (const accept of ['gzip, deflate, br', 'gzip']) {
      const answer = await rawGet(path, { 'accept-encoding': accept }, notCompressing.server.url);
      expect([accept, answer.headers['content-encoding'], answer.headers.vary]).toEqual([
        accept,
        undefined,
        'Accept-Encoding',
      ]);
      expect(answer.body.toString('utf8')).toBe(plain.body.toString('utf8'));
    }
    expect(JSON.parse(plain.body.toString('utf8')).data.donations.length).toBeGreaterThan(0);
  });
});
