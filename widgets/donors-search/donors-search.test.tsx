import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createSearchMap, drawnPictures, fakeMap } from '../../test/support/donors-search/fake-search-map.ts';
import { renderSearch, statusLines, tableRows } from '../../test/support/donors-search/render-search.tsx';
import {
  item,
  SEARCH_ROUTE,
  searchBody,
  searchHandler,
} from '../../test/support/donors-search/search-answers.ts';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

const server = setupServer(searchHandler());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.clearAllMocks();
});
afterAll(() => server.close());

const alert = () => document.querySelector<HTMLElement>('.alert-donors');
const map = () => document.getElementById('map');

describe('before any search (idle)', () => {
  test('shows a labelled form with the original choices and no table yet; the map is hidden', () => {
    renderSearch();
    expect(screen.getByLabelText('Zip code')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Zip code')).toHaveAttribute('autocomplete', 'postal-code');
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Within')).toEqual(['15 miles', '30 miles', '45 miles', '60 miles']);
    expect(options('In the last')).toEqual(['30 days', '45 days', '60 days', '90 days']);
    // A submit button, so the page's submit lock disables and relabels it while a search runs.
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    // No header over an empty table before anything was searched.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryAllByRole('columnheader')).toEqual([]);
    expect(alert()).not.toBeVisible();
    expect(map()).not.toBeVisible();
    expect(createSearchMap).not.toHaveBeenCalled();
  });
});

describe('a search', () => {
  test('while it runs: Working..., no results alert, no map, no rows', async () => {
    server.use(
      http.get(SEARCH_ROUTE, async () => {
        await delay('infinite');
        return HttpResponse.json(null);
      }),
    );
    const { search } = renderSearch();
    await search('10001');
    expect(await screen.findByText('Working...')).toBeVisible();
    expect(statusLines()).toEqual(['Working...']);
    expect(alert()).not.toBeVisible();
    expect(map()).not.toBeVisible();
    expect(tableRows()).toEqual([]);
  });

  test('with results: the alert names count, zip, radius and days, one row per donation, the map is drawn', async () => {
    const { search, releases } = renderSearch();
    await search('10001', { radius: '30', days: '60' });
    await screen.findByText(/Found/);
    expect(alert()).toHaveTextContent('Found 2 donations within 30 miles of 10001 in the last 60 days.');
    expect(document.getElementById('display_count')).toHaveTextContent('2');
    expect(document.getElementById('display_zipcode')).toHaveTextContent('10001');
    expect(document.getElementById('display_radius')).toHaveTextContent('30');
    expect(document.getElementById('display_days')).toHaveTextContent('60');
    expect(tableRows()).toEqual([
      ['1', 'Donation 1', '10001', 'March 2, 2025 10:00 am'],
      ['2', 'Donation 2', '10001', 'March 3, 2025 10:00 am'],
    ]);
    expect(statusLines()).toEqual([]);
    expect(screen.getByRole('region', { name: 'Map of the donations found' })).toBeVisible();
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(drawnPictures()[0]).toEqual({
      center: { lat: 40.75, lng: -73.99 },
      centerTitle: 'Searched zip code 10001',
      markers: [
        { position: { lat: 40.766, lng: -74.006 }, zip: '10001', title: '10001', label: '1', index: 0 },
        { position: { lat: 40.781, lng: -74.021 }, zip: '10001', title: '10001', label: '1', index: 1 },
      ],
      radiusMiles: 30,
      boundaryZips: ['10001'],
    });
    // The island never disables Search itself: it releases the page's submit lock, which does.
    expect(releases).toHaveBeenCalledTimes(1);
  });

  test('asks the route with the values as entered, each encoded as one path segment', async () => {
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => {
      paths.push(new URL(request.url).pathname);
    });
    // A zip code that cannot be one is never sent (zip-check.test.tsx); a radius from a link is sent as it is.
    history.replaceState(null, '', `/?zipcode=10001&radius=${encodeURIComponent('../1?')}&days=30`);
    onTestFinished(() => history.replaceState(null, '', '/'));
    renderSearch();
    await vi.waitFor(() => expect(paths).toHaveLength(1));
    server.events.removeAllListeners();
    expect(paths).toEqual(['/wp-json/donations/v1/search/10001/..%2F1%3F/30']);
  });

  test('a new search hides the earlier results and map and empties the table', async () => {
    const { search } = renderSearch();
    await search('10001');
    await screen.findByText(/Found/);
    server.use(http.get(SEARCH_ROUTE, () => delay('infinite')));
    await search('10002');
    expect(statusLines()).toEqual(['Working...']);
    expect(alert()).not.toBeVisible();
    expect(map()).not.toBeVisible();
    expect(tableRows()).toEqual([]);
  });

  test('reuses one map across searches', async () => {
    const { search } = renderSearch();
    await search('10001');
    await screen.findByText(/Found/);
    await search('10002');
    await waitFor(() => expect(drawnPictures()).toHaveLength(2));
    expect(createSearchMap).toHaveBeenCalledTimes(1);
    expect(drawnPictures()[1]?.centerTitle).toBe('Searched zip code 10002');
  });

  test('a donation without coordinates gets its row but no marker', async () => {
    server.use(
      http.get(SEARCH_ROUTE, () =>
        HttpResponse.json(
          searchBody('10001', [
            item(1),
            item(2, '10001', { coordinates: false }),
            item(3, '10001', { coordinates: undefined }),
          ]),
        ),
      ),
    );
    const { search } = renderSearch();
    await search('10001');
    await screen.findByText(/Found/);
    expect(tableRows()).toHaveLength(3);
    await waitFor(() => expect(drawnPictures()[0]?.markers).toHaveLength(1));
  });

  test("a single donation's marker says 1, the one donation it lists when chosen, whatever its zip's count", async () => {
    server.use(
      http.get(SEARCH_ROUTE, () =>
        HttpResponse.json(searchBody('10001', [item(1), item(2, '10002'), item(3, '10002')], { '10001': 3 })),
      ),
    );
    const { search } = renderSearch();
    await search('10001');
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(drawnPictures()[0]?.markers.map((marker) => [marker.title, marker.label])).toEqual([
      ['10001', '1'],
      ['10002', '1'],
      ['10002', '1'],
    ]);
    expect(drawnPictures()[0]?.boundaryZips).toEqual(['10001', '10002']);
  });

  test('markup in the server’s data is shown as text', async () => {
    const payload = '<img src=x onerror="window.__pwned=1">';
    server.use(
      http.get(SEARCH_ROUTE, () =>
        HttpResponse.json(searchBody('10001', [item(1, payload, { title: payload })])),
      ),
    );
    const { search } = renderSearch();
    await search('10001');
    await screen.findByText(/Found/);
    expect(tableRows()).toEqual([['1', payload, payload, 'March 2, 2025 10:00 am']]);
    expect(document.querySelector('img')).toBeNull();
  });

  test('when the map cannot load, a note takes its place and the table stays', async () => {
    const blocked = new Error('The Google Maps JavaScript API could not load.');
    createSearchMap.mockRejectedValueOnce(blocked);
    const { search, ctx } = renderSearch();
    await search('10001');
    expect(await screen.findByText(/The map could not be loaded/)).toBeVisible();
    expect(map()).not.toBeVisible();
    expect(tableRows()).toHaveLength(2);
    expect(ctx.reported).toEqual([blocked]);
    await search('10002');
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(screen.queryByText(/The map could not be loaded/)).toBeNull();
    expect(map()).toBeVisible();
  });

  test('an abort while drawing is not a failure, even when its DOMException is from another realm', async () => {
    const frame = document.body.appendChild(document.createElement('iframe'));
    const ForeignDOMException = (frame.contentWindow as unknown as { DOMException: typeof DOMException })
      .DOMException;
    const abort = new ForeignDOMException('The operation was aborted.', 'AbortError');
    expect(abort).not.toBeInstanceOf(DOMException);
    // The island tells an abort by its name, and reports any other failure right after reading it:
    // once the name has been read, a report would already be there.
    const nameRead = vi.fn();
    Object.defineProperty(abort, 'name', {
      get: () => {
        nameRead();
        return 'AbortError';
      },
    });
    fakeMap.draw.mockRejectedValueOnce(abort);
    const { search, ctx } = renderSearch();
    await search('10001');
    await waitFor(() => expect(nameRead).toHaveBeenCalled());
    expect(screen.queryByText(/The map could not be loaded/)).toBeNull();
    expect(map()).toBeVisible();
    expect(ctx.reported).toEqual([]);
    frame.remove();
  });

  // Reads the rows with plain DOM queries: testing-library's role queries over hundreds of rows take
  // seconds in jsdom on a loaded machine.
  test('thousands of rows are paged a hundred at a time; the alert keeps the full count', {
    timeout: 20_000,
  }, async () => {
    const many = Array.from({ length: 4212 }, (_, n) => item(n + 1));
    server.use(http.get(SEARCH_ROUTE, () => HttpResponse.json(searchBody('10001', many))));
    const { search, user } = renderSearch();
    await search('10001');
    await screen.findByText(/Found/);
    expect(document.getElementById('display_count')).toHaveTextContent('4,212');
    expect(screen.getByText('Showing 1–100 of 4,212')).toBeVisible();
    const rows = () => document.querySelectorAll('#donors-in-your-area-table tbody tr');
    expect(rows()).toHaveLength(100);
    expect(rows()[0]?.children[1]?.textContent).toBe('Donation 1');
    await user.click(screen.getByRole('button', { name: 'Next 100' }));
    expect(screen.getByText('Showing 101–200 of 4,212')).toBeVisible();
    expect(rows()[0]?.children[1]?.textContent).toBe('Donation 101');
    await waitFor(() => expect(fakeMap.draw).toHaveBeenCalledTimes(1));
  });
});

describe('map and table', () => {
  test('a marker chosen on the map lists its donations as text and highlights their rows; a clicked row is centred on the map', async () => {
    const payload = '<img src=x onerror="window.__pwned=1">';
    server.use(
      http.get(SEARCH_ROUTE, () =>
        HttpResponse.json(searchBody('10001', [item(1), item(2, '10002', { title: payload }), item(3)])),
      ),
    );
    const { search, user } = renderSearch();
    await search('10001');
    await waitFor(() => expect(createSearchMap).toHaveBeenCalledTimes(1));
    const listener = createSearchMap.mock.calls[0]?.[3] as unknown as { choose(indices: number[]): void };
    act(() => listener.choose([1, 2]));
    const choice = screen.getByRole('region', { name: 'Donations at the place chosen on the map' });
    expect(
      within(choice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${payload}, 10002, March 3, 2025 10:00 am`, 'Donation 3, 10001, March 4, 2025 10:00 am']);
    expect(document.querySelector('img')).toBeNull();
    const highlighted = document.querySelectorAll('tbody tr.donors-row-chosen');
    expect(Array.from(highlighted, (row) => row.firstElementChild?.textContent)).toEqual(['2', '3']);
    await waitFor(() => expect(fakeMap.mark).toHaveBeenLastCalledWith([1, 2], false));

    await user.click(screen.getByText('Donation 1'));
    await waitFor(() => expect(fakeMap.mark).toHaveBeenLastCalledWith([0], true));
    expect(screen.queryByRole('region', { name: 'Donations at the place chosen on the map' })).toBeNull();

    await search('10002');
    await waitFor(() => expect(drawnPictures()).toHaveLength(2));
    expect(document.querySelectorAll('tbody tr.donors-row-chosen')).toHaveLength(0);
  });
});

test('nothing found: the sentence in a neutral alert, a hint to widen the search, and no table with sort buttons over no rows', async () => {
  server.use(http.get(SEARCH_ROUTE, () => HttpResponse.json(searchBody('94103', []))));
  const { search } = renderSearch();
  await search('94103');
  await screen.findByText(/Found/);
  expect(alert()).toHaveTextContent(
    'Found 0 donations within 15 miles of 94103 in the last 30 days.Try a larger radius or more days.',
  );
  // Bootstrap's blue, not the green of a success; a search that finds some is green again.
  expect(alert()).toHaveClass('alert-info');
  expect(alert()).not.toHaveClass('alert-success');
  expect(document.querySelector('.donors-search-table')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Date' })).toBeNull();
  server.resetHandlers();
  await search('10001');
  await waitFor(() => expect(alert()).toHaveClass('alert-success'));
  expect(alert()).not.toHaveClass('alert-info');
});

test("a row's number brings the whole map into view, its marker centred, with the least scroll", async () => {
  const { search, user } = renderSearch();
  await search('10001');
  await waitFor(() => expect(createSearchMap).toHaveBeenCalledTimes(1));
  const scrolled = vi.fn();
  (map() as HTMLElement).scrollIntoView = scrolled;
  await user.click(screen.getByRole('button', { name: /^Show donation 2, / }));
  await waitFor(() => expect(fakeMap.mark).toHaveBeenLastCalledWith([1], true));
  expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
});

describe("a marker's list", () => {
  async function chooseOnMap() {
    const { search, user } = renderSearch();
    await search('10001');
    await waitFor(() => expect(createSearchMap).toHaveBeenCalledTimes(1));
    // The marker that opens it, as the map draws one: focusable, in the map.
    const marker = document.createElement('div');
    marker.tabIndex = 0;
    map()?.append(marker);
    marker.focus();
    const listener = createSearchMap.mock.calls[0]?.[3] as unknown as { choose(indices: number[]): void };
    act(() => listener.choose([1]));
    const list = screen.getByRole('region', { name: 'Donations at the place chosen on the map' });
    return { user, marker, list };
  }

  test('Close gives the focus back to the marker that opened it', async () => {
    const { user, marker, list } = await chooseOnMap();
    await user.click(within(list).getByRole('button', { name: 'Close' }));
    expect(list.isConnected).toBe(false);
    expect(document.activeElement).toBe(marker);
  });

  test('Escape closes it, from the list or from the map, and the focus goes back to the marker', async () => {
    const { user, marker, list } = await chooseOnMap();
    within(list).getByRole('button', { name: 'Close' }).focus();
    await user.keyboard('{Escape}');
    expect(list.isConnected).toBe(false);
    expect(document.activeElement).toBe(marker);

    const listener = createSearchMap.mock.calls[0]?.[3] as unknown as { choose(indices: number[]): void };
    act(() => listener.choose([0]));
    const again = screen.getByRole('region', { name: 'Donations at the place chosen on the map' });
    await user.keyboard('{Escape}');
    expect(again.isConnected).toBe(false);
  });

  test('with the marker gone (the map redrew), Close gives the focus to the map, not the page', async () => {
    const { user, marker, list } = await chooseOnMap();
    marker.remove();
    await user.click(within(list).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(map());
  });

  test('Escape elsewhere in the page leaves it open', async () => {
    const { user, list } = await chooseOnMap();
    screen.getByLabelText('Zip code').focus();
    await user.keyboard('{Escape}');
    expect(list.isConnected).toBe(true);
  });
});

describe('racing searches', () => {
  test('when the first search is answered last, only the second one shows', async () => {
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    /** Whether the island had cancelled the first request by the time its answer left the server. */
    const firstCancelled = new Promise<boolean>((resolve) => {
      server.use(
        http.get(SEARCH_ROUTE, async ({ params, request }) => {
          if (params.zipcode === '10001') {
            await firstHeld;
            resolve(request.signal.aborted);
          }
          return HttpResponse.json(searchBody(String(params.zipcode), [item(1, String(params.zipcode))]));
        }),
      );
    });
    const { search, releases } = renderSearch();
    await search('10001');
    await search('10002');
    await screen.findByText(/Found/);
    releaseFirst();
    // A cancelled request's answer never reaches the island, so nothing below can change after this.
    expect(await firstCancelled).toBe(true);
    expect(document.getElementById('display_zipcode')).toHaveTextContent('10002');
    expect(tableRows()).toEqual([['1', 'Donation 1', '10002', 'March 2, 2025 10:00 am']]);
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(drawnPictures().map((picture) => picture.centerTitle)).toEqual(['Searched zip code 10002']);
    expect(releases).toHaveBeenCalledTimes(1);
  });
});
