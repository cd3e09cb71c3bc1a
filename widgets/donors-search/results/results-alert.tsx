import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { pluralText } from '../../../src/shared/plural.ts';
import { templateParts } from '../../../src/shared/translated-texts.ts';
import type { SearchState } from '../search/search-state.ts';
import type { SearchIds } from '../search-ids.ts';
import { useSearchWords } from '../search-words.ts';

/**
 * The results alert (`.alert-donors`), hidden except in the results state. It sits in the page's own
 * live region (`.donors-results-status`, see live-regions.ts), rendered into and never replaced, so
 * that showing it announces the sentence. The sentence is the site's translation for the count; each
 * value sits in its own element (`#display_count`, …), as text, the count in the site's numbers. With
 * nothing found, a second line says how to find some (a larger radius, more days), and the alert's
 * tone is neutral (`alert-info` for `alert-success`): finding nothing is no success.
 */
export function ResultsAlert({
  ids,
  state,
  region,
  className = 'alert-donors alert alert-success',
  Value = 'span',
}: {
  ids: SearchIds;
  state: SearchState;
  region: HTMLElement;
  /** The alert's classes: the island's, or those Donation Manager printed on its own alert. */
  className?: string;
  /** The element each value sits in: Donation Manager's markup has `<code>`. */
  Value?: 'span' | 'code';
}) {
  const { texts, locale, numbers } = useSearchWords();
  const results = state.status === 'results' ? state : undefined;
  const count = results?.results.donations.length ?? 0;
  let sentence: ReactNode[] = [];
  if (results) {
    const values: Record<string, [string, string]> = {
      count: [ids.count, numbers.format(count)],
      radius: [ids.radiusShown, results.query.radius],
      zipcode: [ids.zipcodeShown, results.query.zipcode],
      days: [ids.daysShown, results.query.days],
    };
    sentence = templateParts(pluralText(texts.found, count, locale)).map((part) => {
      if (typeof part === 'string') return part;
      const [id, value] = values[part.name] as [string, string];
      return (
        <Value key={part.name} id={id}>
          {value}
        </Value>
      );
    });
  }
  const classes = results && count === 0 ? className.replace(/\balert-success\b/, 'alert-info') : className;
  return createPortal(
    <div className={classes} hidden={!results}>
      {results && <p>{sentence}</p>}
      {results && count === 0 && <p className="donors-none-found">{texts.noneFound}</p>}
    </div>,
    region,
  );
}
