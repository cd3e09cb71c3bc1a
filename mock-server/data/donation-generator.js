/**
 * Demo donations: deterministic for a seed and a clock, spread over the metros in metros.js and the
 * last DAYS_OF_HISTORY days, each placed inside its zip's boundary cell.
 */
import { postTitle, randomTitle } from './donation-titles.js';
import { METROS } from './metros.js';
import { createRandom, weightedIndex } from './random.js';
import { formatWordPressDate } from './wordpress-date.js';
import { randomPointInZip } from './zip-cell.js';
import { KM_PER_MILE, zipTable } from './zip-table.js';

export const DAYS_OF_HISTORY = 120;
const DAY_MS = 86_400_000;

/**
 * @typedef {object} ZipDraw
 * @property {number[]} rows zip table rows donations may come from
 * @property {(random: () => number) => number} draw picks an index into `rows`
 */

/**
 * @typedef {object} Donation
 * @property {number} id json-server's key, the post's ID
 * @property {string} title the post title, donor's name included (the route answers only its start)
 * @property {string} zipcode
 * @property {string} date 'Y-m-d H:i:s', site time (UTC)
 * @property {{lat: number, lng: number}} coordinates
 */

/**
 * Every zip of every metro, weighted towards the centre, where people (and sofas) are.
 * @returns {ZipDraw}
 */
export function metroZips() {
  /** @type {number[]} */
  const rows = [];
  /** @type {number[]} */
  const weights = [];
  for (const metro of METROS) {
    const centre = zipTable.nearest(metro.lng, metro.lat, 1, 50)[0];
    if (centre === undefined) continue;
    const inMetro = zipTable.rowsWithin(centre, metro.miles * KM_PER_MILE);
    const perZip = metro.weight / inMetro.length;
    inMetro.forEach((row, rank) => {
      rows.push(row);
      weights.push(perZip * (2 - rank / inMetro.length));
    });
  }
  return { rows, draw: weightedIndex(weights) };
}

/**
 * Every US zip alike. Zips are smaller where people live closer together, so this spreads donations
 * roughly by population, as a service grown nationwide would see them.
 * @returns {ZipDraw}
 */
export function nationalZips() {
  const rows = Array.from({ length: zipTable.size }, (_, row) => row);
  return { rows, draw: (random) => Math.floor(random() * rows.length) };
}

/**
 * A time during opening hours (8:00 to 19:00) on one of the last DAYS_OF_HISTORY days; today's
 * hours that have not come yet move to yesterday.
 * @param {() => number} random
 * @param {number} now
 */
function pickUpTime(random, now) {
  const today = now - (now % DAY_MS);
  const time = today - Math.floor(random() * DAYS_OF_HISTORY) * DAY_MS + (8 + random() * 11) * 3_600_000;
  return time > now ? time - DAY_MS : time;
}

/**
 * @param {{count: number, seed: number, now: number, zips?: ZipDraw}} options
 * @returns {Donation[]} oldest first, ids rising with the date like a real site's
 */
export function generateDonations({ count, seed, now, zips = metroZips() }) {
  const random = createRandom(seed);
  // Names from a stream of their own, so that the zips, dates and places do not depend on them.
  const names = createRandom(~seed);
  const { rows, draw } = zips;
  const times = Float64Array.from({ length: count }, () => pickUpTime(random, now)).sort();
  return Array.from(times, (time, i) => {
    const row = rows[draw(random)];
    return {
      id: i + 1,
      title: postTitle(randomTitle(random), names),
      zipcode: zipTable.zip[row],
      date: formatWordPressDate(time),
      coordinates: randomPointInZip(row, random),
    };
  });
}
