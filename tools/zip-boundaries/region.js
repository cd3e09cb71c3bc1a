/**
 * `--only`: the zips an admin wants files for, as zip codes (60601), zip prefixes (606, the first
 * digits), and state codes (IL), mixed freely.
 */
import { createRequire } from 'node:module';
import { InputError } from './input-error.js';

/**
 * @param {string} list comma- or space-separated
 * @returns {(zip: string) => boolean}
 */
export function regionFilter(list) {
  const tokens = list.split(/[\s,]+/).filter(Boolean);
  if (tokens.length === 0)
    throw new InputError('--only: empty; give zips, zip prefixes or state codes, e.g. --only 60601,606,IL');
  /** @type {Set<string>} */
  const zips = new Set();
  /** @type {string[]} */
  const prefixes = [];
  /** @type {Set<string>} */
  const states = new Set();
  for (const token of tokens) {
    if (/^\d{5}$/.test(token)) zips.add(token);
    else if (/^\d{1,4}$/.test(token)) prefixes.push(token);
    else if (/^[a-z]{2}$/i.test(token)) states.add(token.toUpperCase());
    else
      throw new InputError(
        `--only: "${token}" is not a zip code (60601), a zip prefix (606) or a state code (IL)`,
      );
  }
  const stateOf = states.size > 0 ? zipStates(states) : () => undefined;
  return (zip) =>
    zips.has(zip) || prefixes.some((prefix) => zip.startsWith(prefix)) || states.has(stateOf(zip) ?? '');
}

/**
 * The state of a zip, from the `zipcodes` package's table of US zips. A ZCTA that the table lacks
 * (they are created and retired every census) takes the state of most zips sharing its first three
 * digits, which the Postal Service assigns by region.
 * @param {Set<string>} wanted checked against the table's states, so a typo is an error, not an empty run
 * @returns {(zip: string) => string | undefined}
 */
function zipStates(wanted) {
  const codes = /** @type {Record<string, { zip: string, state: string }>} */ (
    createRequire(import.meta.url)('zipcodes').codes
  );
  /** @type {Map<string, string>} */
  const byZip = new Map();
  /** @type {Map<string, Map<string, number>>} */
  const countsByPrefix = new Map();
  for (const { zip, state } of Object.values(codes)) {
    if (!/^\d{5}$/.test(zip)) continue;
    byZip.set(zip, state);
    const counts = countsByPrefix.get(zip.slice(0, 3)) ?? new Map();
    counts.set(state, (counts.get(state) ?? 0) + 1);
    countsByPrefix.set(zip.slice(0, 3), counts);
  }
  const known = new Set(byZip.values());
  for (const state of wanted) {
    if (!known.has(state)) throw new InputError(`--only: "${state}" is not a US state or territory code`);
  }
  /** @type {Map<string, string>} */
  const byPrefix = new Map();
  for (const [prefix, counts] of countsByPrefix) {
    const [state] = [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    byPrefix.set(prefix, state);
  }
  return (zip) => byZip.get(zip) ?? byPrefix.get(zip.slice(0, 3));
}
