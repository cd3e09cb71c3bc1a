import { type FieldNames, queryInAddress } from '../search/search-address.ts';
import type { SearchOptions } from './host-options.ts';

/**
 * The host's options with the search the page's address holds for this copy (`names`) as the form's
 * starting values: a page opened from a link, a reload or a submit without JavaScript printed that
 * search in its form, and the island keeps showing it, so the next search asks what the visitor sees.
 * The host's `data-zipcode`, `data-radius` and `data-days` start only what the address leaves out; a
 * radius or days the choices lack leaves the host's, as the form cannot show it.
 */
export function startingValues(options: SearchOptions, names: FieldNames, url: string): SearchOptions {
  const query = queryInAddress(url, names, { zipcode: '', radius: options.radius, days: options.days });
  if (!query) return options;
  return {
    ...options,
    zipcode: query.zipcode,
    radius: options.radiusOptions.includes(query.radius) ? query.radius : options.radius,
    days: options.daysOptions.includes(query.days) ? query.days : options.days,
  };
}
