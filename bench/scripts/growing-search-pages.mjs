/**
 * The donors-search page on the growing site, a part of bench/scripts/growing-search.mjs: the first
 * search on the slow phone (bench/scripts/first-search.mjs's measure, on this site's page, nothing
 * kept before each run) and the search printed in the page's address, which works without JavaScript:
 * its bytes with the answer embedded for the island and without it (the island would then fetch it),
 * and its server time, first (nothing kept) and kept.
 */
import { launchChromium } from '../lib/browser.mjs';
import { compressedSize } from '../lib/compressed-size.mjs';
import { summarize } from '../lib/stats.mjs';
import { timedRequest } from '../lib/timed-request.mjs';
import { downloadMs, measureFirstSearch, THROTTLE } from './first-search.mjs';

const ANSWER = /<script type="application\/json" class="donors-search-answer">.*?<\/script>/s;
const RUNS = 3;

/**
 * Rows and markers after the click on Search, on the slow phone, each run after the store forgot.
 * @param {{ url: string }} site @param {(php: string) => Promise<string>} forget @param {string} page @param {string} zip
 */
export async function slowPhoneFirstSearch(site, forget, page, zip) {
  const browser = await launchChromium();
  try {
    const runs = [];
    const failures = [];
    for (let i = 0; i < RUNS; i += 1) {
      await forget();
      // A run whose rows never came (its answer over the page's minute) is noted, not the end of the bench.
      try {
        const host = { path: page, host: '[data-island="donors-search"]' };
        const run = await measureFirstSearch(browser, site.url, 1, host, zip);
        // Markers with no table row: the search ended without its rows (the island showed an error or nothing).
        if (Number.isNaN(run.rows.median)) throw new Error('markers, but no row of the table');
        runs.push(run);
      } catch (error) {
        failures.push(String(error).split('\n')[0]);
      }
    }
    if (runs.length === 0) return { failures, runs: 0 };
    const of = (key) => summarize(runs.map((run) => run[key].median));
    return {
      failures,
      rows: of('rows'),
      markers: of('markers'),
      request: of('request'),
      wireBytes: runs[0].wireBytes,
      runs: runs.length,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The printed search's page: bytes both ways and server time, first and kept.
 * @param {{ url: string }} site @param {() => Promise<unknown>} forget @param {string} printed
 * @param {number} answerWire the bytes of the same search's answer on the wire, which the island would fetch
 */
export async function printedPage(site, forget, printed, answerWire) {
  const first = [];
  const kept = [];
  let html = '';
  for (let i = 0; i < RUNS; i += 1) {
    await forget();
    const page = await timedRequest(site.url, printed, { timeoutMs: 180_000 });
    if (page.status !== 200 || !ANSWER.test(page.body.toString('utf8')))
      return {
        error: `the printed page answered ${page.status || page.error} without the answer for the island`,
      };
    first.push(page.firstByte);
    kept.push((await timedRequest(site.url, printed)).firstByte);
    html = page.body.toString('utf8');
  }
  const withAnswer = compressedSize(Buffer.from(html));
  const without = compressedSize(Buffer.from(html.replace(ANSWER, '')));
  return {
    first: summarize(first),
    kept: summarize(kept),
    withAnswer,
    without,
    answerWire,
    // On the slow phone: what embedding adds to the page's download, and what not embedding costs the
    // island later (one round trip and the answer's own download, the server's time aside).
    embedMs: downloadMs(withAnswer.gzip - without.gzip),
    fetchMs: THROTTLE.latency + downloadMs(answerWire),
  };
}
