import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { outcome, readConfig, search } from './search.ts';
import { describeWordPress, type OpenOptions, pageWith, useWordPress } from './wordpress-suite.ts';

const STALE = '0000000000';
const SESSION_EXPIRED = 'ERROR: This page has expired. Please reload the page and search again.';

/** Serves the page with every copy of its nonce (our config, core's nonce middleware) replaced by a stale one. */
const withStaleNonce: OpenOptions['before'] = async (_context, page) => {
  await page.route(
    (url) => url.pathname === '/rest-paths/',
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const nonce = html.match(/(?:"nonce":"|createNonceMiddleware\( ")([a-f0-9]{10})"/)?.[1];
      if (!nonce) throw new Error('the page carries no nonce');
      await route.fulfill({ response, body: html.replaceAll(nonce, STALE) });
    },
  );
};

const searchRequests = (requests: string[]) =>
  requests.filter((url) => url.includes('/wp-json/donations/v1/search/'));
const refreshes = (requests: string[]) => requests.filter((url) => url.includes('action=rest-nonce'));

// The same failures on both ways the bundle can talk to WordPress: its own fetch, and core's
// wp.apiFetch when another plugin put wp-api-fetch on the page.
describeWordPress.each([
  { path: 'our own fetch', fixture: [] as string[], core: false },
  { path: "WordPress core's wp.apiFetch", fixture: ['api-fetch'], core: true },
])('requests through $path in a real WordPress', ({ fixture, core }) => {
  const wp = useWordPress();
  let searchPage = '';
  beforeAll(async () => {
    searchPage = await pageWith(wp.php, 'rest-paths', '[donation_widget island="donors-search"]');
  });

  const usesTheRightClient = async (page: Page) => {
    expect(await page.evaluate(() => typeof (window as { wp?: { apiFetch?: unknown } }).wp?.apiFetch)).toBe(
      core ? 'function' : 'undefined',
    );
  };

  it("sends a logged-in admin's nonce, which WordPress accepts: the route sees the admin", async () => {
    const { page } = await wp.open(searchPage, { admin: true, fixture });
    const [config] = await readConfig(page);
    expect(config.nonce).toMatch(/^[a-f0-9]{10}$/);
    const answer = page.waitForResponse((response) =>
      response.url().includes('/wp-json/donations/v1/search/'),
    );
    await search(page, '10001');
    const response = await answer;
    expect(response.request().headers()['x-wp-nonce']).toBe(config.nonce);
    expect(response.headers()['x-fixture-user']).toBe('1');
    expect(await outcome(page)).toBe('results');
    await usesTheRightClient(page);
  });

  it("meets WordPress's 403 for a stale nonce, refreshes it through rest-nonce once and succeeds", async () => {
    const { page, requests } = await wp.open(searchPage, { admin: true, fixture, before: withStaleNonce });
    const refused = page.waitForResponse((response) => response.status() === 403);
    await search(page, '10001');
    expect(await (await refused).json()).toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      data: { status: 403 },
    });
    expect(await outcome(page)).toBe('results');
    expect(refreshes(requests)).toHaveLength(1);
    expect(searchRequests(requests)).toHaveLength(2);
    await usesTheRightClient(page);
    // Through core, its own requests go out with the fresh nonce too: the search went through it.
    if (core) {
      const coreNonce = await page.evaluate(
        () =>
          (window as { wp?: { apiFetch?: { nonceMiddleware?: { nonce: string } } } }).wp?.apiFetch
            ?.nonceMiddleware?.nonce,
      );
      expect(coreNonce).toMatch(/^[a-f0-9]{10}$/);
      expect(coreNonce).not.toBe(STALE);
    }
  });

  it('retries once and tells the visitor the session expired when WordPress keeps refusing the nonce', async () => {
    const { page, requests } = await wp.open(searchPage, {
      admin: true,
      fixture: [...fixture, 'refuse-nonce'],
    });
    await search(page, '10001');
    expect(await outcome(page)).toBe(SESSION_EXPIRED);
    expect(refreshes(requests)).toHaveLength(1);
    expect(searchRequests(requests)).toHaveLength(2);
  });

  // Only core's api-fetch gives a visitor a nonce at all, and a cached page keeps it stale.
  if (core)
    it("searches for a visitor whose page carries core's stale nonce: the config says anonymous, so none is sent", async () => {
      const { page, requests } = await wp.open(searchPage, { fixture, before: withStaleNonce });
      await search(page, '10001');
      expect(await outcome(page)).toBe('results');
      expect(refreshes(requests)).toHaveLength(0);
      expect(searchRequests(requests)).toHaveLength(1);
    });

  it('answers a zip that cannot be one in the page, with the words WordPress’s 404 for it gets, asking nothing', async () => {
    const { page, requests } = await wp.open(searchPage, { fixture });
    await search(page, '1234');
    expect(await outcome(page)).toBe('ERROR: The zip code must have 5 digits. Please try another search.');
    expect(searchRequests(requests)).toEqual([]);
    // WordPress itself routes no path for it: the line is the one its 404 gets (the printed search's too).
    const routed = await page.request.get(`${wp.site.url}/wp-json/donations/v1/search/1234/15/30`);
    expect([routed.status(), (await routed.json()).code]).toEqual([404, 'rest_no_route']);
  });

  it("answers WordPress's critical-error JSON with words for a visitor, not its HTML", async () => {
    const { page } = await wp.open(searchPage, { fixture: [...fixture, 'fatal'] });
    const answer = page.waitForResponse((response) =>
      response.url().includes('/wp-json/donations/v1/search/'),
    );
    await search(page, '10001');
    const response = await answer;
    expect(response.status()).toBe(500);
    expect(await response.json()).toMatchObject({ code: 'internal_server_error', data: { status: 500 } });
    expect(await outcome(page)).toBe('ERROR: The server ran into an error. Please try again later.');
  });

  it('keeps the status of an HTML error page from a proxy in front of WordPress', async () => {
    const { page } = await wp.open(searchPage, { fixture: [...fixture, 'html502'] });
    const answer = page.waitForResponse((response) =>
      response.url().includes('/wp-json/donations/v1/search/'),
    );
    await search(page, '10001');
    const response = await answer;
    expect(response.status()).toBe(502);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(await outcome(page)).toBe(
      'ERROR: The server answered with an error (HTTP 502). Please try again later.',
    );
  });
});
