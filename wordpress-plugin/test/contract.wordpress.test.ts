/**
 * The mock server against the real WordPress: the same requests must get the same statuses and JSON
 * shapes, so every suite that runs against the mock tests what production does. Differences that
 * remain on purpose are written down in mock-server/README.md.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer } from '../../mock-server/server.js';
import { LOGIN_COOKIE, LOGIN_VALUE } from '../../mock-server/wordpress/login.js';
import { shapeOf } from '../../mock-server/wordpress/response-shapes.js';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

type Server = { base: string; cookie?: string; nonce: () => Promise<string> };

interface Answer {
  status: number;
  type: string | null;
  body: unknown;
}

async function ask(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A plain-text answer (the nonce endpoint) is compared as text.
  }
  // Express writes `charset=utf-8`, PHP `charset=UTF-8`: the same to every client.
  return { status: response.status, type: response.headers.get('content-type')?.toLowerCase() ?? null, body };
}

describeWordPress('the mock server answers like the real WordPress', () => {
  const wp = useWordPress();
  let mock: Awaited<ReturnType<typeof startMockServer>>;
  let servers: Record<'mock' | 'wordpress', Server>;

  beforeAll(async () => {
    mock = await startMockServer({ port: 0, quiet: true, donationCount: 2000 });
    const { cookies } = JSON.parse(wp.site.adminState) as { cookies: { name: string; value: string }[] };
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    servers = {
      mock: {
        base: mock.url,
        cookie: `${LOGIN_COOKIE}=${LOGIN_VALUE}`,
        nonce: async () => mock.issueNonce(),
      },
      wordpress: {
        base: wp.site.url,
        cookie,
        nonce: async () =>
          (
            await fetch(`${wp.site.url}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { cookie } })
          ).text(),
      },
    };
  });
  afterAll(async () => {
    await mock?.close();
  });

  /** The same request to both; resolves with both answers. */
  const both = async (
    path: string,
    headers: (server: Server) => Promise<Record<string, string>> = async () => ({}),
  ) => {
    const [mockAnswer, wordpressAnswer] = await Promise.all(
      [servers.mock, servers.wordpress].map(async (server) =>
        ask(`${server.base}${path}`, await headers(server)),
      ),
    );
    return { mock: mockAnswer, wordpress: wordpressAnswer };
  };

  it('answers a path the route does not match with the same 404 rest_no_route', async () => {
    for (const path of [
      '/wp-json/donations/v1/search/1234/15/30',
      '/wp-json/donations/v1/search/10001/150/30',
      '/wp-json/nothing/here',
    ]) {
      const { mock: m, wordpress: w } = await both(path);
      expect(m).toEqual(w);
      expect(w.status).toBe(404);
    }
  });

  it('refuses a nonce that is not current with the same 403 before the route runs', async () => {
    const { mock: m, wordpress: w } = await both('/wp-json/donations/v1/search/10001/15/30', async () => ({
      'X-WP-Nonce': '0000000000',
    }));
    expect(m).toEqual(w);
    expect(w.body).toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      data: { status: 403 },
    });
  });

  it('hands out a fresh nonce at the rest-nonce endpoint that the route then accepts', async () => {
    const { mock: m, wordpress: w } = await both(
      '/wp-admin/admin-ajax.php?action=rest-nonce',
      async (server) => (server.cookie ? { cookie: server.cookie } : {}),
    );
    expect(m.status).toBe(w.status);
    expect(m.type).toBe(w.type);
    expect(m.body).toMatch(/^[a-f0-9]{10}$/);
    expect(w.body).toMatch(/^[a-f0-9]{10}$/);
    const accepted = await both('/wp-json/donations/v1/search/10001/15/30', async (server) => ({
      'X-WP-Nonce': await server.nonce(),
      ...(server.cookie ? { cookie: server.cookie } : {}),
    }));
    expect(accepted.mock.status).toBe(200);
    expect(accepted.wordpress.status).toBe(200);
  });

  it('answers a visitor who asks for a nonce with the same 400 "0": WordPress hands one to users only', async () => {
    const { mock: m, wordpress: w } = await both('/wp-admin/admin-ajax.php?action=rest-nonce');
    expect(m).toEqual(w);
    expect(w.status).toBe(400);
  });

  it('answers an unknown action at admin-ajax.php with the same 400 "0"', async () => {
    const { mock: m, wordpress: w } = await both('/wp-admin/admin-ajax.php?action=no-such-action');
    expect(m).toEqual(w);
  });

  it("gives the route's success, empty and error answers the same shapes and headers", async () => {
    for (const path of [
      '/wp-json/donations/v1/search/10001/15/30',
      '/wp-json/donations/v1/search/10001/15/30/',
      '/wp-json/donations/v1/search/10001/15/99',
      '/wp-json/donations/v1/search/60601/1/0',
      '/wp-json/donations/v1/search/00000/15/30',
    ]) {
      const { mock: m, wordpress: w } = await both(path);
      expect({ path, status: m.status, type: m.type, shape: shapeOf(m.status, m.body) }).toEqual({
        path,
        status: w.status,
        type: w.type,
        shape: shapeOf(w.status, w.body),
      });
      expect((m.body as { request?: unknown }).request).toEqual((w.body as { request?: unknown }).request);
    }
    const unknown = await both('/wp-json/donations/v1/search/00000/15/30');
    expect(unknown.mock.body).toEqual(unknown.wordpress.body);
  });
});
