/**
 * The donations route under load, with the plugin's store and without: 240 searches over 24 zips near the
 * seeded donations, 6 at a time, after one pass over the zips that fills the store. A part of
 * bench/scripts/kept-search.mjs, on its site.
 */
import { request } from 'node:http';
import zipcodes from 'zipcodes';
import { percentile } from '../lib/printed-search-requests.mjs';
import { settingsPhp } from '../lib/wordpress-site.mjs';

const SEARCHES = 240;
const ZIPS = 24;
const AT_ONCE = 6;

/** GETs `address`; resolves with its status, store header and time to the last byte, or the error. */
function timed(site, address) {
  return new Promise((resolve) => {
    const started = performance.now();
    const sent = request(new URL(address, site), { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          ms: performance.now() - started,
          ok: response.statusCode === 200,
          cache: String(response.headers['x-donation-widgets-cache'] ?? ''),
        }),
      );
      response.on('error', () => resolve({ ms: performance.now() - started, ok: false, cache: '' }));
    });
    sent.on('error', () => resolve({ ms: performance.now() - started, ok: false, cache: '' }));
    sent.end();
  });
}

/** Runs `addresses` with `AT_ONCE` in flight; resolves with every answer's outcome. */
async function inFlight(site, addresses) {
  const outcomes = [];
  let next = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const address = addresses[next];
      next += 1;
      outcomes.push(await timed(site, address));
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return outcomes;
}

/**
 * Measures the store on and off on a running site with the plugin and the bench's route.
 * @param {{ url: string }} site
 * @param {(php: string) => Promise<string>} runPhp
 * @param {{ center: string, radius: number, days: number }} search
 */
export async function benchKeptSearchLoad(site, runPhp, search) {
  const zips = zipcodes
    .radius(search.center, search.radius / 2)
    .filter((zip) => /^\d{5}$/.test(String(zip)))
    .slice(0, ZIPS);
  if (zips.length < ZIPS) throw new Error(`only ${zips.length} zips near ${search.center}`);
  const addresses = Array.from(
    { length: SEARCHES },
    (_, i) => `/wp-json/donations/v1/search/${zips[i % ZIPS]}/${search.radius}/${search.days}`,
  );
  const run = async (store) => {
    await runPhp(`donation_widgets_forget_answers();
      ${settingsPhp({ donation_widgets_answers_life: store ? 5 : 0 })}`);
    await inFlight(site.url, addresses.slice(0, ZIPS));
    const outcomes = await inFlight(site.url, addresses);
    const times = outcomes.map((outcome) => outcome.ms);
    return {
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      errors: outcomes.filter((outcome) => !outcome.ok).length,
      hits: outcomes.filter((outcome) => outcome.cache === 'hit').length,
    };
  };
  const kept = await run(true);
  const unkept = await run(false);
  await runPhp('delete_option( DONATION_WIDGETS_OPTION );');
  return { kept, unkept, searches: SEARCHES, zips: ZIPS, atOnce: AT_ONCE };
}
