/**
 * Search latency of the mock's donations search (mock-server/data/donation-search.js) at 10k, 100k and
 * 1,000,000 donations: the zip-bucket index against a linear scan, on the same data and the same
 * queries in the same run. Both share everything but the candidate lookup.
 *
 * The donations are spread over every US zip (a service grown nationwide), queries are made at
 * random zips with the radius and days a visitor can choose. Timed: finding the matches and counting
 * them per zip; ordering and JSON encoding of the answer cost the same either way and are left out.
 *
 * Run alone with `node bench/scripts/search-latency.mjs`, or call runSearchLatencyBench().
 */
import { pathToFileURL } from 'node:url';
import { generateDonations, nationalZips } from '../../mock-server/data/donation-generator.js';
import { buildDonationIndex } from '../../mock-server/data/donation-index.js';
import { indexLookup, scanLookup, searchDonations } from '../../mock-server/data/donation-search.js';
import { createRandom, pick } from '../../mock-server/data/random.js';
import { zipTable } from '../../mock-server/data/zip-table.js';

const RADII = [15, 30, 45, 60];
const DAYS = [30, 45, 60, 90];
const GOAL_P50_MS = 5;
const GOAL_SPEEDUP = 50;

/**
 * @typedef {object} SearchLatencyRow
 * @property {number} donations
 * @property {number} buildMs time to build the index from the records
 * @property {number} meanMatches donations found per query, on average
 * @property {number} indexP50Ms
 * @property {number} indexP95Ms
 * @property {number} scanP50Ms
 * @property {number} scanP95Ms
 * @property {number} speedup scan p50 / index p50
 */

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** @param {() => void} run */
function timeMs(run) {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * @param {number} count
 * @param {number} queryCount
 * @param {number} seed
 * @returns {SearchLatencyRow}
 */
function measure(count, queryCount, seed) {
  const now = Date.UTC(2025, 5, 16, 12);
  const records = generateDonations({ count, seed, now, zips: nationalZips() });
  const buildStart = performance.now();
  const built = buildDonationIndex(records);
  const buildMs = performance.now() - buildStart;
  const random = createRandom(seed + 1);
  const queries = Array.from({ length: queryCount }, () => ({
    zipcode: zipTable.zip[Math.floor(random() * zipTable.size)] ?? '10001',
    radiusMiles: pick(random, RADII),
    days: pick(random, DAYS),
    now,
  }));
  for (const query of queries.slice(0, 10)) {
    searchDonations(built, query, indexLookup);
    searchDonations(built, query, scanLookup);
  }
  const indexMs = [];
  const scanMs = [];
  let matches = 0;
  // Interleaved, so a slower moment of the machine hits both alike.
  for (const query of queries) {
    indexMs.push(
      timeMs(() => {
        matches += searchDonations(built, query, indexLookup)?.matches.length ?? 0;
      }),
    );
    scanMs.push(timeMs(() => searchDonations(built, query, scanLookup)));
  }
  indexMs.sort((a, b) => a - b);
  scanMs.sort((a, b) => a - b);
  const indexP50Ms = quantile(indexMs, 0.5);
  const scanP50Ms = quantile(scanMs, 0.5);
  return {
    donations: count,
    buildMs,
    meanMatches: matches / queries.length,
    indexP50Ms,
    indexP95Ms: quantile(indexMs, 0.95),
    scanP50Ms,
    scanP95Ms: quantile(scanMs, 0.95),
    speedup: scanP50Ms / indexP50Ms,
  };
}

/** @param {readonly SearchLatencyRow[]} rows */
export function formatSearchLatencyTable(rows) {
  const ms = (/** @type {number} */ value) => value.toFixed(3);
  return [
    '| donations | index build ms | mean matches | index p50 ms | index p95 ms | scan p50 ms | scan p95 ms | speed-up (p50) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.donations.toLocaleString('en-US')} | ${r.buildMs.toFixed(0)} | ${r.meanMatches.toFixed(0)} | ${ms(r.indexP50Ms)} | ${ms(r.indexP95Ms)} | ${ms(r.scanP50Ms)} | ${ms(r.scanP95Ms)} | ${r.speedup.toFixed(0)}× |`,
    ),
  ].join('\n');
}

/**
 * @param {{sizes?: number[], queries?: number, seed?: number, print?: boolean}} [options]
 * @returns {Promise<SearchLatencyRow[]>}
 */
export async function runSearchLatencyBench({
  sizes = [10_000, 100_000, 1_000_000],
  queries = 300,
  seed = 1,
  print = true,
} = {}) {
  const rows = sizes.map((size) => measure(size, queries, seed));
  if (print) {
    console.log(`\n### Donations search latency (${queries} queries per size)\n`);
    console.log(formatSearchLatencyTable(rows));
    const largest = rows.at(-1);
    if (largest) {
      const fast = largest.indexP50Ms <= GOAL_P50_MS;
      const ahead = largest.speedup >= GOAL_SPEEDUP;
      console.log(
        `\nGoal at ${largest.donations.toLocaleString('en-US')}: p50 ≤ ${GOAL_P50_MS} ms ${fast ? 'met' : 'MISSED'}, ` +
          `≥ ${GOAL_SPEEDUP}× the scan ${ahead ? 'met' : 'MISSED'}.`,
      );
    }
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSearchLatencyBench();
