import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import { printedAnswer, stateOfAnswer } from './printed-search.ts';

const query = { zipcode: '10001', radius: '15', days: '30' };
const body = {
  coordinates: { lat: 40.75, lng: -73.99 },
  donations_by_zipcode: { 10001: 1 },
  data: {
    donations: [
      { number: 7, title: 'Sofa', zipcode: '10001', date: '2026-11-03 14:05:00', coordinates: false },
    ],
  },
};

describe('an answer the page printed', () => {
  test('is read from the host’s JSON, and ignored when it cannot be read', () => {
    const host = document.createElement('div');
    host.innerHTML = `<script type="application/json" class="donors-search-answer">${JSON.stringify({ query, status: 200, body })}</script>`;
    expect(printedAnswer(host)).toEqual({ query, status: 200, body });
    host.innerHTML = '<script type="application/json" class="donors-search-answer">{"query":</script>';
    expect(printedAnswer(host)).toBeUndefined();
  });

  test('shows its results at once, as an answer to a request would', () => {
    const state = stateOfAnswer({ query, status: 200, body }, SEARCH_TEXT_DEFAULTS);
    expect(state.status).toBe('results');
    expect(state.status === 'results' && state.results.donations.map((d) => d.title)).toEqual(['Sofa']);
  });

  test('shows the route’s errors and failures in the island’s words', () => {
    const errors = stateOfAnswer(
      { query, status: 200, body: { errors: { zipcode: ['Unknown zip.'] } } },
      SEARCH_TEXT_DEFAULTS,
    );
    expect(errors).toMatchObject({ status: 'error', messages: ['Unknown zip.'] });
    const noRoute = stateOfAnswer(
      {
        query: { ...query, zipcode: '1234' },
        status: 404,
        body: { code: 'rest_no_route', message: 'No route' },
      },
      SEARCH_TEXT_DEFAULTS,
    );
    expect(noRoute).toMatchObject({ status: 'error', messages: [SEARCH_TEXT_DEFAULTS.zipHint] });
    const proxy = stateOfAnswer({ query, status: 502, body: null }, SEARCH_TEXT_DEFAULTS);
    expect(proxy).toMatchObject({
      status: 'error',
      messages: ['The server answered with an error (HTTP 502).'],
    });
  });

  test('an answer the page could not read as JSON shows the line a request’s unreadable answer shows', () => {
    const host = document.createElement('div');
    host.innerHTML = `<script type="application/json" class="donors-search-answer">${JSON.stringify({ query, status: 200, body: null, error: 'invalid_json' })}</script>`;
    const answer = printedAnswer(host);
    expect(answer).toEqual({ query, status: 200, body: null, error: 'invalid_json' });
    expect(stateOfAnswer(answer as NonNullable<typeof answer>, SEARCH_TEXT_DEFAULTS)).toMatchObject({
      status: 'error',
      messages: [SEARCH_TEXT_DEFAULTS.unreadableAnswer],
      advice: SEARCH_TEXT_DEFAULTS.tryAnotherSearch,
    });
  });

  test('a route that threw reads as the server’s error, in the island’s words', () => {
    const thrown = stateOfAnswer(
      {
        query,
        status: 500,
        body: { code: 'internal_server_error', message: 'There has been a critical error on this website.' },
      },
      SEARCH_TEXT_DEFAULTS,
    );
    expect(thrown).toMatchObject({ status: 'error', messages: [SEARCH_TEXT_DEFAULTS.serverError] });
  });
});
