import { useEffect, useLayoutEffect, useRef } from 'react';
import { fieldOf, formDefault, queryOf, showQuery } from '../form/search-form.ts';
import { FIVE_DIGITS } from './answer-rules.js';
import type { SearchQuery } from './donation.ts';
import { addressWith, type FieldNames, queryInAddress, sameQuery } from './search-address.ts';
import type { SearchState } from './search-state.ts';
import type { FirstSearch } from './use-donor-search.ts';

/** What the form submits for a field it has not been given (a link naming only a zip code). */
export function formDefaults(form: HTMLFormElement): SearchQuery {
  const chosen = (key: 'radius' | 'days') => {
    const field = fieldOf(form, key);
    return field instanceof HTMLSelectElement ? formDefault(field) : (field?.defaultValue ?? '');
  };
  return { zipcode: '', radius: chosen('radius'), days: chosen('days') };
}

/** The search the page's address holds for the copy whose fields are `names`. */
export const addressQuery = (form: HTMLFormElement, names: FieldNames): SearchQuery | undefined =>
  queryInAddress(location.href, names, formDefaults(form));

/**
 * Puts `query` in the page's address as a new history entry, unless the address holds it already or its
 * zip code cannot be one: the page refuses that search itself (its line says why), and a link or Back to
 * it would only show the refusal again.
 */
export function recordSearch(names: FieldNames, query: SearchQuery, form: HTMLFormElement): void {
  if (!FIVE_DIGITS.test(query.zipcode) || sameQuery(addressQuery(form, names), query)) return;
  history.pushState(null, '', addressWith(location.href, names, query));
}

/**
 * Keeps the search and the page's address in step (docs/how-it-works.md#a-search-in-the-address): a
 * submit runs the search and, once its request has left, puts it in the address as a new history
 * entry (the other parameters stay), as it does for a search submitted before the code arrived
 * (`first`); Back and Forward show the search of the entry they reach (form, results and map; at once when it
 * was answered before), or the empty form on the entry before any search. A copy reads and writes only
 * its own parameters, so two copies on a page keep their searches apart.
 */
export function useSearchAddress(
  form: HTMLFormElement,
  names: FieldNames,
  state: SearchState,
  search: (query: SearchQuery) => void,
  show: (query: SearchQuery | undefined) => void,
  first?: FirstSearch,
): void {
  const shown = useRef<SearchQuery | undefined>(undefined);
  shown.current = state.status === 'idle' ? undefined : state.query;
  // A layout effect, so that the form is listened to before the browser can deliver another submit.
  useLayoutEffect(() => {
    const submit = (event: Event) => {
      event.preventDefault();
      const query = queryOf(new FormData(form), names);
      // A ZIP+4 is searched as its five digits: the field says so too, as the results will.
      const zipcode = fieldOf(form, 'zipcode');
      if (zipcode && FIVE_DIGITS.test(query.zipcode) && zipcode.value.trim() !== query.zipcode)
        zipcode.value = query.zipcode;
      // The request leaves first (search() sends it before it returns); the address follows.
      search(query);
      recordSearch(names, query, form);
    };
    form.addEventListener('submit', submit);
    return () => form.removeEventListener('submit', submit);
  }, [form, names, search]);
  // A held submit goes into the address once useDonorSearch's effect, which runs first (its hook
  // comes first in the component), has sent its request.
  const firstOnce = useRef(first);
  useEffect(() => {
    const start = firstOnce.current;
    firstOnce.current = undefined;
    if (start?.submitted) recordSearch(names, start.query, form);
  }, [form, names]);
  useEffect(() => {
    const travel = () => {
      const query = addressQuery(form, names);
      if (sameQuery(query, shown.current)) return;
      if (query) showQuery(form, query);
      else form.reset();
      show(query);
    };
    window.addEventListener('popstate', travel);
    return () => window.removeEventListener('popstate', travel);
  }, [form, names, show]);
}
