import type { SearchQuery, SearchResults } from './donation.ts';

/**
 * The search's four states: idle, working, error and results (see docs/how-it-works.md#a-search). Every state
 * after the first carries the id of the search it belongs to, so that an answer can be matched to the search
 * that asked for it.
 */
export type SearchState =
  | { status: 'idle'; requestId: number }
  | { status: 'working'; requestId: number; query: SearchQuery }
  | {
      status: 'error';
      requestId: number;
      query: SearchQuery;
      messages: readonly string[];
      /** Advice other than the default "Please try another search." (see failure-rules.ts). */
      advice?: string;
    }
  | { status: 'results'; requestId: number; query: SearchQuery; results: SearchResults };

export type SearchAction =
  | { type: 'submit'; requestId: number; query: SearchQuery }
  | { type: 'succeed'; requestId: number; results: SearchResults }
  | { type: 'fail'; requestId: number; messages: readonly string[]; advice?: string }
  /** Back or Forward to a search whose results are known, or to the page without one (`results` absent). */
  | { type: 'show'; requestId: number; query?: SearchQuery; results?: SearchResults };

export const initialSearchState: SearchState = { status: 'idle', requestId: 0 };

/**
 * The search state machine: idle → working on submit; working → results or error on its own answer;
 * results/error → working on the next submit; any state → results or idle at once when the visitor
 * goes Back or Forward to a search already answered, or to the page before any search. An answer for
 * any other search than the newest (a slow old request) is ignored, as is a submit or a show whose id
 * is not newer than the current one.
 */
export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  if (action.requestId <= state.requestId && action.type !== 'succeed' && action.type !== 'fail')
    return state;
  if (action.type === 'submit')
    return { status: 'working', requestId: action.requestId, query: action.query };
  if (action.type === 'show') {
    const { requestId, query, results } = action;
    return query && results
      ? { status: 'results', requestId, query, results }
      : { status: 'idle', requestId };
  }
  if (state.status !== 'working' || action.requestId !== state.requestId) return state;
  if (action.type === 'succeed') return { ...state, status: 'results', results: action.results };
  return { ...state, status: 'error', messages: action.messages, advice: action.advice };
}
