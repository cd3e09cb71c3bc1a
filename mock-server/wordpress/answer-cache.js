/**
 * The search answers the demo keeps, as a site with the plugin keeps them: five minutes in memory,
 * keyed only by the zip, radius and days, and only for a zip the zip table knows with a radius and
 * days the search's form offers, so a visitor who types junk cannot fill it. Errors are not kept.
 */
import { readFileSync } from 'node:fs';
import { zipTable } from '../data/zip-table.js';

export const KEEP_MS = 5 * 60_000;

/** More searches than a demo sees in five minutes; past it the oldest kept answer goes first. */
const MAX_KEPT = 2000;

const MARKUP = readFileSync(new URL('../../widgets/donors-search/markup.html', import.meta.url), 'utf8');

/** @param {'radius' | 'days'} name the choices the demo's form offers, from its markup */
const offered = (name) =>
  new Set(new RegExp(`data-${name}-options="([^"]*)"`).exec(MARKUP)?.[1]?.split(',') ?? []);

const RADII = offered('radius');
const DAYS = offered('days');

/**
 * The key an answer is kept under, or undefined when the search is not one to keep.
 * @param {import('./search-response.js').SearchParams} params
 */
export function cacheKey({ zipcode, radius, days }) {
  if (zipTable.rowOf(zipcode) < 0 || !RADII.has(radius) || !DAYS.has(days)) return undefined;
  return `${zipcode}/${radius}/${days}`;
}

/**
 * @param {() => number} now
 * @returns {{get(key: string): string | undefined, set(key: string, text: string): void}}
 */
export function createAnswerCache(now) {
  /** @type {Map<string, {text: string, until: number}>} */
  const kept = new Map();
  return {
    get(key) {
      const entry = kept.get(key);
      if (entry && entry.until > now()) return entry.text;
      kept.delete(key);
      return undefined;
    },
    set(key, text) {
      kept.delete(key);
      if (kept.size >= MAX_KEPT) kept.delete(/** @type {string} */ (kept.keys().next().value));
      kept.set(key, { text, until: now() + KEEP_MS });
    },
  };
}
