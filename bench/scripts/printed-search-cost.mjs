/**
 * What a search printed into the page costs the page, on the donations route as the site runs it: a real
 * WordPress 7.1 with the plugin zip installed, and Donation Manager's route as an mu-plugin (the
 * WordPress suite's stand-in, wordpress-plugin/test/fixture/donations-fixture.php) on real tables, about
 * 1,800 donations within 30 miles and 90 days of 60601 (bench/lib/printed-search-seed.php). Times to first byte of the donors-search page without a search,
 * the same page with 60601 / 30 / 90 in its address (the route asked inside the render, through the
 * plugin's capture), the route itself over HTTP, and an empty REST route for WordPress's own start.
 *
 * A step of `npm run bench`. Alone: `node bench/scripts/printed-search-cost.mjs` runs it and puts its section
 * into bench/results/RESULTS.md, in place of the one there or else at the end; every other section stays. The
 * site's setup takes about a minute, the measuring one to three (more on a busy machine).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IN_RANGE, loadAverage, ROUTE, SEARCH, startDonationsSite } from '../lib/donations-site.mjs';
import { measureAddresses, percentile } from '../lib/printed-search-requests.mjs';
import { summarize, table } from '../lib/stats.mjs';
import { settingsPhp } from '../lib/wordpress-site.mjs';

export const HEADING = '## A printed search on the route as it runs';
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The bench: starts and fills a site, checks the printed page is the page with its rows, measures,
 * stops the site. @param {{ rounds?: number, warmup?: number }} [options]
 * @returns {Promise<{ markdown: string }>}
 */
export async function benchPrintedSearchCost({ rounds = 40, warmup = 5 } = {}) {
  const loadAtStart = loadAverage();
  const { wordpress, seeded, plain, printed } = await startDonationsSite();
  try {
    // A kept answer would be timed in the route's place: this section weighs the route's own work, the
    // kept-search section what keeping saves.
    await wordpress.runPhp(settingsPhp({ donation_widgets_answers_life: 0 }));
    const addresses = {
      plain,
      printed,
      route: ROUTE,
      ping: '/wp-json/donations-bench/v1/ping',
    };
    const measured = await measureAddresses(wordpress.site, addresses, { rounds, warmup, found: IN_RANGE });
    return { markdown: section({ seeded, measured, addresses, wordpress, rounds, warmup, loadAtStart }) };
  } finally {
    await wordpress.stop();
  }
}

/** "123 ms" */
const msText = (/** @type {number} */ value) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** Median and 90th percentile of `values`, in milliseconds, as two cells. */
const spread = (/** @type {number[]} */ values) => [
  msText(summarize(values).median),
  msText(percentile(values, 0.9)),
];

/** `a[i] − b[i]`: the rounds' own differences, which a burst of load on the machine shifts less. */
const minus = (/** @type {number[]} */ a, /** @type {number[]} */ b) =>
  a.map((value, i) => value - (b[i] ?? 0));

/** The section of bench/results/RESULTS.md. */
function section({ seeded, measured, addresses, wordpress, rounds, warmup, loadAtStart }) {
  const { times, queries, bytes, opcache } = measured;
  const row = (/** @type {string} */ what, /** @type {keyof typeof times} */ key) => [
    what,
    `\`${addresses[key]}\``,
    ...spread(times[key].firstByte),
    msText(summarize(times[key].total).median),
    bytes[key].toLocaleString('en-US'),
    queries[key].toLocaleString('en-US'),
  ];
  const cost = minus(times.printed.firstByte, times.plain.firstByte);
  const work = minus(times.route.firstByte, times.ping.firstByte);
  const ratio = summarize(cost).median / summarize(work).median;
  const mariadb = execFileSync('mariadbd', ['--version'], { encoding: 'utf8' }).match(/Ver\s+([\d.]+)/)?.[1];
  const php = execFileSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' });
  const found = seeded.inRange.toLocaleString('en-US');
  return [
    HEADING,
    '',
    `Written by \`node bench/scripts/printed-search-cost.mjs\` (also a step of \`npm run bench\`) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average (1/5/15 min) ${loadAtStart} at the start`,
    `and ${loadAverage()} at the end: other work shared the two cores, so times are slower and noisier than on an idle machine.`,
    '',
    `WordPress ${wordpress.wordpressVersion} (${wordpress.theme}), PHP ${php}'s built-in server (4 workers, OPcache ${opcache ? 'on' : 'off'}) and MariaDB`,
    `${mariadb ?? ''}, started as the WordPress suite starts them, with the plugin zip installed and a page holding`,
    '`[donation_widget island="donors-search"]`. The donations route is loaded as Donation Manager runs it',
    '(wordpress-plugin/test/fixture/donations-fixture.php, the stand-in the WordPress suite loads too): the request written',
    'to the error log, the centroid query, the zips within the',
    `radius by its formula over a ${seeded.zips.toLocaleString('en-US')}-row zip table (the US zips of npm \`zipcodes\`), \`get_posts()\` of donation`,
    'posts by `pickup_code` term, organization and date, then per donation a terms query for its zip and a query for its',
    `coordinates, then \`wp_send_json()\` and exit. The site holds ${seeded.donations.toLocaleString('en-US')} donations; ${SEARCH.zipcode} / ${SEARCH.radius} miles / ${SEARCH.days}`,
    `days finds ${found} of them in ${seeded.zipsNear} zip codes. Every answer is checked before timing: the printed page is a`,
    `whole HTML page with the count, the first 100 rows and the answer for the island; the route answers all ${found}.`,
    '',
    "The plugin keeps no answer here (its answers life set to 0): what keeping saves is the next section's.",
    '',
    `Each round asks the four addresses once, each over a new connection, in an order that rotates; ${warmup} rounds`,
    `of warm-up, then ${rounds} timed. Times to the response's first byte (the block theme renders the whole page before`,
    "it prints) and last byte; the queries are `$wpdb`'s count in one more, untimed request of each.",
    '',
    table(
      ['what', 'address', 'first byte, median', 'p90', 'last byte, median', 'bytes', 'SQL queries'],
      [
        row('the page, no search', 'plain'),
        row('the page, search printed', 'printed'),
        row('the route over HTTP', 'route'),
        row('an empty REST route', 'ping'),
      ],
    ),
    '',
    table(
      ['per round', 'median', 'p90'],
      [
        ['**the printed search, on the page**: with it − without', ...spread(cost)],
        ["the route's own work: the route − the empty route", ...spread(work)],
        ['the route over HTTP, first byte', ...spread(times.route.firstByte)],
      ],
    ),
    '',
    `The printed search costs the page ${ratio.toFixed(2)}× the route's own work (medians). The route over HTTP also`,
    "pays a WordPress start, which the page has paid already; on top of the route's work the page prints",
    `${Math.min(100, seeded.inRange)} rows and the answer as JSON. ${queriesSentence(queries)}`,
  ].join('\n');
}

/** The printed page's extra queries against the route's own: one run of the route, or more. */
function queriesSentence(queries) {
  const more = queries.printed - queries.plain;
  const own = queries.route - queries.ping;
  const runs = more / own;
  return `It runs ${more.toLocaleString('en-US')} queries more than the page without the search, the route ${own.toLocaleString('en-US')} more than the empty route: ${runs < 1.5 ? 'the route runs once' : `${runs.toFixed(1)} runs of the route`}.`;
}

/** Puts `markdown` (a section) into bench/results/RESULTS.md in place of the section with its heading, or at its end. */
export function writeSection(markdown) {
  const results = path.join(here, '../results/RESULTS.md');
  const pieces = readFileSync(results, 'utf8').split(/^(?=## )/m);
  const at = pieces.findIndex((piece) => piece.startsWith(`${HEADING}\n`));
  const text = `${markdown.trimEnd()}\n`;
  if (at === -1) pieces.push(`${pieces.at(-1)?.endsWith('\n\n') ? '' : '\n'}${text}`);
  else pieces[at] = at === pieces.length - 1 ? text : `${text}\n`;
  writeFileSync(results, pieces.join(''));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { markdown } = await benchPrintedSearchCost();
  writeSection(markdown);
  process.stdout.write(`${markdown}\n`);
}
