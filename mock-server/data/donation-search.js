/**
 * The search behind GET /wp-json/donations/v1/search/{zipcode}/{radius}/{days}, as the real plugin
 * does it: the zips whose centroid lies within the radius of the searched zip's centroid, then the
 * donations filed under those zips in the last `days` days.
 *
 * Two candidate lookups share everything else, so the bench compares exactly the part that differs:
 * `indexLookup` (the zip buckets of donation-index.js) and `scanLookup` (every donation, one by one).
 */
import { distance } from 'geokdbush';
import { KM_PER_MILE, zipTable } from './zip-table.js';

export const MAX_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * @typedef {object} Area
 * @property {number} centre zip row searched
 * @property {number} km radius
 * @property {number[]} zipRows every zip row within the radius
 * @property {number} cutoff oldest time that matches, ms since the epoch
 */

/**
 * Candidates from the buckets of the zips in range, cut at the first one older than the cutoff.
 * @param {import('./donation-index.js').DonationIndex} index
 * @param {Area} area
 * @returns {number[]} record positions
 */
export function indexLookup({ time, zipStart, byZip }, { zipRows, cutoff }) {
  const found = [];
  for (const row of zipRows) {
    const end = zipStart[row + 1];
    for (let k = zipStart[row]; k < end && time[byZip[k]] >= cutoff; k++) found.push(byZip[k]);
  }
  return found;
}

/**
 * Candidates by testing every record: the same answer as `indexLookup`, for the bench and tests.
 * @param {import('./donation-index.js').DonationIndex} index
 * @param {Area} area
 * @returns {number[]} record positions
 */
export function scanLookup({ zipRow, time }, { centre, km, cutoff }) {
  const found = [];
  const lng = zipTable.lng[centre];
  const lat = zipTable.lat[centre];
  for (let i = 0; i < zipRow.length; i++) {
    const row = zipRow[i];
    if (row >= 0 && time[i] >= cutoff && distance(lng, lat, zipTable.lng[row], zipTable.lat[row]) <= km)
      found.push(i);
  }
  return found;
}

/**
 * @typedef {object} SearchResult
 * @property {number} centre zip row searched
 * @property {number[]} matches record positions, in no particular order
 * @property {Map<number, number>} countsByZipRow donations per zip row, for zips that have any
 */

/**
 * @param {Int32Array} zipRow
 * @param {number[]} matches
 */
function countByZip(zipRow, matches) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  let row = -1;
  let run = 0;
  // Matches mostly come grouped by zip: count runs, and touch the map once per run.
  for (const i of matches) {
    if (zipRow[i] !== row) {
      if (run > 0) counts.set(row, (counts.get(row) ?? 0) + run);
      row = zipRow[i];
      run = 0;
    }
    run++;
  }
  if (run > 0) counts.set(row, (counts.get(row) ?? 0) + run);
  return counts;
}

/**
 * @param {import('./donation-index.js').DonationIndex} index
 * @param {{zipcode: string, radiusMiles: number, days: number, now: number}} query
 * @param {typeof indexLookup} [lookup]
 * @returns {SearchResult | null} null when no zip lies in range (an unknown zip)
 */
export function searchDonations(index, { zipcode, radiusMiles, days, now }, lookup = indexLookup) {
  const centre = zipTable.rowOf(zipcode);
  if (centre < 0) return null;
  const km = radiusMiles * KM_PER_MILE;
  const zipRows = zipTable.rowsWithin(centre, km);
  if (zipRows.length === 0) return null;
  const cutoff = now - Math.min(days, MAX_DAYS) * DAY_MS;
  const matches = lookup(index, { centre, km, zipRows, cutoff });
  return { centre, matches, countsByZipRow: countByZip(index.zipRow, matches) };
}
