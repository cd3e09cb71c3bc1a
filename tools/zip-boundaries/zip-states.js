/**
 * Which state a zip is in, for choosing zips by state code, in a table small enough for the browser
 * (a few kilobytes, where the `zipcodes` package it comes from weighs five megabytes): the state of
 * most zips of each three-digit prefix, which the Postal Service assigns by region, and the few zips
 * whose state differs from their prefix's. A ZCTA that the package lacks (they are created and
 * retired every census) takes its prefix's state, as it would from the whole table.
 */

/**
 * @typedef {object} ZipStateTable
 * @property {Record<string, string>} prefixes the state of most zips of each three-digit prefix
 * @property {Record<string, string>} zips the zips whose state is not their prefix's
 */

/**
 * @param {Record<string, { zip: string, state: string }>} codes the `zipcodes` package's table
 * @returns {ZipStateTable}
 */
export function zipStateTable(codes) {
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
  /** @type {Record<string, string>} */
  const prefixes = {};
  for (const [prefix, counts] of [...countsByPrefix].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [state] = [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    prefixes[prefix] = state;
  }
  /** @type {Record<string, string>} */
  const zips = {};
  for (const [zip, state] of [...byZip].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (prefixes[zip.slice(0, 3)] !== state) zips[zip] = state;
  return { prefixes, zips };
}

/**
 * @param {ZipStateTable} table
 * @returns {(zip: string) => string | undefined}
 */
export const stateOfZip = (table) => (zip) => table.zips[zip] ?? table.prefixes[zip.slice(0, 3)];

/** Every state and territory code the table knows. @param {ZipStateTable} table */
export const statesIn = (table) => new Set([...Object.values(table.prefixes), ...Object.values(table.zips)]);
