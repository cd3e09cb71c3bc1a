/**
 * The JSON body of the donations search route for a matched path, as the site's donations plugin
 * builds it: each donation's title cut at its first " - ", numbered by its place in the answer,
 * coordinates rounded to 3 decimals; days that are no number, or above 90, searched as 90.
 */
import { MAX_DAYS, searchDonations } from '../data/donation-search.js';
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
 * PHP's round($value, 3): halves away from zero (-108.0005 gives -108.001), and a half stays a half
 * where the binary multiplication lands just under it (32.0025 × 1000 is 32002.4999…, and PHP gives
 * 32.003), which rounding the product to 15 significant digits first makes sure of.
 * @param {number} value
 */
export const roundLikePhp = (value) =>
  (Math.sign(value) * Math.round(Number((Math.abs(value) * 1000).toPrecision(15)))) / 1000 || 0;

/** @param {number} row a zip table row @returns {{lat: number, lng: number}} */
const centroidOf = (row) => ({ lat: roundLikePhp(zipTable.lat[row]), lng: roundLikePhp(zipTable.lng[row]) });

/** @param {unknown} value @returns {value is {lat: number, lng: number}} */
const isPoint = (value) =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite(/** @type {any} */ (value).lat) &&
  Number.isFinite(/** @type {any} */ (value).lng);

/**
 * The post title up to its first " - ", which leaves the donor's name out ("Sofa - Pat Doe" reads
 * "Sofa") and a priority donation's list too ("PRIORITY - Sofa - Pat Doe" reads "PRIORITY").
 * @param {unknown} title
 */
const shownTitle = (title) =>
  typeof title === 'string' || typeof title === 'number' ? String(title).split(' - ')[0] : '';

/**
 * Only the public fields, in the original's order, whatever else a POSTed record carries. The
 * original looks each donation's coordinates up by its zip; the demo's donations carry a point
 * inside their zip instead, so the map has something to cluster, and only a record without one
 * gets its zip's centroid.
 * @param {unknown} record one the search matched, so an object with a known zip and a date
 * @param {number} row its zip's row
 * @param {number} position its place in the answer, from 0
 * @returns {DonationItem}
 */
const toItem = (record, row, position) => {
  const { title, zipcode, date, coordinates } = /** @type {Record<string, unknown>} */ (record);
  return {
    title: shownTitle(title),
    date,
    zipcode,
    coordinates: isPoint(coordinates)
      ? { lat: roundLikePhp(coordinates.lat), lng: roundLikePhp(coordinates.lng) }
      : centroidOf(row),
    number: position + 1,
  };
};

/**
 * The days searched: the route's pattern lets only digits through, but like the original, anything
 * that is not a number counts as 90, as does anything above.
 * @param {string} days
 */
const searchedDays = (days) => (/^\d+$/.test(days) ? Math.min(Number(days), MAX_DAYS) : MAX_DAYS);

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
    days: searchedDays(params.days),
    now,
  };
  const result = searchDonations(index, query);
  if (!result) return noZipCodesBody(params.zipcode);
  const { time, records, zipRow } = index;
  // Newest first, as WP_Query orders posts by default; the position breaks ties so the order is stable.
  const newestFirst = result.matches.sort((a, b) => time[b] - time[a] || b - a);
  /** @type {Record<string, number>} */
  const counts = {};
  for (const [row, count] of result.countsByZipRow) counts[zipTable.zip[row]] = count;
  return {
    request: { ...params },
    coordinates: centroidOf(result.centre),
    // An empty PHP array encodes as [], not {}.
    donations_by_zipcode: result.countsByZipRow.size > 0 ? counts : [],
    data: { donations: newestFirst.map((i, position) => toItem(records[i], zipRow[i], position)) },
  };
}
