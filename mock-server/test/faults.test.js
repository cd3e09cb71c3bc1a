import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { parseFaults } from '../faults/switches.js';
import { XSS_PAYLOADS } from '../faults/xss-payloads.js';
import { LOGIN_COOKIE, LOGIN_VALUE } from '../wordpress/login.js';
import { isSearchError, isSearchSuccess } from '../wordpress/response-shapes.js';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();
const SEARCH = '/wp-json/donations/v1/search/10001/15/30';
const searchWith = (/** @type {string} */ fault, path = SEARCH) =>
  mock.request(path, { headers: { 'X-Mock-Fault': fault } });
/** The demo's login, which a page needs to carry a nonce and admin-ajax.php to refresh one. */
const LOGGED_IN = `${LOGIN_COOKIE}=${LOGIN_VALUE}`;

describe('parseFaults', () => {
  it('reads names and delays from every source, combined, ignoring unknown names and bad values', () => {
    const faults = parseFaults(['xss, DELAY=250', 'delay.10001=3000,nonsense', 'delay=abc,nocoords', '']);
    expect(faults.has('xss')).toBe(true);
    expect(faults.has('nocoords')).toBe(true);
    expect(faults.delayMs('10001')).toBe(3000);
    expect(faults.delayMs('60601')).toBe(250);
    expect(parseFaults([]).delayMs('10001')).toBe(0);
    expect(parseFaults(['delay=999999999']).delayMs()).toBe(120_000);
  });
});

describe('fault switches on the search route', () => {
  it('are read from the X-Mock-Fault header, the mock-fault cookie and the fault query', async () => {
    expect((await searchWith('null')).text).toBe('null');
    expect((await mock.request(SEARCH, { headers: { Cookie: 'other=1; mock-fault=null' } })).text).toBe(
      'null',
    );
    expect((await mock.request(`${SEARCH}?fault=null`)).text).toBe('null');
    expect((await mock.request(SEARCH, { headers: { Cookie: 'mock-fault=delay%3D1%2Cnull' } })).text).toBe(
      'null',
    );
  });

  it('delay waits before answering', async () => {
    // A lower bound only: a delay never makes an answer faster, however loaded the machine.
    const start = performance.now();
    const { status } = await searchWith('delay=300', SEARCH);
    expect(status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(295);
  });

  it('delay.<zip> delays only that zip: the other zip answers while it still waits', async () => {
    // Order, not elapsed time: the delayed zip is asked first and is still unanswered when the other
    // zip's answer has arrived. Its delay is far longer than any test may run, so no machine is too
    // slow for this order; it is then abandoned, which the server takes as the client giving up.
    const perZip = 'delay.10001=60000,delay=0';
    const giveUp = new AbortController();
    let slowSettled = false;
    const slow = mock
      .request(SEARCH, { headers: { 'X-Mock-Fault': perZip }, signal: giveUp.signal })
      .finally(() => {
        slowSettled = true;
      });
    const fast = await searchWith(perZip, '/wp-json/donations/v1/search/60601/15/30');
    expect(fast.status).toBe(200);
    expect(isSearchSuccess(fast.json)).toBe(true);
    expect(slowSettled).toBe(false);
    giveUp.abort();
    await expect(slow).rejects.toThrow();
  });

  it('drop closes the connection without an answer', async () => {
    await expect(searchWith('drop')).rejects.toThrow();
  });

  it('html500 answers 500 with an HTML body', async () => {
    const { status, headers, text } = await searchWith('html500');
    expect(status).toBe(500);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(text).toContain('There has been a critical error on this website.');
  });

  it('null answers 200 with the body null, as JSON', async () => {
    const { status, headers, text } = await searchWith('null');
    expect([status, text]).toEqual([200, 'null']);
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
  });

  it('malformed answers 200 with a PHP warning before the JSON, so the text as a whole does not parse', async () => {
    const { status, text, json } = await searchWith('malformed');
    expect(status).toBe(200);
    expect(json).toBeUndefined();
    expect(text).toContain('<b>Warning</b>');
    expect(JSON.parse(text.slice(text.indexOf('{')))).toHaveProperty('data');
  });

  it('truncated answers 200 with JSON cut off in the middle', async () => {
    const { status, text, json } = await searchWith('truncated');
    expect(status).toBe(200);
    expect(json).toBeUndefined();
    expect(text.startsWith('{"request"')).toBe(true);
  });

  it('missing answers a success without its data field', async () => {
    const { json } = await searchWith('missing');
    expect(json.coordinates).toEqual({ lat: 40.748, lng: -73.997 });
    expect(json).not.toHaveProperty('data');
  });

  it('nocoords gives some donations coordinates: false and some none at all', async () => {
    const donations = (await searchWith('nocoords')).json.data.donations;
    expect(donations.filter((/** @type {any} */ d) => d.coordinates === false).length).toBeGreaterThan(0);
    expect(donations.filter((/** @type {any} */ d) => !('coordinates' in d)).length).toBeGreaterThan(0);
    expect(
      donations.filter((/** @type {any} */ d) => typeof d.coordinates === 'object').length,
    ).toBeGreaterThan(0);
  });

  it('nozipcount leaves a zip that has donations out of donations_by_zipcode', async () => {
    const { json } = await searchWith('nozipcount');
    const zips = new Set(json.data.donations.map((/** @type {any} */ d) => d.zipcode));
    const counted = Object.keys(json.donations_by_zipcode);
    expect(counted.length).toBe(zips.size - 1);
    expect(counted.every((zip) => zips.has(zip))).toBe(true);
    expect(counted).not.toContain(json.data.donations[0].zipcode);
  });

  it('nozipcount leaves the counts an empty PHP array, [], when the one zip found is left out', async () => {
    const { json } = await searchWith('nozipcount', '/wp-json/donations/v1/search/10001/0/30');
    expect(json.data.donations.length).toBeGreaterThan(0);
    expect(json.donations_by_zipcode).toEqual([]);
  });

  it('stringerrors answers errors whose messages are strings', async () => {
    const { status, json } = await searchWith('stringerrors');
    expect(status).toBe(200);
    expect(json.errors).toEqual({ search_unavailable: 'The donation search is not available right now.' });
    const unknown = await searchWith('stringerrors', '/wp-json/donations/v1/search/00000/15/30');
    expect(unknown.json.errors).toEqual({ nozipcodes: 'No zip codes returned for 00000.' });
  });

  it('multierrors answers two error keys, one with two messages', async () => {
    const { status, json } = await searchWith('multierrors');
    expect(status).toBe(200);
    expect(isSearchError(json)).toBe(true);
    expect(Object.keys(json.errors)).toHaveLength(2);
    expect(Object.values(json.errors).flat()).toHaveLength(3);
  });

  it('xss puts every payload in every shown field and in the zip keys', async () => {
    const { json } = await searchWith('xss');
    expect(isSearchSuccess(json)).toBe(true);
    const donations = json.data.donations;
    for (const field of ['title', 'number', 'zipcode', 'date']) {
      const values = new Set(donations.map((/** @type {any} */ d) => d[field]));
      expect(
        XSS_PAYLOADS.every((p) => values.has(p)),
        field,
      ).toBe(true);
    }
    expect(Object.keys(json.donations_by_zipcode).sort()).toEqual([...XSS_PAYLOADS].sort());
    expect(donations.every((/** @type {any} */ d) => Number.isFinite(d.coordinates.lat))).toBe(true);
  });

  it('xss puts payloads in error messages, as arrays or as strings', async () => {
    const unknown = '/wp-json/donations/v1/search/00000/15/30';
    expect((await searchWith('xss', unknown)).json.errors.nozipcodes).toEqual(XSS_PAYLOADS);
    const multi = (await searchWith('xss,multierrors')).json;
    expect(Object.values(multi.errors).flat()).toHaveLength(XSS_PAYLOADS.length + 1);
    const strings = (await searchWith('xss,stringerrors', unknown)).json;
    expect(strings.errors.nozipcodes).toBe(XSS_PAYLOADS.join(' '));
  });

  it('combine with commas', async () => {
    const { json } = await searchWith('nocoords, nozipcount,missing');
    expect(json).not.toHaveProperty('data');
    const both = (await searchWith('xss,nocoords')).json.data.donations;
    expect(
      both.some((/** @type {any} */ d) => d.coordinates === false && XSS_PAYLOADS.includes(d.title)),
    ).toBe(true);
  });

  it('html500, null, malformed and drop apply to any /wp-json/ path; shape faults only to the search', async () => {
    expect((await searchWith('html500', '/wp-json/wp/v2/posts')).status).toBe(500);
    expect((await searchWith('null', '/wp-json/wp/v2/posts')).text).toBe('null');
    expect((await searchWith('xss,multierrors', '/wp-json/wp/v2/posts')).json.code).toBe('rest_no_route');
  });
});

describe('fault switches elsewhere', () => {
  it('kml404 makes every boundary file 404', async () => {
    expect((await searchWith('kml404', '/zipcodes/zip10001.kml')).status).toBe(404);
    expect((await searchWith('kml404', '/zipcodes/zips.json')).status).toBe(404);
    expect((await searchWith('kml404', '/zipcodes/zips100.json')).status).toBe(404);
  });

  it('kmlbroken serves a boundary file cut off in the middle', async () => {
    const { status, text } = await searchWith('kmlbroken', '/zipcodes/zip10001.kml');
    expect(status).toBe(200);
    expect(text.startsWith('<?xml')).toBe(true);
    expect(() => new DOMParser({ onError: () => {} }).parseFromString(text, 'text/xml')).toThrow();
    for (const path of ['/zipcodes/zips.json', '/zipcodes/zips100.json']) {
      const cut = await searchWith('kmlbroken', path);
      expect(cut.status).toBe(200);
      expect(() => JSON.parse(cut.text), path).toThrow();
    }
  });

  it.each(['noncefail', 'noncehtml'])(
    '%s refuses a fresh nonce, so a logged-in demo page needs no other setup',
    async (fault) => {
      const page = await mock.request('/about/', { headers: { cookie: LOGGED_IN } });
      const nonce = JSON.parse(/id="donation-widgets-config">([^<]*)</.exec(page.text)?.[1] ?? '{}').nonce;
      const fresh = await mock.request(SEARCH, { headers: { 'X-WP-Nonce': nonce } });
      expect(fresh.status).toBe(200);
      const refused = await mock.request(SEARCH, { headers: { 'X-WP-Nonce': nonce, 'X-Mock-Fault': fault } });
      expect([refused.status, JSON.parse(refused.text).code]).toEqual([403, 'rest_cookie_invalid_nonce']);
    },
  );

  it('noncefail makes the nonce refresh answer 403 "-1"; noncehtml a 200 login page', async () => {
    const endpoint = '/wp-admin/admin-ajax.php?action=rest-nonce';
    const loggedIn = (/** @type {string} */ fault) =>
      mock.request(endpoint, { headers: { 'X-Mock-Fault': fault, cookie: LOGGED_IN } });
    const failed = await loggedIn('noncefail');
    expect([failed.status, failed.text]).toEqual([403, '-1']);
    const html = await loggedIn('noncehtml');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.text).toContain('loginform');
  });
});
