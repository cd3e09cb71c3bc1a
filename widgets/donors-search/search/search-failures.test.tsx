import { screen } from '@testing-library/react';
import { delay, HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { createSearchMap } from '../../../test/support/donors-search/fake-search-map.ts';
import { renderSearch, statusLines, tableRows } from '../../../test/support/donors-search/render-search.tsx';
import {
  REST_NO_ROUTE,
  SEARCH_ROUTE,
  searchBody,
  searchHandler,
  wpErrorBody,
} from '../../../test/support/donors-search/search-answers.ts';

vi.mock('../map/search-map.ts', () => import('../../../test/support/donors-search/fake-search-map.ts'));

const server = setupServer(searchHandler());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const json =
  (body: JsonBodyType, status = 200) =>
  () =>
    HttpResponse.json(body, { status });
const text = (body: string, status: number, type: string) => () =>
  new HttpResponse(body, { status, headers: { 'Content-Type': type } });
const TRY_AGAIN = ' Please try another search.';
const lines = (...messages: string[]) => messages.map((message) => `ERROR: ${message}${TRY_AGAIN}`);

describe('every failure ends in the error state, with Search usable and the submit lock released', () => {
  test.each([
    [
      'the route’s errors (HTTP 200), messages in an array',
      json(wpErrorBody({ nozipcodes: ['No zip codes returned for 00000.'] })),
      lines('No zip codes returned for 00000.'),
    ],
    [
      'the route’s errors as strings',
      json(wpErrorBody({ search_unavailable: 'The donation search is not available right now.' })),
      lines('The donation search is not available right now.'),
    ],
    [
      'several errors: each in turn, the last one at the bottom',
      json(
        wpErrorBody({
          invalid_radius: [
            'Radius must be a number of miles from 1 to 99.',
            'Radius is too large for this zip code.',
          ],
          invalid_days: ['Days must be a number from 1 to 90.'],
        }),
      ),
      lines(
        'Radius must be a number of miles from 1 to 99.',
        'Radius is too large for this zip code.',
        'Days must be a number from 1 to 90.',
      ),
    ],
    [
      'HTTP 500 with an HTML page',
      text(
        '<!DOCTYPE html><html><body><p>There has been a critical error.</p></body></html>',
        500,
        'text/html',
      ),
      // The server's own fault, no fault of the zip code: later, not another search.
      ['ERROR: The server answered with an error (HTTP 500). Please try again later.'],
    ],
    ['a null body', text('null', 200, 'application/json'), lines('The server sent an empty answer.')],
    [
      'malformed JSON (a PHP notice before it)',
      text(
        '<br />\n<b>Warning</b>: Undefined array key "lat"<br />\n{"coordinates":',
        200,
        'application/json',
      ),
      lines('The server sent an answer that could not be read.'),
    ],
    [
      'missing fields (no data)',
      json({ ...searchBody('10001', []), data: undefined }),
      lines('The server’s answer did not include a list of donations.'),
    ],
    [
      'missing coordinates',
      json({ ...searchBody('10001', []), coordinates: false }),
      lines('The server’s answer did not include the location of the zip code.'),
    ],
    [
      'a network failure',
      () => HttpResponse.error(),
      ['ERROR: The server could not be reached. Please check your connection and search again.'],
    ],
  ])('%s', async (_name, answer, expected) => {
    server.use(http.get(SEARCH_ROUTE, answer));
    const { search, releases, ctx } = renderSearch();
    await search('10001');
    await screen.findAllByText(/^ERROR/);
    expect(statusLines()).toEqual(expected);
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(releases).toHaveBeenCalledTimes(1);
    expect(tableRows()).toEqual([]);
    expect(document.querySelector('.alert-donors')).not.toBeVisible();
    expect(document.getElementById('map')).not.toBeVisible();
    expect(createSearchMap).not.toHaveBeenCalled();
    expect(ctx.reported).toEqual([]);
  });

  test('a five-digit zip the route rejects says the search is unavailable and tells the admin', async () => {
    // The route is missing, or the host offers a radius or days it refuses: nothing the visitor can fix.
    server.use(http.get(SEARCH_ROUTE, json(REST_NO_ROUTE, 404)));
    const { search, releases, ctx } = renderSearch();
    await search('10001');
    await screen.findAllByText(/^ERROR/);
    expect(statusLines()).toEqual(['ERROR: The search is not available right now. Please try again later.']);
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(releases).toHaveBeenCalledTimes(1);
    expect(ctx.reported).toEqual([expect.objectContaining({ code: 'rest_no_route', status: 404 })]);
  });

  test.each([
    ['four digits', '1234'],
    ['letters', 'abcde'],
    // A ZIP+4 is searched as its five digits (zip-check.test.tsx); a zip cut short after its dash is not.
    ['a cut-short ZIP+4', '10001-12'],
    ['empty', ''],
  ])(
    'a zip that cannot be one (%s) asks for a 5-digit zip, in the words the route’s 404 gets, before asking it',
    async (_name, zip) => {
      // Never sent: the server fails any request it has no handler for (an empty zip's `search//15/30`).
      const { search, releases, ctx } = renderSearch();
      await search(zip);
      await screen.findAllByText(/^ERROR/);
      expect(statusLines()).toEqual(lines('The zip code must have 5 digits.'));
      expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
      expect(releases).toHaveBeenCalledTimes(1);
      expect(ctx.reported).toEqual([]);
    },
  );

  test('a timeout after the configured requestTimeoutMs', async () => {
    server.use(http.get(SEARCH_ROUTE, () => delay('infinite')));
    // One second, the least Settings allows.
    const { search, releases } = renderSearch({ requestTimeoutMs: 1000 });
    await search('10001');
    expect(statusLines()).toEqual(['Working...']);
    await screen.findAllByText(/^ERROR/, undefined, { timeout: 3000 });
    expect(statusLines()).toEqual(lines('The server took too long to answer.'));
    expect(releases).toHaveBeenCalledTimes(1);
  });

  test('a search after an error works again', async () => {
    server.use(http.get(SEARCH_ROUTE, json(REST_NO_ROUTE, 404)));
    const { search } = renderSearch();
    await search('1');
    await screen.findAllByText(/^ERROR/);
    server.resetHandlers();
    await search('10001');
    await screen.findByText(/Found/);
    expect(statusLines()).toEqual([]);
    expect(tableRows()).toHaveLength(2);
  });
});
