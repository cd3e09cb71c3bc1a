/**
 * The donations in the shape the search needs: typed columns and one bucket per zip, newest first,
 * so a search costs the zips in range plus the donations it returns, never the whole collection.
 * Records are taken as json-server stores them, whatever a client POSTed: one without a known zip
 * or a 'Y-m-d H:i:s' date can never match a search and is left out of the buckets.
 */
import { parseWordPressDate } from './wordpress-date.js';
import { zipTable } from './zip-table.js';

/**
 * @typedef {object} DonationIndex
 * @property {readonly unknown[]} records the collection the index was built from, in its order
 * @property {Int32Array} zipRow per record: its zip's row in the zip table, -1 when unknown
 * @property {Float64Array} time per record: ms since the epoch, NaN when the date is unusable
 * @property {Int32Array} zipStart bucket of zip row r is byZip[zipStart[r] .. zipStart[r + 1])
 * @property {Int32Array} byZip record positions grouped by zip, newest first within a zip
 */

/** @param {unknown} record @param {string} key */
const field = (record, key) =>
  typeof record === 'object' && record !== null
    ? /** @type {Record<string, unknown>} */ (record)[key]
    : undefined;

/**
 * @param {readonly unknown[]} records
 * @returns {DonationIndex}
 */
export function buildDonationIndex(records) {
  const count = records.length;
  const zipRow = new Int32Array(count);
  const time = new Float64Array(count);
  const zipStart = new Int32Array(zipTable.size + 1);
  for (let i = 0; i < count; i++) {
    const zipcode = field(records[i], 'zipcode');
    const row = typeof zipcode === 'string' ? zipTable.rowOf(zipcode) : -1;
    time[i] = parseWordPressDate(field(records[i], 'date'));
    zipRow[i] = Number.isNaN(time[i]) ? -1 : row;
    if (zipRow[i] >= 0) zipStart[row + 1]++;
  }
  for (let r = 0; r < zipTable.size; r++) zipStart[r + 1] += zipStart[r];

  // Counting sort by zip, then each (small) bucket by date.
  const byZip = new Int32Array(zipStart[zipTable.size]);
  const fill = zipStart.slice(0, zipTable.size);
  for (let i = 0; i < count; i++) if (zipRow[i] >= 0) byZip[fill[zipRow[i]]++] = i;
  for (let r = 0; r < zipTable.size; r++) {
    if (zipStart[r + 1] - zipStart[r] > 1)
      byZip.subarray(zipStart[r], zipStart[r + 1]).sort((a, b) => time[b] - time[a]);
  }
  return { records, zipRow, time, zipStart, byZip };
}
