/**
 * The search answers the demo keeps, as the plugin keeps them with its default settings: five minutes,
 * keyed only by the zip, radius and days, and only for a five-digit zip with a radius and days the
 * search's form offers, so addresses made up of other numbers cannot fill it. Only an answer that found
 * its place is kept: never an error, whatever its shape.
 */
import { readFileSync } from 'node:fs';

export const KEEP_SECONDS = 5 * 60;

/** More searches than a demo sees in five minutes; past it the oldest kept answer goes first. */
const MAX_KEPT = 2000;

const MARKUP = readFileSync(new URL('../../widgets/donors-search/markup.html', import.meta.url), 'utf8');

/** @param {'radius' | 'days'} name the choices the demo's form offers, from its markup */
const offered = (name) =>
  new Set(new RegExp(`data-${name}-options="([^"]*)"`).exec(MARKUP)?.[1]?.split(',') ?? []);

const RADII = offered('radius');
const DAYS = offered('days');

/**
 * The key an answer is kept under, or undefined when the search is never kept.
 * @param {import('./search-response.js').SearchParams} params
 */
export function cacheKey({ zipcode, radius, days }) {
  if (!/^\d{5}$/.test(zipcode) || !RADII.has(radius) || !DAYS.has(days)) return undefined;
  return `${zipcode}/${radius}/${days}`;
}

/**
 * Whether the route's answer may be kept: HTTP 200 and the JSON object of a search that found its
 * place, not a serialized WP_Error, `null` or `success: false`.
 * @param {number} status
 * @param {string} text
 */
export function isKeepable(status, text) {
  if (status !== 200) return false;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return !body.errors && body.success !== false && 'coordinates' in body;
}

/**
 * @typedef {{text: string, secondsLeft: number}} KeptAnswer the route's text, and how long it is kept still
 * @param {() => number} now
 * @returns {{get(key: string): KeptAnswer | undefined, set(key: string, text: string): void}}
 */
export function createAnswerCache(now) {
  /** @type {Map<string, {text: string, at: number}>} */
  const kept = new Map();
  const ageInSeconds = (/** @type {number} */ at) => Math.floor((now() - at) / 1000);
  return {
    get(key) {
      const entry = kept.get(key);
      if (entry && ageInSeconds(entry.at) < KEEP_SECONDS)
        return { text: entry.text, secondsLeft: KEEP_SECONDS - ageInSeconds(entry.at) };
      kept.delete(key);
      return undefined;
    },
    set(key, text) {
      kept.delete(key);
      if (kept.size >= MAX_KEPT) kept.delete(/** @type {string} */ (kept.keys().next().value));
      kept.set(key, { text, at: now() });
    },
  };
}
