import type { SearchQuery } from './donation.ts';
import { searchedZip } from './searched-zip.js';

/** The names a copy's fields, and so its search in the page's address, go by: its ids (search-ids.ts). */
export interface FieldNames {
  zipcode: string;
  radius: string;
  days: string;
}

/**
 * The search `names` hold in `url`'s query, each value trimmed and otherwise as it is (the route
 * validates them, as it does a typed search; a ZIP+4 is its five-digit zip); undefined when the address holds no zip code for this copy.
 * A link that names only a zip code takes `fallback`'s radius and days, as the form would submit them.
 */
export function queryInAddress(
  url: string,
  names: FieldNames,
  fallback: SearchQuery,
): SearchQuery | undefined {
  const params = new URL(url).searchParams;
  const zipcode = params.get(names.zipcode);
  if (zipcode === null) return undefined;
  const value = (name: string, otherwise: string) => params.get(name)?.trim() ?? otherwise;
  return {
    zipcode: searchedZip(zipcode.trim()),
    radius: value(names.radius, fallback.radius),
    days: value(names.days, fallback.days),
  };
}

/** `url` with `query` in its address under `names`; every other parameter and the fragment stay. */
export function addressWith(url: string, names: FieldNames, query: SearchQuery): string {
  const next = new URL(url);
  for (const key of ['zipcode', 'radius', 'days'] as const) next.searchParams.set(names[key], query[key]);
  return next.href;
}

/** Whether two searches ask the same. */
export const sameQuery = (a: SearchQuery | undefined, b: SearchQuery | undefined): boolean =>
  a === b || (!!a && !!b && a.zipcode === b.zipcode && a.radius === b.radius && a.days === b.days);
