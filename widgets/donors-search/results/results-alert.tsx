import type { ReactNode } from 'react';
import { pluralText } from '../../../src/shared/plural.ts';
import { templateParts } from '../../../src/shared/texts.ts';
import type { SearchState } from '../search/search-state.ts';
import type { SearchIds } from '../search-ids.ts';
import { useSearchWords } from '../search-texts.ts';

/**
 * The results alert (`.alert-donors`), hidden except in the results state. It sits in a live region
 * of its own that stays in the page, so that showing it announces the sentence. The sentence is the
 * site's translation for the count; each value sits in its own element (`#display_count`, …), as text.
 */
export function ResultsAlert({ ids, state }: { ids: SearchIds; state: SearchState }) {
  const { texts, locale } = useSearchWords();
  const results = state.status === 'results' ? state : undefined;
  const count = results?.results.donations.length ?? 0;
  let sentence: ReactNode[] = [];
  if (results) {
    const values: Record<string, [string, string | number]> = {
      count: [ids.count, count],
      radius: [ids.radiusShown, results.query.radius],
      zipcode: [ids.zipcodeShown, results.query.zipcode],
      days: [ids.daysShown, results.query.days],
    };
    sentence = templateParts(pluralText(texts.found, count, locale)).map((part) => {
      if (typeof part === 'string') return part;
      const [id, value] = values[part.name] as [string, string | number];
      return (
        <span key={part.name} id={id}>
          {value}
        </span>
      );
    });
  }
  return (
    <div className="donors-results-status" role="status">
      <div className="alert-donors alert alert-success" hidden={!results}>
        {results && <p>{sentence}</p>}
      </div>
    </div>
  );
}
