/**
 * `--only` for the command: the shared filter (region-filter.js) with the state table made from the
 * `zipcodes` package, as the browser tool's build makes it.
 */
import { createRequire } from 'node:module';
import { regionFilter as filterFor } from './region-filter.js';
import { zipStateTable } from './zip-states.js';

/** The table from the `zipcodes` package. */
export const packageStateTable = () => zipStateTable(createRequire(import.meta.url)('zipcodes').codes);

/**
 * @param {string} list comma- or space-separated zips, prefixes and state codes
 * @returns {(zip: string) => boolean}
 */
export const regionFilter = (list) => filterFor(list, packageStateTable);
