import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { renderSearch, statusLines, tableRows } from '../../../test/support/donors-search/render-search.tsx';
import {
  INVALID_NONCE,
  SEARCH_ROUTE,
  searchHandler,
} from '../../../test/support/donors-search/search-answers.ts';

vi.mock('../map/search-map.ts', () => import('../../../test/support/donors-search/fake-search-map.ts'));

// The REST client is configured by its first request, so every search in this file has the same page
// config: a nonce that has expired by the time the donor searches.
const PAGE_CONFIG = { nonce: 'expired1' };

/** The mock server's nonce contract: only the current nonce passes; admin-ajax issues a new one. */
let current = 'fresh0001';
const sentNonces: (string | null)[] = [];
const server = setupServer(
  http.get(SEARCH_ROUTE, (info) => {
    const nonce = info.request.headers.get('X-WP-Nonce');
    sentNonces.push(nonce);
    if (nonce !== current) return HttpResponse.json(INVALID_NONCE, { status: 403 });
    return searchHandler()
      .run(info)
      .then((result) => result?.response);
  }),
  http.get('/wp-admin/admin-ajax.php', ({ request }) =>
    new URL(request.url).searchParams.get('action') === 'rest-nonce'
      ? new HttpResponse(current, { headers: { 'Content-Type': 'text/plain' } })
      : new HttpResponse('0', { status: 400 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sentNonces.length = 0;
});
afterAll(() => server.close());

describe('an expired nonce (403 rest_cookie_invalid_nonce)', () => {
  test('is refreshed once and the search retried: the results show', async () => {
    const { search, releases } = renderSearch(PAGE_CONFIG);
    await search('10001');
    await screen.findByText(/Found/);
    expect(sentNonces).toEqual(['expired1', 'fresh0001']);
    expect(tableRows()).toHaveLength(2);
    expect(releases).toHaveBeenCalledTimes(1);
  });

  test('when the refresh fails, a clear error and Search usable again', async () => {
    current = 'fresh0002';
    server.use(http.get('/wp-admin/admin-ajax.php', () => new HttpResponse('-1', { status: 403 })));
    const { search, releases } = renderSearch(PAGE_CONFIG);
    await search('10001');
    await screen.findByText(/^ERROR/);
    expect(statusLines()).toEqual(['ERROR: This page has expired. Please reload the page and search again.']);
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(releases).toHaveBeenCalledTimes(1);
  });
});
