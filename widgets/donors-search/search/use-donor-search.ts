import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { IslandContext } from '../../../src/shared/island.ts';
import { restClient } from '../../../src/shared/rest-client.ts';
import { RestError } from '../../../src/shared/rest-error.ts';
import { releaseSubmitLock } from '../../../src/shared/submit-lock-signal.ts';
import { preloadMapChunks } from '../map/map-chunks.ts';
import { parseSearchConfig } from '../map/search-config.ts';
import type { SearchQuery } from './donation.ts';
import { searchDonations } from './search-request.ts';
import { initialSearchState, type SearchState, searchReducer } from './search-state.ts';
import {
  failureAdvice,
  failureMessage,
  isSetupProblem,
  SEARCH_TEXT_DEFAULTS,
  type SearchTexts,
} from './status-text.ts';

const startWith = (held: SearchQuery | undefined): SearchState =>
  held
    ? searchReducer(initialSearchState, { type: 'submit', requestId: 1, query: held })
    : initialSearchState;

/**
 * Runs searches for the component. A search `held` before the code arrived is the state to start from
 * (working, so the first render shows what the loader showed) and is sent once mounted. A new search
 * aborts the one in flight, and the reducer ignores any answer but the newest, so a slow old answer can never overwrite a newer search. Every search that
 * ends (results, errors, any failure) releases the page's submit lock; one that is superseded leaves
 * that to its successor, and one cut short by the island's removal releases it on the way out.
 */
export function useDonorSearch(
  ctx: IslandContext,
  texts: SearchTexts = SEARCH_TEXT_DEFAULTS,
  held?: SearchQuery,
): {
  state: SearchState;
  search: (query: SearchQuery) => void;
} {
  const [state, dispatch] = useReducer(searchReducer, held, startWith);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const lastId = useRef(held ? 1 : 0);

  const search = useCallback(
    async (query: SearchQuery) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const requestId = ++lastId.current;
      dispatch({ type: 'submit', requestId, query });
      preloadMapChunks(ctx.section(parseSearchConfig).maps);
      const options = {
        client: ctx.section(restClient),
        signal: controller.signal,
        texts: {
          empty: texts.emptyAnswer,
          notAnObject: texts.unreadableAnswer,
          errorWithoutMessage: texts.errorWithoutMessage,
          noCoordinates: texts.noCoordinates,
          noDonations: texts.noDonations,
        },
      };
      try {
        const decoded = await searchDonations(query, options);
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

  const heldOnce = useRef(held);
  useEffect(() => {
    if (heldOnce.current) search(heldOnce.current);
    heldOnce.current = undefined;
  }, [search]);

  useEffect(() => {
    return () => {
      if (!inFlight.current) return;
      inFlight.current.abort();
      inFlight.current = undefined;
      releaseSubmitLock();
    };
  }, []);

  return { state, search };
}
