import apiFetch from '@wordpress/api-fetch';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sectionsOf } from '../loader/page-config.ts';
import { createRestClient, type RequestOptions, type RestClient, restClient } from './rest-client.ts';
import { parseRestConfig, type RestConfig } from './rest-config.ts';
import { RestError } from './rest-error.ts';

const ORIGIN = 'http://localhost:3000';
const ROUTE = `${ORIGIN}/wp-json/donations/v1/search/:zip/:radius/:days`;
const NONCE_ENDPOINT = `${ORIGIN}/wp-admin/admin-ajax.php`;

const seen: { url: string; nonce: string | null }[] = [];
const server = setupServer(
  http.get(ROUTE, ({ request }) => {
    seen.push({ url: request.url, nonce: request.headers.get('X-WP-Nonce') });
    return HttpResponse.json({ ok: true });
  }),
);

const noProblems = (key: string) => {
  throw new Error(`test config has an invalid ${key}`);
};
/** The REST keys of the page config, as `ctx.section(parseRestConfig)` gives them to the island. */
let config: RestConfig = parseRestConfig({}, noProblems);
function usePage(json: Record<string, unknown>) {
  config = parseRestConfig(json, noProblems);
}

/** The test page's one client, made from its config by the first request, as `ctx.section(restClient)` does. */
let client: RestClient | undefined;
function restGet(path: string, { config: pageConfig, ...options }: RequestOptions & { config: RestConfig }) {
  client ??= createRestClient(pageConfig);
  return client.get(path, options);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  config = parseRestConfig({}, noProblems);
  client = undefined;
  seen.length = 0;
  delete (window as { wp?: unknown }).wp;
});
afterAll(() => server.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

const invalidNonce = () =>
  HttpResponse.json(
    { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
    { status: 403 },
  );

describe('restGet', () => {
  it('requests the path under the REST root with the page nonce and resolves with the JSON', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/`, nonce: 'abc123' });
    await expect(restGet('donations/v1/search/10001/15/30', { config })).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/wp-json/donations/v1/search/10001/15/30');
    expect(seen[0]?.nonce).toBe('abc123');
  });

  it('sends no nonce header for an anonymous page', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    await restGet('donations/v1/search/10001/15/30', { config });
    expect(seen[0]?.nonce).toBeNull();
  });

  it("resolves with the JSON a wp_send_json() route prints after PHP's notices, on a site that displays errors", async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    const notice =
      '<br />\n<b>Notice</b>:  Function wp_send_json was called <strong>incorrectly</strong>. in <b>/srv/wp-includes/functions.php</b> on line <b>6131</b><br />\n';
    const answer = { errors: { nozipcodes: ['No zip codes returned for 99999.'] }, error_data: [] };
    server.use(
      http.get(ROUTE, () => new HttpResponse(`${notice}${JSON.stringify(answer)}`, { status: 200 })),
    );
    await expect(restGet('donations/v1/search/99999/15/30', { config })).resolves.toEqual(answer);
  });

  it('resolves a JSON null body as null', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    server.use(http.get(ROUTE, () => HttpResponse.json(null)));
    await expect(restGet('donations/v1/search/10001/15/30', { config })).resolves.toBeNull();
  });

  it.each([
    [
      'a WordPress error keeps its code, message and status',
      () =>
        HttpResponse.json(
          {
            code: 'rest_no_route',
            message: 'No route was found matching the URL and request method.',
            data: { status: 404 },
          },
          { status: 404 },
        ),
      {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        status: 404,
      },
    ],
    [
      'an HTML error page keeps its status',
      () => new HttpResponse('<html><body>Internal Server Error</body></html>', { status: 500 }),
      { code: 'http_error', message: 'The server answered with an error (HTTP 500).', status: 500 },
    ],
    [
      'a success that is not JSON',
      () => new HttpResponse('{"data": [', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      { code: 'invalid_json', message: 'The server sent an answer that could not be read.', status: 200 },
    ],
    [
      'a success whose text is not JSON at all',
      () => new HttpResponse('<p>Down for maintenance.</p>', { status: 200 }),
      { code: 'invalid_json', message: 'The server sent an answer that could not be read.', status: 200 },
    ],
    [
      'a dropped connection',
      () => HttpResponse.error(),
      {
        code: 'fetch_error',
        message: 'The server could not be reached.',
      },
    ],
  ])('%s: rejects with a RestError', async (_, resolver, expected) => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    server.use(http.get(ROUTE, resolver));
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config }));
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject(expected);
  });

  it('rejects with a timeout RestError when the server is slower than the limit', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    server.use(http.get(ROUTE, () => new Promise(() => {})));
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config, timeoutMs: 50 }));
    expect(error).toMatchObject({ code: 'timeout', message: 'The server took too long to answer.' });
  });

  it('rejects with the untouched AbortError when the caller aborts', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    server.use(http.get(ROUTE, () => new Promise(() => {})));
    const controller = new AbortController();
    const pending = failure(
      restGet('donations/v1/search/10001/15/30', { config, signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 10);
    const error = await pending;
    expect(error).not.toBeInstanceOf(RestError);
    expect((error as Error).name).toBe('AbortError');
  });
});

/** A route that records the nonce each request carried and refuses it, as WordPress does a stale one. */
const refusingEveryNonce = ({ request }: { request: Request }) => {
  seen.push({ url: request.url, nonce: request.headers.get('X-WP-Nonce') });
  return invalidNonce();
};

const coreMiddlewares: Parameters<typeof apiFetch.use>[0][] = [];
afterEach(() => {
  for (const middleware of coreMiddlewares.splice(0)) apiFetch.unregister(middleware);
  apiFetch.nonceMiddleware = undefined;
});

/**
 * `window.wp.apiFetch` as WordPress prints it with the `wp-api-fetch` script: the package's default
 * fetch handler, root and nonce middlewares, and the nonce endpoint, all from wpApiSettings.
 */
function installCoreApiFetch() {
  apiFetch.setFetchHandler(apiFetch.defaultFetchHandler);
  const root = apiFetch.createRootURLMiddleware(`${ORIGIN}/wp-json/`);
  apiFetch.nonceMiddleware = apiFetch.createNonceMiddleware('old0000000');
  coreMiddlewares.push(root, apiFetch.nonceMiddleware);
  for (const middleware of coreMiddlewares) apiFetch.use(middleware);
  apiFetch.nonceEndpoint = `${NONCE_ENDPOINT}?action=rest-nonce`;
  (window as { wp?: unknown }).wp = { apiFetch };
}

describe.each([
  ['with our own fetch', () => {}],
  ["with WordPress core's wp.apiFetch on the page", installCoreApiFetch],
])('an expired nonce, %s', (_, install) => {
  beforeEach(install);
  const page = () =>
    usePage({
      restRoot: `${ORIGIN}/wp-json/`,
      nonce: 'old0000000',
      nonceEndpoint: `${NONCE_ENDPOINT}?action=rest-nonce`,
    });

  it('is refreshed once and the request retried with the new nonce', async () => {
    page();
    server.use(
      http.get(ROUTE, ({ request }) => {
        seen.push({ url: request.url, nonce: request.headers.get('X-WP-Nonce') });
        return request.headers.get('X-WP-Nonce') === 'new1111111'
          ? HttpResponse.json({ ok: 1 })
          : invalidNonce();
      }),
      http.get(NONCE_ENDPOINT, () => HttpResponse.text('new1111111')),
    );
    await expect(restGet('donations/v1/search/10001/15/30', { config })).resolves.toEqual({ ok: 1 });
    expect(seen.map((s) => s.nonce)).toEqual(['old0000000', 'new1111111']);
  });

  it('fails with the original error when the refresh itself fails', async () => {
    page();
    server.use(
      http.get(ROUTE, invalidNonce),
      http.get(NONCE_ENDPOINT, () => new HttpResponse('-1', { status: 403 })),
    );
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config }));
    expect(error).toMatchObject({ code: 'rest_cookie_invalid_nonce', status: 403 });
  });

  it('is retried only once when the server keeps refusing', async () => {
    page();
    server.use(
      http.get(ROUTE, refusingEveryNonce),
      http.get(NONCE_ENDPOINT, () => HttpResponse.text('new1111111')),
    );
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config }));
    expect(error).toMatchObject({ code: 'nonce_refresh_failed', status: 403 });
    expect(seen).toHaveLength(2);
  });

  it('cannot hold a search past its timeout while the refresh hangs', async () => {
    page();
    server.use(
      http.get(ROUTE, invalidNonce),
      http.get(NONCE_ENDPOINT, () => new Promise(() => {})),
    );
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config, timeoutMs: 100 }));
    expect(error).toMatchObject({ code: 'timeout', message: 'The server took too long to answer.' });
  });

  it('keeps the page nonce when the refresh answers something that is not a nonce', async () => {
    page();
    server.use(
      http.get(ROUTE, refusingEveryNonce),
      http.get(NONCE_ENDPOINT, () => HttpResponse.text('<html>Log in</html>')),
    );
    await failure(restGet('donations/v1/search/10001/15/30', { config }));
    await failure(restGet('donations/v1/search/10001/15/30', { config }));
    expect(seen.map((s) => s.nonce)).toEqual(['old0000000', 'old0000000']);
  });

  it('is never replaced by a refresh answer that is not a nonce', async () => {
    page();
    server.use(
      http.get(ROUTE, refusingEveryNonce),
      http.get(NONCE_ENDPOINT, () => HttpResponse.text('<html>Log in</html>')),
    );
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config }));
    expect(error).toMatchObject({ code: 'nonce_refresh_failed' });
    expect(seen).toHaveLength(1);
  });
});

describe('on a page where WordPress already provides wp.apiFetch', () => {
  beforeEach(installCoreApiFetch);

  it('sends through it with the page config instead of our own fetch', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/`, nonce: 'old0000000' });
    const calls: unknown[] = [];
    const core = (window as unknown as { wp: { apiFetch: typeof apiFetch } }).wp.apiFetch;
    (window as { wp?: unknown }).wp = {
      apiFetch: Object.assign(
        (options: unknown) => {
          calls.push(options);
          return core(options as Parameters<typeof apiFetch>[0]);
        },
        { nonceMiddleware: core.nonceMiddleware },
      ),
    };
    await expect(restGet('donations/v1/search/10001/15/30', { config })).resolves.toEqual({ ok: true });
    expect(calls).toMatchObject([{ url: `${ORIGIN}/wp-json/donations/v1/search/10001/15/30`, parse: false }]);
    expect(seen.map((s) => s.nonce)).toEqual(['old0000000']);
  });

  it('keeps the status of an HTML error page', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    server.use(http.get(ROUTE, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config }));
    expect(error).toMatchObject({ code: 'http_error', status: 502 });
  });

  it("answers WordPress's errors with the same RestError as our own fetch", async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    server.use(
      http.get(ROUTE, () =>
        HttpResponse.json(
          {
            code: 'rest_no_route',
            message: 'No route was found matching the URL and request method.',
            data: { status: 404 },
          },
          { status: 404 },
        ),
      ),
    );
    const error = await failure(restGet('donations/v1/search/10001/15/30', { config }));
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({ code: 'rest_no_route', status: 404 });
  });

  it('leaves it aside when the page config says the visitor is anonymous, since it would send its own nonce', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/`, nonce: '' });
    const calls: unknown[] = [];
    const fakeCore = async (options: unknown) => calls.push(options);
    // As WordPress prints it: a nonce for the page, stale once the page is cached.
    (window as { wp?: unknown }).wp = {
      apiFetch: Object.assign(fakeCore, { nonceMiddleware: { nonce: 'stale1234' } }),
    };
    await expect(restGet('donations/v1/search/10001/15/30', { config })).resolves.toEqual({ ok: true });
    expect(calls).toEqual([]);
    expect(seen).toMatchObject([{ nonce: null }]);
  });
});

describe("our own request, on a page without core's wp.apiFetch", () => {
  it("is the GET api-fetch would send: JSON accepted, cookies, the visitor's locale", async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/`, nonce: 'abc123' });
    const requests: Request[] = [];
    server.use(
      http.get(ROUTE, ({ request }) => {
        requests.push(request);
        return HttpResponse.json({ ok: true });
      }),
    );
    await restGet('donations/v1/search/10001/15/30', { config });
    expect(requests).toHaveLength(1);
    const [request] = requests as [Request];
    expect(new URL(request.url).search).toBe('?_locale=user');
    expect(request.headers.get('Accept')).toBe('application/json, */*;q=0.1');
    expect(request.credentials).toBe('include');
  });

  it('continues the query of a REST root made for plain permalinks', async () => {
    usePage({ restRoot: `${ORIGIN}/?rest_route=/`, nonce: 'abc123' });
    const routes: (string | null)[] = [];
    server.use(
      http.get(`${ORIGIN}/`, ({ request }) => {
        const url = new URL(request.url);
        routes.push(url.searchParams.get('rest_route'), url.searchParams.get('_locale'));
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(restGet('donations/v1/search/10001/15/30', { config })).resolves.toEqual({ ok: true });
    expect(routes).toEqual(['/donations/v1/search/10001/15/30', 'user']);
  });

  it('tells an offline browser from a server that cannot be reached', async () => {
    usePage({ restRoot: `${ORIGIN}/wp-json/` });
    server.use(http.get(ROUTE, () => HttpResponse.error()));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const error = await failure(restGet('donations/v1/search/10001/15/30', { config }));
      expect(error).toMatchObject({ code: 'offline_error', message: 'You appear to be offline.' });
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('the page client', () => {
  it('is made once per page config, from its REST keys, and shared by every island that asks', async () => {
    const page = sectionsOf({ restRoot: `${ORIGIN}/wp-json/`, nonce: 'abc123' }, noProblems);
    const client = page.section(restClient);
    expect(page.section(restClient)).toBe(client);
    expect(sectionsOf({}, noProblems).section(restClient)).not.toBe(client);
    await expect(client.get('donations/v1/search/10001/15/30')).resolves.toEqual({ ok: true });
    expect(seen).toMatchObject([{ nonce: 'abc123' }]);
  });
});
