import { describe, expect, it } from 'vitest';
import { LOGIN_COOKIE, LOGIN_VALUE } from '../wordpress/login.js';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();
const SEARCH = '/wp-json/donations/v1/search/60601/30/90';
const LOGGED_IN = `${LOGIN_COOKIE}=${LOGIN_VALUE}`;

/** @param {string} page */
const configOf = (page) => JSON.parse(/id="donation-widgets-config">([^<]*)</.exec(page)?.[1] ?? 'null');

/** The search as the islands send it from a page with this config: the nonce as X-WP-Nonce when there is one. */
const searchFrom = (/** @type {{nonce?: string}} */ config, cookie = '') =>
  mock.request(SEARCH, {
    headers: { ...(config.nonce && { 'X-WP-Nonce': config.nonce }), ...(cookie && { cookie }) },
  });
const transport = (/** @type {{headers: Headers}} */ { headers }) => [
  headers.get('cache-control'),
  headers.get('x-donation-widgets-cache'),
];

describe('the demo’s visitor and its logged-in user', () => {
  it('serves a visitor as the plugin does: no nonce, a public answer, and a repeat from the kept answers', async () => {
    const config = configOf((await mock.request('/')).text);
    expect(config.nonce).toBeUndefined();
    expect(transport(await searchFrom(config))).toEqual(['public, max-age=300', 'miss']);
    const repeat = await searchFrom(config);
    expect(repeat.status).toBe(200);
    expect(transport(repeat)).toEqual(['public, max-age=300', 'hit']);
  });

  it('gives the logged-in user a nonce, whose answers no shared cache may keep', async () => {
    const config = configOf((await mock.request('/', { headers: { cookie: LOGGED_IN } })).text);
    expect(config.nonce).toMatch(/^[0-9a-f]{10}$/);
    const answer = await searchFrom(config, LOGGED_IN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('logs in and out at /__login/ by the signed-in cookie, and says which on the page and in the footer', async () => {
    const visitor = await mock.request('/__login/');
    expect(visitor.text).toContain('a visitor, not logged in');
    expect(visitor.text).toContain('Log in (demo)</a>');

    const login = await mock.request('/__login/', { method: 'POST' });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/__login/');
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${LOGIN_COOKIE}=${LOGIN_VALUE}; Path=/;.*HttpOnly`));

    const editor = await mock.request('/__login/', { headers: { cookie: LOGGED_IN } });
    expect(editor.text).toContain('logged in as the demo editor');
    expect(editor.text).toContain('Logged in as the demo editor: log out</a>');

    const logout = await mock.request('/__login/', {
      method: 'POST',
      headers: { cookie: LOGGED_IN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'logout=1',
    });
    expect(logout.headers.get('set-cookie')).toBe(`${LOGIN_COOKIE}=; Path=/; Max-Age=0`);
  });
});
