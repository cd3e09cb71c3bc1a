import { idForCopy, placeInTree } from '../../src/shared/copy-numbers.js';
import { SEARCH_MARKUP } from '../donation-manager-search-markup.js';

/** The ids of one donors search's elements, given to every component that renders one of them. */
export interface SearchIds {
  form: string;
  zipcode: string;
  /** The status area's line that says what is wrong with the zip code, which the field points to. */
  zipcodeError: string;
  radius: string;
  days: string;
  count: string;
  zipcodeShown: string;
  radiusShown: string;
  daysShown: string;
  table: string;
  map: string;
}

/**
 * The first search's ids: Donation Manager's markup's, which the first search on a page keeps so that a
 * site's CSS still applies, and the island's own line for a zip code that cannot be one.
 */
export const FIRST_COPY_IDS: SearchIds = {
  ...SEARCH_MARKUP.ids,
  zipcodeError: 'zipcode-error',
};

/** The ids of the `copy`th search of a page (1 = the first, which keeps the original ids). */
export function idsForCopy(copy: number): SearchIds {
  if (copy === 1) return FIRST_COPY_IDS;
  const ids = { ...FIRST_COPY_IDS };
  for (const key of Object.keys(ids) as (keyof SearchIds)[]) ids[key] = idForCopy(FIRST_COPY_IDS[key], copy);
  return ids;
}

const HOST = '[data-island="donors-search"]';
/** Copy numbers held by mounted searches, per tree (a document or a shadow root: ids are unique per tree). */
const claimed = new WeakMap<Node, Set<number>>();

/**
 * Claims ids for the search mounted on `host`: its place among the searches of its tree, in document
 * order (so the same page always gives the same ids, whatever order the copies mount in), or, when a
 * mounted copy already holds that number (a search inserted above it later), the lowest free one.
 * The returned release gives the number back when the search is disposed.
 */
export function claimSearchIds(host: Element): { ids: SearchIds; release: () => void } {
  const tree = host.getRootNode();
  const taken = claimed.get(tree) ?? new Set<number>();
  claimed.set(tree, taken);
  let copy = placeInTree(host, HOST);
  if (taken.has(copy)) for (copy = 1; taken.has(copy); ) copy++;
  taken.add(copy);
  return { ids: idsForCopy(copy), release: () => taken.delete(copy) };
}
