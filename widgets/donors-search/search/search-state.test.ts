import type { SearchQuery, SearchResults } from './donation.ts';
import { initialSearchState, type SearchAction, type SearchState, searchReducer } from './search-state.ts';

const query = (zipcode: string): SearchQuery => ({ zipcode, radius: '15', days: '30' });
const results: SearchResults = { center: { lat: 1, lng: 2 }, donations: [], countsByZip: new Map() };
const working = (requestId: number): SearchState => ({
  status: 'working',
  requestId,
  query: query(`1000${requestId}`),
});
const errored: SearchState = { status: 'error', requestId: 1, query: query('10001'), messages: ['Bad.'] };
const found: SearchState = { status: 'results', requestId: 1, query: query('10001'), results };

describe('searchReducer', () => {
  test.each<[string, SearchState, SearchAction, SearchState]>([
    [
      'idle → working on submit',
      initialSearchState,
      { type: 'submit', requestId: 1, query: query('10001') },
      working(1),
    ],
    [
      'working → results on its answer',
      working(1),
      { type: 'succeed', requestId: 1, results },
      { ...working(1), status: 'results', results } as SearchState,
    ],
    [
      'working → error on its errors',
      working(1),
      { type: 'fail', requestId: 1, messages: ['Bad.'] },
      { ...working(1), status: 'error', messages: ['Bad.'] } as SearchState,
    ],
    [
      'error → working on a new submit',
      errored,
      { type: 'submit', requestId: 2, query: query('10002') },
      working(2),
    ],
    [
      'results → working on a new submit',
      found,
      { type: 'submit', requestId: 2, query: query('10002') },
      working(2),
    ],
    [
      'working → working on a newer submit',
      working(1),
      { type: 'submit', requestId: 2, query: query('10002') },
      working(2),
    ],
  ])('%s', (_name, state, action, next) => {
    expect(searchReducer(state, action)).toEqual(next);
  });

  test.each<[string, SearchState, SearchAction]>([
    [
      'an old search’s results while a newer one runs',
      working(2),
      { type: 'succeed', requestId: 1, results },
    ],
    [
      'an old search’s errors while a newer one runs',
      working(2),
      { type: 'fail', requestId: 1, messages: ['Late.'] },
    ],
    [
      'a second answer to a search that has ended',
      found,
      { type: 'fail', requestId: 1, messages: ['Late.'] },
    ],
    ['an answer before any search', initialSearchState, { type: 'succeed', requestId: 0, results }],
    ['a submit that is not newer', working(2), { type: 'submit', requestId: 2, query: query('99999') }],
  ])('ignores %s', (_name, state, action) => {
    expect(searchReducer(state, action)).toBe(state);
  });
});
