/**
 * The donors search on a site that grows and keeps receiving donations: WordPress 7.1 with the plugin
 * and Donation Manager's route (the suite's stand-in) on real tables, grown to each size in turn
 * (bench/lib/growing-site-seed.php: donations around Chicago and New York), measured with the plugin's
 * fast path on and off (setting `donation_widgets_fast_search`; on a build without it, one column: the
 * code as it is). At each size: the first search of 8 zips, the answer's bytes and queries, whether
 * both columns answer alike, and a minute of searches under a stream of donations
 * (growing-search-load.mjs); at 15,000 the page too (growing-search-pages.mjs). The report and goal
 * rows: growing-search-report.mjs.
 *
 * A step of `npm run bench`; alone: `node bench/scripts/run.mjs --only=growing-search`, about half an
 * hour (`--scales=1500,15000 --seconds=20` for a shorter run).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zipcodes from 'zipcodes';
import { loadAverage, startDonationsSite } from '../lib/donations-site.mjs';
import { summarize } from '../lib/stats.mjs';
import { cacheOf, decoded, GZIP, timedRequest } from '../lib/timed-request.mjs';
import { phpString, settingsPhp } from '../lib/wordpress-site.mjs';
import { streamLoad } from './growing-search-load.mjs';
import { printedPage, slowPhoneFirstSearch } from './growing-search-pages.mjs';
import { FIRST_TIMEOUT_S, growingSearchReport } from './growing-search-report.mjs';

export const SCALES = [1500, 15000, 50000];
export const CITIES = ['60601', '10001'];
export const SEARCH = { radius: 30, days: 90 };
const FIRSTS = 8;
const FIRSTS_S = 90;
const here = path.dirname(fileURLToPath(import.meta.url));

/** `count` zips within 15 miles of `center`, the center first. */
const zipsNear = (center, count) =>
  [center, ...zipcodes.radius(center, 15).filter((zip) => /^\d{5}$/.test(zip) && zip !== center)].slice(
    0,
    count,
  );

const route = (zip) => `/wp-json/donations/v1/search/${zip}/${SEARCH.radius}/${SEARCH.days}`;

/** Whether two answers to one search hold the same donations: byte for byte, or but for ties' order. */
function compare(a, b) {
  if (a === b) return 'the same bytes';
  const rows = (text) =>
    (JSON.parse(text)?.data?.donations ?? []).map((d) => `${d.date}|${d.zipcode}|${d.title}`).sort();
  return JSON.stringify(rows(a)) === JSON.stringify(rows(b))
    ? 'the same donations, ties in another order'
    : '**different donations**';
}

/**
 * @param {{ scales?: number[], seconds?: number, progress?: (partial: ReturnType<typeof growingSearchReport>) => void }} [options]
 *   `progress` is given the report of the sizes measured so far after each size
 */
export async function benchGrowingSearch({ scales = SCALES, seconds, progress } = {}) {
  const loadAtStart = loadAverage();
  const zips = zipsNear(CITIES[0], 24);
  const secondZips = zipsNear(CITIES[1], 8);
  let grow;
  const { wordpress, printed } = await startDonationsSite({
    seed: async (site, zipsFile) => {
      grow = async (total) =>
        JSON.parse(
          await site.runPhp(`$donation_bench_grow = array( 'zips' => ${phpString(zipsFile)}, 'total' => ${total},
            'cities' => array( '${CITIES.join("', '")}' ), 'radius' => ${SEARCH.radius} );
            require ${phpString(path.join(here, '../lib/growing-site-seed.php'))};`),
        );
      return grow(scales[0]);
    },
  });
  const { site, runPhp } = wordpress;
  const logOf = () => (existsSync(site.debugLog) ? readFileSync(site.debugLog, 'utf8') : '');
  const logBefore = logOf().length;
  const sizes = [];
  let fastPath = false;
  /** The report of the sizes measured so far, with PHP's warnings and errors while serving. */
  const report = () => {
    const problems = logOf()
      .slice(logBefore)
      .split('\n')
      .filter((line) => /PHP (Warning|Notice|Fatal error|Parse error)/.test(line));
    return growingSearchReport({
      sizes,
      zips,
      secondZips,
      wordpress,
      loadAtStart,
      fastPath,
      seconds,
      problems,
    });
  };
  try {
    const forget = () => runPhp('donation_widgets_forget_answers();');
    // The page the slow phone searches from, its form set to the bench's radius and days.
    const plain = new URL(
      await runPhp(`echo get_permalink( wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish',
        'post_title' => 'Donors near you', 'post_content' => '[donation_widget island="donors-search" radius="${SEARCH.radius}" days="${SEARCH.days}"]' ) ) );`),
    ).pathname;
    fastPath =
      (await runPhp(
        `echo file_exists( WP_PLUGIN_DIR . '/donation-widgets/includes/donation-manager/donation-manager-route.php' ) ? 1 : 0;`,
      )) === '1';
    const columns = fastPath ? [true, false] : [null];
    const setFastPath = async (on) => {
      if (on === null) return;
      // Every other field kept as it is, and checked to be.
      const read = await runPhp(`${settingsPhp({ donation_widgets_fast_search: on })}
        foreach ( $after as $name => $value ) {
          if ( donation_widgets_get( $name ) !== $value ) {
            echo "$name changed"; return;
          }
        }
        echo donation_widgets_get( 'donation_widgets_fast_search' ) ? 'on' : 'off';`);
      if (read !== (on ? 'on' : 'off')) throw new Error(`the fast path reads ${read} after setting it ${on}`);
    };
    const counted = path.join(site.root, 'wp-content/donation-bench-queries.txt');
    for (const [s, total] of scales.entries()) {
      process.stderr.write(` ${total.toLocaleString('en-US')}…`);
      const seeded = await grow(total);
      const measured = [];
      let alike = null;
      for (const on of columns) {
        await setFastPath(on);
        await forget();
        const firsts = [];
        let bytes;
        let queries = Number.NaN;
        let timedOut = false;
        // At most FIRSTS_S of first searches beyond the first 3, so that the largest site with the fast path off
        // (seconds each) cannot take the run's hour.
        const firstsUntil = performance.now() + FIRSTS_S * 1000;
        for (const zip of zips.slice(0, FIRSTS)) {
          if (firsts.length >= 3 && performance.now() > firstsUntil) break;
          rmSync(counted, { force: true });
          const answer = await timedRequest(site.url, route(zip), {
            headers: { ...GZIP, 'X-Donation-Bench-Queries': '1' },
            timeoutMs: FIRST_TIMEOUT_S * 1000,
          });
          if (answer.status === 0) {
            timedOut = true;
            break;
          }
          if (answer.status !== 200 || cacheOf(answer) !== 'miss')
            throw new Error(`the first search of ${zip} answered ${answer.status}, ${cacheOf(answer)}`);
          firsts.push(answer.ms);
          if (zip === zips[0]) {
            const json = decoded(answer);
            queries = existsSync(counted) ? Number(readFileSync(counted, 'utf8')) : Number.NaN;
            bytes = {
              rows: JSON.parse(json).data.donations.length,
              json: Buffer.byteLength(json),
              wire: answer.body.length,
              encoding: String(answer.headers['content-encoding'] ?? 'none'),
              text: json,
            };
          }
        }
        if (on === false && bytes) {
          // The same search with the fast path on right after, no donation between: the answers compared.
          await setFastPath(true);
          await forget();
          alike = compare(
            bytes.text,
            decoded(await timedRequest(site.url, route(zips[0]), { headers: GZIP })),
          );
          await setFastPath(false);
        }
        const first = firsts.length ? summarize(firsts) : null;
        const load = await streamLoad(site.url, { zips, secondZips, ...SEARCH, seconds });
        measured.push({ on, first, timedOut, bytes, queries, load });
      }
      const pages = [];
      if (total === 15000 || (!scales.includes(15000) && s === scales.length - 1)) {
        for (const on of columns) {
          await setFastPath(on);
          const phone = await slowPhoneFirstSearch(site, forget, plain, CITIES[0]);
          const wire = measured.find((m) => m.on === on)?.bytes?.wire ?? Number.NaN;
          pages.push({ on, phone, printed: await printedPage(site, forget, printed, wire) });
        }
      }
      sizes.push({ total, seeded, measured, pages, alike });
      progress?.(report());
    }
    return report();
  } finally {
    await wordpress.stop();
  }
}
