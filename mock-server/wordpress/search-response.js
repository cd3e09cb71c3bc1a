/**
 * The JSON body of the donations search route for a matched path, as the WordPress plugin builds it.
 */
import { searchDonations } from '../data/donation-search.js';
import { zipTable } from '../data/zip-table.js';
import { noZipCodesBody } from './responses.js';

/**
 * @typedef {{zipcode: string, radius: string, days: string}} SearchParams the path segments, as strings
 * @typedef {{number: unknown, title: unknown, zipcode: unknown, date: unknown, coordinates?: unknown}} DonationItem
 *   unknown fields and an optional `coordinates`, because the fault switches change them
 * @typedef {object} SearchSuccess
 * @property {SearchParams} request
 * @property {{lat: number, lng: number}} coordinates
 * @property {Record<string, number> | []} donations_by_zipcode
 * @property {{donations: DonationItem[]}} [data]
 */

/**
 * Only the public fields, whatever else a POSTed record carries. A record without coordinates gives
 * `false`, as an unset custom field does in WordPress.
 * @param {unknown} record one the search matched, so an object with a known zip and a date
 * @returns {DonationItem}
 */
const toItem = (record) => {
  const { number, id, title, zipcode, date, coordinates } = /** @type {Record<string, unknown>} */ (record);
  return { number: number ?? id, title: title ?? '', zipcode, date, coordinates: coordinates ?? false };
};

/**
 * @param {import('../data/donation-index.js').DonationIndex} index
 * @param {SearchParams} params
 * @param {number} now
 * @returns {SearchSuccess | ReturnType<typeof noZipCodesBody>}
 */
export function searchResponseBody(index, params, now) {
  const query = {
    zipcode: params.zipcode,
    radiusMiles: Number(params.radius),
    days: Number(params.days),
    now,
  };
  const result = searchDonations(index, query);
  if (!result) return noZipCodesBody(params.zipcode);
  const { time, records } = index;
  // Newest first, as WP_Query orders posts by default; the number breaks ties so the order is stable.
  const newestFirst = result.matches.sort((a, b) => time[b] - time[a] || b - a);
  /** @type {Record<string, number>} */
  const counts = {};
  for (const [row, count] of result.countsByZipRow) counts[zipTable.zip[row]] = count;
  return {
    request: { ...params },
    coordinates: { lat: zipTable.lat[result.centre], lng: zipTable.lng[result.centre] },
    // An empty PHP array encodes as [], not {}.
    donations_by_zipcode: result.countsByZipRow.size > 0 ? counts : [],
    data: { donations: newestFirst.map((i) => toItem(records[i])) },
  };
}
