import type { SearchIds } from '../search-ids.ts';
import type { SearchState } from './search-state.ts';
import { formatError, WORKING_TEXT } from './status-text.ts';

/** The site's alert styles (Bootstrap's names), only while there is something to say. */
const TONE: Record<SearchState['status'], string> = {
  idle: '',
  working: ' alert alert-info',
  error: ' alert alert-danger',
  results: '',
};

/**
 * The status area (`.alert-before`, a polite live region that is always in the page so that every
 * change is announced): `Working...` while a search runs; after errors, each message in turn, one line
 * each in the order the server gave them, so the last one stays visible at the bottom and a screen
 * reader reads them all, in that order, as one announcement. Empty otherwise.
 */
export function StatusArea({ state }: { state: SearchState }) {
  return (
    <div className={`alert-before${TONE[state.status]}`} role="status">
      {state.status === 'working' && <p>{WORKING_TEXT}</p>}
      {state.status === 'error' &&
        // Messages may repeat; their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        state.messages.map((message, index) => <p key={index}>{formatError(message, state.advice)}</p>)}
    </div>
  );
}

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
