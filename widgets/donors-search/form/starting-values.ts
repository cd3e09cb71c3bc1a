import type { SearchQuery } from '../search/donation.ts';
import { type FieldNames, queryInAddress } from '../search/search-address.ts';
import type { SearchOptions } from './host-options.ts';

/** The host's options, and the search the form shows at first when the page's address holds one. */
export type StartingOptions = SearchOptions & { start?: SearchQuery };

/**
 * The host's options with the search the page's address holds for this copy (`names`) as what the form
 * shows at first: a page opened from a link, a reload or a submit without JavaScript printed that
 * search in its form, and the island keeps showing it, so the next search asks what the visitor sees.
 * The host's `data-zipcode`, `data-radius` and `data-days` stay the form's defaults (what a reset and a
 * link naming only a zip code take), and start only what the address leaves out.
 */
export function startingValues(options: SearchOptions, names: FieldNames, url: string): StartingOptions {
  const start = queryInAddress(url, names, { zipcode: '', radius: options.radius, days: options.days });
  return start ? { ...options, start } : options;
}
