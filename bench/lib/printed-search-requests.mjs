/**
 * The requests of bench/printed-search-cost.mjs: each answer checked once (so the bench fails loudly
 * when the printed page or the route broke, rather than timing an error page), then timed round after
 * round, then each address's SQL queries counted.
 */

import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** The value below which `share` of `values` lie (nearest rank). */
export function percentile(/** @type {number[]} */ values, /** @type {number} */ share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * One GET over a new connection (as a visitor's first request): milliseconds to the response's first
 * byte (its status line and headers) and to its last, with the response.
 * @param {string} url @param {Record<string, string>} [headers]
 */
function timeRequest(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent: false, headers }, (response) => {
      const firstByte = performance.now() - started;
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          firstByte,
          total: performance.now() - started,
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}

/** WordPress's debug.log, empty before anything was written to it. */
const readLog = (/** @type {string} */ file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** Throws `message` unless `ok`. */
function check(ok, message) {
  if (!ok) throw new Error(`printed search bench: ${message}`);
}

/** The answers as a visitor and the island get them, each required to be what it should be. */
async function checkAnswers(url, addresses, found) {
  const route = await timeRequest(url(addresses.route));
  check(
    route.status === 200 && route.type.startsWith('application/json'),
    `the route answered ${route.status} ${route.type}`,
  );
  const donations = JSON.parse(route.body).data?.donations;
  check(donations?.length === found, `the route found ${donations?.length} donations, not ${found}`);
  check(
    donations.every((donation, i) => donation.number === i + 1 && donation.coordinates?.lat > 41),
    'the route numbered or placed its donations unlike Donation Manager',
  );

  const printed = await timeRequest(url(addresses.printed));
  check(
    printed.status === 200 && printed.type.startsWith('text/html'),
    `the printed page answered ${printed.status} ${printed.type}: the capture let the route's answer through`,
  );
  check(
    /^<!DOCTYPE html>/i.test(printed.body.trimStart()) && printed.body.includes('</html>'),
    'the printed page is not a whole HTML page',
  );
  const count = printed.body.match(/<span id="display_count">([^<]*)<\/span>/)?.[1];
  check(count === found.toLocaleString('en-US'), `the printed page says it found ${count}, not ${found}`);
  const rows = printed.body.match(/<tr><td><button type="button" class="donors-row-show"/g)?.length ?? 0;
  check(rows === Math.min(100, found), `the printed page lists ${rows} rows, not its first page of 100`);
  const answer = printed.body.match(
    /<script type="application\/json" class="donors-search-answer">(.*?)<\/script>/s,
  )?.[1];
  check(answer !== undefined, 'the printed page holds no answer for the island');
  check(
    JSON.parse(answer ?? 'null').body?.data?.donations?.length === found,
    'the printed answer is not the route’s',
  );

  const plain = await timeRequest(url(addresses.plain));
  check(
    plain.status === 200 && plain.body.includes('id="zipcode"'),
    'the page without a search has no search form',
  );
  check(!plain.body.includes('donors-search-answer'), 'the page without a search printed an answer');
  const ping = await timeRequest(url(addresses.ping));
  const opcache = ping.status === 200 ? JSON.parse(ping.body).opcache : undefined;
  check(typeof opcache === 'boolean', `the empty route answered ${ping.status} ${ping.body}`);
  return { answers: { plain, printed, route, ping }, opcache };
}

/**
 * Checks each address's answer, times `rounds` rounds of all of them after `warmup` untimed ones, and
 * counts each one's queries.
 * @param {{ url: string, root: string, debugLog: string }} site
 * @param {{ plain: string, printed: string, route: string, ping: string }} addresses
 * @param {{ rounds: number, warmup: number, found: number }} options
 */
export async function measureAddresses(site, addresses, { rounds, warmup, found }) {
  const url = (/** @type {string} */ address) => new URL(address, site.url).href;
  const logBefore = readLog(site.debugLog).length;
  const { answers, opcache } = await checkAnswers(url, addresses, found);
  const keys = /** @type {(keyof typeof addresses)[]} */ (Object.keys(addresses));
  const times = Object.fromEntries(keys.map((key) => [key, { firstByte: [], total: [] }]));
  for (let round = 0; round < warmup + rounds; round++) {
    // Rotated, so no address always follows the same one.
    for (const key of [...keys.slice(round % keys.length), ...keys.slice(0, round % keys.length)]) {
      const { firstByte, total, status } = await timeRequest(url(addresses[key]));
      check(status === 200, `${addresses[key]} answered ${status} in round ${round + 1}`);
      if (round < warmup) continue;
      times[key].firstByte.push(firstByte);
      times[key].total.push(total);
    }
  }
  const counted = path.join(site.root, 'wp-content/donation-bench-queries.txt');
  const queries = {};
  for (const key of keys) {
    rmSync(counted, { force: true });
    await timeRequest(url(addresses[key]), { 'X-Donation-Bench-Queries': '1' });
    queries[key] = Number(readFileSync(counted, 'utf8'));
  }
  // The route's own log line is expected; a PHP warning or error in any of these requests is not.
  const problems = readLog(site.debugLog)
    .slice(logBefore)
    .split('\n')
    .filter((line) => /PHP (Warning|Notice|Deprecated|Fatal error|Parse error)/.test(line));
  check(
    problems.length === 0,
    `PHP reported problems while serving the bench:\n${problems.slice(0, 5).join('\n')}`,
  );
  const bytes = Object.fromEntries(keys.map((key) => [key, Buffer.byteLength(answers[key].body)]));
  return { times, queries, bytes, opcache };
}
