import { describe, expect, it } from 'vitest';
import { LOGIN_COOKIE, LOGIN_VALUE } from '../wordpress/login.js';
import { createNonceRegistry } from '../wordpress/nonces.js';
import { mockServerForThisFile } from './helpers.js';

const INVALID_NONCE = {
  code: 'rest_cookie_invalid_nonce',
  message: 'Cookie check failed',
  data: { status: 403 },
};
const SEARCH = '/wp-json/donations/v1/search/10001/15/30';
const REFRESH = '/wp-admin/admin-ajax.php?action=rest-nonce';
/** The demo's login: WordPress hands a nonce to a logged-in user only. */
const loggedIn = { headers: { cookie: `${LOGIN_COOKIE}=${LOGIN_VALUE}` } };

describe('nonces over HTTP', () => {
  const mock = mockServerForThisFile();
  const withNonce = (/** @type {string} */ nonce) =>
    mock.request(SEARCH, { headers: { 'X-WP-Nonce': nonce } });

  it('serves a request without a nonce as anonymous', async () => {
    expect((await mock.request(SEARCH)).status).toBe(200);
  });

  it('serves a request with a current nonce', async () => {
    expect((await withNonce(mock.server.issueNonce())).status).toBe(200);
  });

  it('refuses a nonce that is not current with 403 rest_cookie_invalid_nonce, even an empty one', async () => {
    for (const nonce of ['0123456789', 'not-a-nonce', '']) {
      const { status, headers, json } = await withNonce(nonce);
      expect([nonce, status, json]).toEqual([nonce, 403, INVALID_NONCE]);
      expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    }
  });

  it('reads the nonce from _wpnonce in the query too, as WordPress does', async () => {
    expect((await mock.request(`${SEARCH}?_wpnonce=stale`)).status).toBe(403);
    expect((await mock.request(`${SEARCH}?_wpnonce=${mock.server.issueNonce()}`)).status).toBe(200);
  });

  it('checks the nonce before the route, so a stale nonce on an unknown path is 403 too', async () => {
    const { status } = await mock.request('/wp-json/nothing/here', { headers: { 'X-WP-Nonce': 'stale' } });
    expect(status).toBe(403);
  });

  it('hands a logged-in user a fresh nonce as admin-ajax.php does (text/html, 10 lowercase hex characters) that the REST API accepts', async () => {
    const { status, headers, text } = await mock.request(REFRESH, loggedIn);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(text).toMatch(/^[0-9a-f]{10}$/);
    expect((await withNonce(text)).status).toBe(200);
  });

  it('makes every nonce stale on expireNonces(), and a refreshed one works again', async () => {
    const nonce = mock.server.issueNonce();
    mock.server.expireNonces();
    expect((await withNonce(nonce)).json).toEqual(INVALID_NONCE);
    const { text: fresh } = await mock.request(REFRESH, loggedIn);
    expect((await withNonce(fresh)).status).toBe(200);
  });

  it('answers a visitor’s rest-nonce with 400 "0", as WordPress does for an action with no nopriv handler', async () => {
    const { status, text } = await mock.request(REFRESH);
    expect([status, text]).toEqual([400, '0']);
  });

  it('answers admin-ajax.php without the rest-nonce action with 400 "0", as WordPress does', async () => {
    const { status, text } = await mock.request('/wp-admin/admin-ajax.php?action=other');
    expect([status, text]).toEqual([400, '0']);
  });
});

describe('nonce lifetime', () => {
  let clock = 0;
  const mock = mockServerForThisFile({ nonceLifetimeMs: 1000, now: () => clock });

  it('expires a nonce after nonceLifetimeMs on the server clock', async () => {
    clock = 1_750_000_000_000;
    const nonce = mock.server.issueNonce();
    clock += 999;
    expect((await mock.request(SEARCH, { headers: { 'X-WP-Nonce': nonce } })).status).toBe(200);
    clock += 1;
    expect((await mock.request(SEARCH, { headers: { 'X-WP-Nonce': nonce } })).status).toBe(403);
  });
});

describe('createNonceRegistry', () => {
  it('forgets expired nonces as it issues new ones, so a long-running server does not grow', () => {
    let clock = 0;
    const registry = createNonceRegistry({ lifetimeMs: 10, now: () => clock });
    const old = registry.issue();
    clock = 100;
    const fresh = registry.issue();
    expect(registry.isCurrent(old)).toBe(false);
    expect(registry.isCurrent(fresh)).toBe(true);
  });

  it('issues different nonces', () => {
    const registry = createNonceRegistry({ lifetimeMs: 1000, now: Date.now });
    const nonces = new Set(Array.from({ length: 1000 }, () => registry.issue()));
    expect(nonces.size).toBe(1000);
  });
});
