/**
 * The bench's WordPress with the donations route as the site runs it, which the printed-search and
 * kept-search sections both measure: WordPress 7.1 with the plugin zip installed, Donation Manager's
 * route as an mu-plugin (the WordPress suite's stand-in, wordpress-plugin/test/fixture/donations-fixture.php)
 * on real tables, filled by bench/lib/printed-search-seed.php, and a page that holds the donors search.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zipcodes from 'zipcodes';
import { phpString, startWordPressWithPlugin } from './wordpress-site.mjs';

/** The search both sections time, and how many donations the seed puts within it. */
export const SEARCH = { zipcode: '60601', radius: 30, days: 90 };
export const IN_RANGE = 1800;
export const ROUTE = `/wp-json/donations/v1/search/${SEARCH.zipcode}/${SEARCH.radius}/${SEARCH.days}`;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The machine's load average over 1, 5 and 15 minutes, as the results print it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Every US zip of npm `zipcodes` as the zip table's rows: zip, latitude, longitude, city, state. */
const usZipRows = () =>
  Object.values(zipcodes.codes)
    .filter((zip) => zip.country === 'US' && /^\d{5}$/.test(zip.zip))
    .map((zip) => [zip.zip, zip.latitude, zip.longitude, zip.city.slice(0, 35), zip.state]);

/**
 * The printed-search and kept-search sections' donations: IN_RANGE within SEARCH, and some it must leave.
 * @param {{ runPhp: (php: string) => Promise<string> }} wordpress @param {string} zipsFile
 */
const searchSeed = async (wordpress, zipsFile) =>
  JSON.parse(
    await wordpress.runPhp(`$donation_bench_seed = array( 'zips' => ${phpString(zipsFile)},
      'center' => '${SEARCH.zipcode}', 'radius' => ${SEARCH.radius}, 'in_range' => ${IN_RANGE} );
      require ${phpString(path.join(here, 'printed-search-seed.php'))};`),
  );

/**
 * Starts and fills the site. The caller stops it (`wordpress.stop()`).
 * @param {{ seed?: typeof searchSeed }} [options] what fills it, given the site and the zip table's rows
 *   as a JSON file; by default the donations the printed-search and kept-search sections search
 * @returns {Promise<{ wordpress: Awaited<ReturnType<typeof startWordPressWithPlugin>>, seeded: any, plain: string, printed: string }>}
 *   `seeded` is what the seed reports (donations, inRange, zips, zipsNear); `plain` the page's path, and
 *   `printed` the same page with SEARCH in its address.
 */
export async function startDonationsSite({ seed = searchSeed } = {}) {
  const wordpress = await startWordPressWithPlugin({
    version: '7.1',
    muPlugins: [
      path.join(here, '../../wordpress-plugin/test/fixture/donations-fixture.php'),
      // Donation Manager's folder as the stand-in has it: its plugin header and the lib/fns the route reads.
      path.join(here, '../../wordpress-plugin/test/fixture/donation-manager'),
      path.join(here, 'printed-search-probes.php'),
    ],
  });
  try {
    const zipsFile = path.join(wordpress.site.dir, 'us-zips.json');
    writeFileSync(zipsFile, JSON.stringify(usZipRows()));
    const seeded = await seed(wordpress, zipsFile);
    const page = await wordpress.runPhp(`echo get_permalink( wp_insert_post( array( 'post_type' => 'page',
      'post_status' => 'publish', 'post_name' => 'donors', 'post_title' => 'Donors in your area',
      'post_content' => '[donation_widget island="donors-search"]' ) ) );`);
    const plain = new URL(page).pathname;
    const printed = `${plain}?${new URLSearchParams({ zipcode: SEARCH.zipcode, radius: String(SEARCH.radius), days: String(SEARCH.days) })}`;
    return { wordpress, seeded, plain, printed };
  } catch (error) {
    await wordpress.stop();
    throw error;
  }
}
