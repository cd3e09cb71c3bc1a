import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createTestContext } from '../../test/island-context.ts';
import {
  printSearchHost,
  renderSearch,
  statusLines,
} from '../../test/support/donors-search/render-search.tsx';
import { searchHandler } from '../../test/support/donors-search/search-answers.ts';
import { mount } from './index.tsx';
import { cellOf, encodeCell } from './locate/zip-cells.js';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

const FOLDER = 'http://localhost:3000/dist/zip-centroids/0123abcd/';
const LOOP = { latitude: 41.8819, longitude: -87.6278 };
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
/** The file the Loop's position is looked up in, named by the lookup's own grid. */
const LOOP_FILE = `${cellOf(LOOP.latitude, LOOP.longitude)}.json`;

const asked: string[] = [];
const server = setupServer(
  searchHandler(),
  http.get(`${FOLDER}:file`, ({ params }) =>
    params.file === LOOP_FILE
      ? HttpResponse.json(encodeCell([{ zip: '60603', lat: 41.8798, lng: -87.6285 }]))
      : new HttpResponse(null, { status: 404 }),
  ),
);
server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The browser's answer to the next position asked for: a place, an error code, or one given later. */
let answer: (success: PositionCallback, failure: PositionErrorCallback) => void;
const at = (coords: { latitude: number; longitude: number }) => (success: PositionCallback) =>
  queueMicrotask(() => success({ coords } as GeolocationPosition));
const refused = (_success: PositionCallback, failure: PositionErrorCallback) =>
  queueMicrotask(() => failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));
const asks = vi.fn();

beforeEach(() => {
  asked.length = 0;
  asks.mockClear();
  answer = at(LOOP);
  // jsdom is no secure context and has no geolocation: this page has both.
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback) => {
        asks();
        answer(success, failure);
      },
    },
  });
  vi.stubGlobal('__ZIP_CENTROID_FOLDER__', FOLDER);
  vi.stubGlobal(
    '__ZIP_CENTROID_CELLS__',
    `${LOOP_FILE.replace('.json', '')},${cellOf(LOOP.latitude + 3, LOOP.longitude)}`,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

/** Waits for the results alert to say `text`. */
const found = (text: string) =>
  waitFor(() => expect(document.querySelector('.alert-donors')).toHaveTextContent(text));
const locateButton = () => screen.getByRole('button', { name: 'Use my location' });
const searches = () => asked.filter((path) => path.startsWith('/wp-json/donations/v1/search/'));

test('offers "Use my location" at the end of the zip code field, and asks for nothing before a press', () => {
  renderSearch();
  const button = locateButton();
  expect(button).toHaveAttribute('type', 'button');
  expect(button.previousElementSibling).toBe(screen.getByLabelText('Zip code'));
  expect(button.parentElement).toHaveClass('donors-search-field', 'donors-search-field-locate');
  expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(asks).not.toHaveBeenCalled();
});

test.each([
  ['the host turns it off', () => renderSearch({}, { attributes: { 'data-locate': 'off' } })],
  [
    'the page is no secure context',
    () => {
      vi.stubGlobal('isSecureContext', false);
      return renderSearch();
    },
  ],
  [
    'the browser has no geolocation',
    () => {
      Reflect.deleteProperty(navigator, 'geolocation');
      return renderSearch();
    },
  ],
])('offers no button where %s', (_, render) => {
  const { host } = render();
  expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
  expect(host.querySelector('.donors-search-field-locate')).toBeNull();
});

test('a press says it is finding the position, puts the nearest zip code in the field and searches it', async () => {
  let tell = () => {};
  answer = (success) => {
    tell = () => success({ coords: LOOP } as GeolocationPosition);
  };
  const { user } = renderSearch();
  await user.click(locateButton());
  expect(statusLines()).toEqual(['Finding your location...']);
  // Asked once the lookup's code has arrived.
  await waitFor(() => expect(asks).toHaveBeenCalledTimes(1));
  expect(document.querySelector('.alert-before')).toHaveClass('alert', 'alert-info');
  expect(locateButton()).toHaveAttribute('aria-disabled', 'true');
  // A second press while it works starts nothing more.
  await user.click(locateButton());
  expect(asks).toHaveBeenCalledTimes(1);
  act(() => tell());
  await found('Found 2 donations within 15 miles of 60603');
  expect(screen.getByLabelText('Zip code')).toHaveValue('60603');
  expect(new URL(location.href).searchParams.get('zipcode')).toBe('60603');
  expect(asked).toEqual([
    `/dist/zip-centroids/0123abcd/${LOOP_FILE}`,
    '/wp-json/donations/v1/search/60603/15/30',
  ]);
  expect(locateButton()).not.toHaveAttribute('aria-disabled');
  expect(document.activeElement).toBe(locateButton());
});

test.each([
  ['refused', refused, 'ERROR: Your location was not shared. Please enter your zip code.', []],
  [
    'in London',
    at(LONDON),
    'ERROR: There is no US zip code near your location. Please enter your zip code.',
    [],
  ],
  [
    'not found by the browser',
    (_: PositionCallback, failure: PositionErrorCallback) =>
      queueMicrotask(() => failure({ code: 2 } as GeolocationPositionError)),
    'ERROR: Your location could not be found. Please enter your zip code.',
    [],
  ],
])(
  'a position %s ends with a line in the status area, no search, the button usable and focused',
  async (_, given, line, files) => {
    answer = given;
    const { user, ctx } = renderSearch();
    await user.click(locateButton());
    await waitFor(() => expect(statusLines()).toEqual([line]));
    expect(document.querySelector('.alert-before')).toHaveClass('alert', 'alert-danger');
    expect(asked).toEqual(files);
    expect(searches()).toEqual([]);
    expect(screen.getByLabelText('Zip code')).toHaveValue('');
    expect(locateButton()).not.toHaveAttribute('aria-disabled');
    expect(document.activeElement).toBe(locateButton());
    expect(ctx.reported).toEqual([]);
    // The next search's own status replaces the line.
    answer = at(LOOP);
    await user.click(locateButton());
    await found('Found 2 donations within 15 miles of 60603');
    expect(statusLines()).toEqual([]);
  },
);

test('a lookup file the site lacks is told as the zip codes not loading, and reported in the console', async () => {
  server.use(http.get(`${FOLDER}:file`, () => new HttpResponse(null, { status: 404 })));
  const { user, ctx } = renderSearch();
  await user.click(locateButton());
  await waitFor(() =>
    expect(statusLines()).toEqual(['ERROR: The zip codes could not be loaded. Please enter your zip code.']),
  );
  expect(String(ctx.reported[0])).toContain(`${LOOP_FILE} answered HTTP 404`);
  expect(searches()).toEqual([]);
});

test('a search the visitor submits while a press works ends the press: its late position changes nothing', async () => {
  let tell = () => {};
  answer = (success) => {
    tell = () => success({ coords: LOOP } as GeolocationPosition);
  };
  const { user, search } = renderSearch();
  await user.click(locateButton());
  await waitFor(() => expect(asks).toHaveBeenCalledTimes(1));
  await search('10001');
  await found('Found 2 donations within 15 miles of 10001');
  expect(locateButton()).not.toHaveAttribute('aria-disabled');
  // The press ended when the search started: the late answer finds nothing waiting for it.
  await act(async () => tell());
  expect(screen.getByLabelText('Zip code')).toHaveValue('10001');
  expect(searches()).toEqual(['/wp-json/donations/v1/search/10001/15/30']);
  expect(statusLines()).toEqual([]);
});

test('disposing the island takes its button out and gives the field its look back, a press under way given up', async () => {
  answer = () => {};
  const host = printSearchHost();
  let dispose = () => {};
  act(() => {
    dispose = mount(host, createTestContext('donors-search'));
  });
  await userEvent.click(locateButton());
  act(() => dispose());
  expect(host.querySelector('.donors-search-locate')).toBeNull();
  expect(host.querySelector('.donors-search-field-locate')).toBeNull();
  expect(statusLines()).toEqual([]);
});
