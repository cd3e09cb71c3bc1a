/**
 * A search answer with exactly N donations, shaped like the real route's, for the render bench. The
 * page's search request is fulfilled with it through page.route, so the bench measures rendering N
 * rows, not how many donations a radius happens to catch in the demo data.
 */
import { randomTitle } from '../../mock-server/data/donation-titles.js';
import { createRandom } from '../../mock-server/data/random.js';
import { formatWordPressDate } from '../../mock-server/data/wordpress-date.js';
import { randomPointInZip } from '../../mock-server/data/zip-cell.js';
import { zipTable } from '../../mock-server/data/zip-table.js';

export const SEARCH = { zipcode: '60601', radius: '30', days: '90' };
const ZIPS_IN_RANGE = 60;
const DAY_MS = 86_400_000;

/**
 * @param {number} count donations in the answer
 * @param {number} [seed] the same seed gives the same answer, so runs compare like with like
 */
export function donationsResponse(count, seed = 1) {
  const random = createRandom(seed);
  const centre = zipTable.rowOf(SEARCH.zipcode);
  // A 30-mile search around downtown Chicago reaches about this many zips: markers spread as they would.
  const rows = zipTable.nearest(zipTable.lng[centre], zipTable.lat[centre], ZIPS_IN_RANGE, 40);
  const now = Date.UTC(2025, 5, 1);
  /** @type {Record<string, number>} */
  const byZip = {};
  const donations = Array.from({ length: count }, (_, i) => {
    const row = rows[Math.floor(random() * rows.length)];
    const zipcode = zipTable.zip[row];
    byZip[zipcode] = (byZip[zipcode] ?? 0) + 1;
    return {
      number: i + 1,
      title: randomTitle(random),
      zipcode,
      date: formatWordPressDate(now - Math.floor(random() * 90 * DAY_MS)),
      coordinates: randomPointInZip(row, random),
    };
  });
  return {
    errors: [],
    coordinates: { lat: zipTable.lat[centre], lng: zipTable.lng[centre] },
    data: { donations },
    donations_by_zipcode: byZip,
  };
}
