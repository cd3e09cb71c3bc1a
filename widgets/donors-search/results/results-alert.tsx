import type { SearchState } from '../search/search-state.ts';
import type { SearchIds } from '../search-ids.ts';

/**
 * The results alert (`.alert-donors`), hidden except in the results state. It sits in a live region
 * of its own that stays in the page, so that showing it announces the sentence.
 */
export function ResultsAlert({ ids, state }: { ids: SearchIds; state: SearchState }) {
  const results = state.status === 'results' ? state : undefined;
  const count = results?.results.donations.length ?? 0;
  return (
    <div className="donors-results-status" role="status">
      <div className="alert-donors alert alert-success" hidden={!results}>
        {results && (
          <p>
            Found <span id={ids.count}>{count}</span> {count === 1 ? 'donation' : 'donations'} within{' '}
            <span id={ids.radiusShown}>{results.query.radius}</span> miles of{' '}
            <span id={ids.zipcodeShown}>{results.query.zipcode}</span> in the last{' '}
            <span id={ids.daysShown}>{results.query.days}</span> days.
          </p>
        )}
      </div>
    </div>
  );
}
