import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { IslandContext } from '../../../src/shared/island.ts';
import { restClient } from '../../../src/shared/rest-client.ts';
import { RestError } from '../../../src/shared/rest-error.ts';
import { releaseSubmitLock } from '../../../src/shared/submit-lock-signal.ts';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import { preloadMapChunks } from '../map/map-chunks.ts';
import { parseSearchConfig } from '../map/search-config.ts';
import type { SearchTexts } from '../search-words.ts';
import type { SearchQuery, SearchResults } from './donation.ts';
import { decodeTexts, failureAdvice, failureMessage, isSetupProblem, wrongZip } from './failure-rules.ts';
import { sameQuery } from './search-address.ts';
import { searchDonations } from './search-request.ts';
import { initialSearchState, type SearchState, searchReducer } from './search-state.ts';

/**
 * Where a search's life on the page starts: a search to send at once (one held before the code
 * arrived, `submitted`, or one in the page's address), or the state the page printed for its address
 * (no request).
 */
export type FirstSearch = { query: SearchQuery; state?: SearchState; submitted?: boolean } | undefined;

const startWith = (first: FirstSearch): SearchState =>
  first?.state ??
  (first
    ? searchReducer(initialSearchState, { type: 'submit', requestId: 1, query: first.query })
    : initialSearchState);

/** Answers kept for Back and Forward: a few searches' worth, the oldest dropped first. */
const KEPT_ANSWERS = 10;

/**
 * Runs searches for the component. `first` is the state to start from: a search held before the code
 * arrived or named by the address starts working (the first render shows what the loader showed) and
 * is sent once mounted; an answer the page printed is shown as it is, with no request. A new search
 * aborts the one in flight, and the reducer ignores any answer but the newest, so a slow old answer
 * can never overwrite a newer search. Every search that ends (results, errors, any failure) releases
 * the page's submit lock; one that is superseded leaves that to its successor, and one cut short by
 * the island's removal releases it on the way out. A zip code that cannot be one (not five digits) is
 * answered at once, with the words the route's 404 would get, and never sent. `show` goes to a search again (Back, Forward):
 * at once, from the answers kept, when it was answered before; else it is asked again.
 */
export function useDonorSearch(
  ctx: IslandContext,
  texts: SearchTexts = SEARCH_TEXT_DEFAULTS,
  first?: FirstSearch,
): {
  state: SearchState;
  search: (query: SearchQuery) => void;
  show: (query: SearchQuery | undefined) => void;
} {
  const [state, dispatch] = useReducer(searchReducer, first, startWith);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const lastId = useRef(state.requestId);
  const kept = useRef<{ query: SearchQuery; results: SearchResults }[]>([]);
  const keep = useCallback((query: SearchQuery, results: SearchResults) => {
    const answers = kept.current.filter((answer) => !sameQuery(answer.query, query));
    kept.current = [...answers, { query, results }].slice(-KEPT_ANSWERS);
  }, []);
  if (state.status === 'results' && !kept.current.some((answer) => answer.results === state.results))
    keep(state.query, state.results);

  const search = useCallback(
    async (query: SearchQuery) => {
      inFlight.current?.abort();
      inFlight.current = undefined;
      const requestId = ++lastId.current;
      const wrong = wrongZip(query.zipcode, texts);
      if (wrong) {
        dispatch({ type: 'submit', requestId, query });
        dispatch({ type: 'fail', requestId, messages: [wrong.message], advice: wrong.advice });
        // The lock takes the buttons after the form's own submit handlers, this search among them: it
        // is released once that submit has run its course.
        setTimeout(releaseSubmitLock);
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      // The request leaves first: searchDonations calls fetch before it returns. What the search
      // starts besides (its 'Working...', the map's code) waits until the request is on its way.
      const answer = searchDonations(query, {
        client: ctx.section(restClient),
        signal: controller.signal,
        texts: decodeTexts(texts),
      });
      dispatch({ type: 'submit', requestId, query });
      preloadMapChunks(ctx.section(parseSearchConfig).maps);
      try {
        const decoded = await answer;
        if (controller.signal.aborted) return;
        if (decoded.ok) dispatch({ type: 'succeed', requestId, results: decoded.results });
        else dispatch({ type: 'fail', requestId, messages: decoded.messages });
      } catch (error) {
        if (controller.signal.aborted) return;
        // A RestError is a failure the client expected; anything else is a bug worth reporting.
        if (!(error instanceof RestError) || isSetupProblem(error, query)) ctx.report(error);
        dispatch({
          type: 'fail',
          requestId,
          messages: [failureMessage(error, query, texts)],
          advice: failureAdvice(error, query, texts),
        });
      }
      inFlight.current = undefined;
      releaseSubmitLock();
    },
    [ctx, texts],
  );

  const show = useCallback(
    (query: SearchQuery | undefined) => {
      const answer = query && kept.current.find((known) => sameQuery(known.query, query));
      if (query && !answer) return void search(query);
      if (inFlight.current) {
        inFlight.current.abort();
        inFlight.current = undefined;
        releaseSubmitLock();
      }
      dispatch({ type: 'show', requestId: ++lastId.current, query, results: answer?.results });
    },
    [search],
  );

  const firstOnce = useRef(first);
  useEffect(() => {
    const start = firstOnce.current;
    firstOnce.current = undefined;
    if (start && !start.state) search(start.query);
  }, [search]);

  useEffect(() => {
    return () => {
      if (!inFlight.current) return;
      inFlight.current.abort();
      inFlight.current = undefined;
      releaseSubmitLock();
    };
  }, []);

  return { state, search, show };
}
