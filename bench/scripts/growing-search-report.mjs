/**
 * The section and goal rows of bench/scripts/growing-search.mjs, from what it measured.
 */
import os from 'node:os';
import { loadAverage } from '../lib/donations-site.mjs';
import { kb, table } from '../lib/stats.mjs';
import { DONATION_EVERY_S, SEARCHERS, SECONDS } from './growing-search-load.mjs';

/** How long a first search may take before the bench notes it and moves on. */
export const FIRST_TIMEOUT_S = 180;

export const HEADING = '## The donors search on a growing site, donations arriving';

const msText = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const n = (value) => value.toLocaleString('en-US');
const column = (on) => (on === null ? 'as built (no fast path)' : on ? 'fast path on' : 'fast path off');
/** A column's first searches: the median, with the range and how many zips when asked for. */
function firstText({ first, timedOut }, range = false) {
  if (!first) return `no answer within ${FIRST_TIMEOUT_S} s`;
  const spread = range ? ` (${msText(first.min)}–${msText(first.max)})` : '';
  const fewer =
    first.runs < 8
      ? `, ${first.runs} zips${timedOut ? `, then one over ${FIRST_TIMEOUT_S} s` : ' in the time'}`
      : '';
  return `${msText(first.median)}${spread}${fewer}`;
}
const share = (part, whole) => (whole ? `${((part / whole) * 100).toFixed(0)}%` : 'none asked');

/** The goals, on the column a site runs by default (the fast path on, or the code as built). */
function goals(sizes) {
  const at = (total) => sizes.find((size) => size.total === total)?.measured[0];
  const rows = [];
  for (const [total, firstGoal] of [
    [1500, 60],
    [15000, 150],
  ]) {
    const m = at(total);
    if (!m) continue;
    const label = `${n(total)} donations`;
    const on = ` (${column(m.on)})`;
    rows.push({
      name: `first search of a zip at ${label}: median of 8 ≤ ${firstGoal} ms`,
      met: (m.first?.median ?? Number.POSITIVE_INFINITY) <= firstGoal,
      detail: `${firstText(m)}${on}`,
    });
    const { load } = m;
    rows.push({
      name: `${SEARCHERS} searchers, a donation every ${DONATION_EVERY_S} s, at ${label}: p95 ≤ 150 ms, p99 ≤ 300 ms, 0 errors, no key computed twice at once`,
      met: load.p95 <= 150 && load.p99 <= 300 && load.errors === 0 && load.twice === 0,
      detail: `p95 ${msText(load.p95)}, p99 ${msText(load.p99)}, ${load.errors} errors, ${load.twice} twice${on}`,
    });
    rows.push({
      name: `a second city's answers under the stream at ${label}: ≥ 95% hits`,
      met: load.secondHits >= 0.95 * load.secondSearches && load.secondSearches > 0,
      detail: `${share(load.secondHits, load.secondSearches)} of ${load.secondSearches}${on}`,
    });
  }
  return rows;
}

/** The page at 15,000: the slow phone's first search, and the printed search both ways. */
function pagesText(size) {
  if (!size) return [];
  const failed = (p) =>
    p.failures?.length ? `${p.failures.length} of ${p.failures.length + p.runs} runs: ${p.failures[0]}` : '';
  const phone = table(
    ['', 'rows after the click', 'markers after the click', 'answer on the wire', 'runs that failed'],
    size.pages.map(({ on, phone: p }) =>
      p.runs === 0
        ? [column(on), '', '', '', failed(p)]
        : [column(on), msText(p.rows.median), msText(p.markers.median), kb(p.wireBytes), failed(p)],
    ),
  );
  const printed = table(
    [
      '',
      'server time, nothing kept',
      'kept',
      'page, answer embedded (raw / gzip)',
      'page without it',
      'answer the island would fetch (wire)',
    ],
    size.pages.map(({ on, printed: p }) =>
      p.error
        ? [column(on), p.error, '', '', '', '']
        : [
            column(on),
            msText(p.first.median),
            msText(p.kept.median),
            `${kb(p.withAnswer.raw)} / ${kb(p.withAnswer.gzip)}`,
            `${kb(p.without.raw)} / ${kb(p.without.gzip)}`,
            kb(p.answerWire),
          ],
    ),
  );
  const p = size.pages.find((page) => !page.printed.error)?.printed;
  return [
    `At ${n(size.total)} donations, the donors-search page. The first search on the slow phone (bench/scripts/first-search.mjs's`,
    `measure: 150 ms round trips, 1.6 Mbit/s; 60601 on a form set to 30 miles, 90 days), the store emptied before each of`,
    '3 runs, median from the click:',
    '',
    phone,
    '',
    "The search printed in the page's address (`?zipcode=60601&radius=30&days=90`, rows without JavaScript), server time",
    'to the first byte (median of 3, the store emptied before each first) and bytes (gzip at level 9; the built-in server',
    'compresses no HTML):',
    '',
    printed,
    ...(p
      ? [
          '',
          `Embedding the answer adds ${kb(p.withAnswer.gzip - p.without.gzip)} gzip to the page, ${msText(p.embedMs)} of the slow phone's download before`,
          `the page has arrived; leaving it out makes the island fetch the answer once its code runs: a round trip and ${kb(p.answerWire)}`,
          `(${msText(p.fetchMs)} on the slow phone, plus the server's time for a kept answer) before the map and every row beyond the printed 100.`,
        ]
      : []),
  ];
}

/** @returns {{ markdown: string, goals: { name: string, met: boolean, detail: string }[] }} */
export function growingSearchReport({
  sizes,
  zips,
  secondZips,
  wordpress,
  loadAtStart,
  fastPath,
  seconds = SECONDS,
  problems,
}) {
  const firsts = table(
    [
      'donations',
      '',
      'first search of a zip, median of 8 (min–max)',
      'SQL queries',
      "rows in 60601's answer",
      'JSON / on the wire',
    ],
    sizes.flatMap((size) =>
      size.measured.map((m) => [
        n(size.total),
        column(m.on),
        firstText(m, true),
        Number.isNaN(m.queries) ? '' : n(m.queries),
        m.bytes ? n(m.bytes.rows) : '',
        m.bytes ? `${kb(m.bytes.json)} / ${kb(m.bytes.wire)} ${m.bytes.encoding}` : '',
      ]),
    ),
  );
  const loads = table(
    [
      'donations',
      '',
      'searches/s',
      'p50',
      'p95',
      'p99',
      'errors',
      'hit / miss / wait / bypass',
      'computed twice at once',
      'second city: hits',
    ],
    sizes.flatMap((size) =>
      size.measured.map(({ on, load: l }) => [
        n(size.total),
        column(on),
        l.perSecond.toFixed(1),
        msText(l.p50),
        msText(l.p95),
        msText(l.p99),
        String(l.errors + l.donationErrors + l.secondErrors),
        `${l.caches.hit} / ${l.caches.miss} / ${l.caches.wait} / ${l.caches.bypass}`,
        String(l.twice),
        `${share(l.secondHits, l.secondSearches)} of ${l.secondSearches}`,
      ]),
    ),
  );
  const alike = sizes.filter((size) => size.alike).map((size) => `${n(size.total)}: ${size.alike}`);
  const markdown = [
    HEADING,
    '',
    `Written by \`node bench/scripts/run.mjs --only=growing-search\` (also a step of \`npm run bench\`) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average (1/5/15 min) ${loadAtStart} at the start`,
    `and ${loadAverage()} at the end: other work shared the two cores, so times are slower and noisier than on an idle machine.`,
    '',
    `WordPress ${wordpress.wordpressVersion}, PHP's built-in server (4 workers), the plugin at its defaults, Donation Manager's route as the`,
    "WordPress suite's stand-in runs it on real tables (bench/lib/growing-site-seed.php, in bulk as Donation Manager's data:",
    'donation posts with their receipt, `organization` meta, pickup_code terms by slug and name, its zip table). The site grows',
    'to each size in turn; of every 25 donations 20 are within 30 miles of 60601 in the last 89 days, 3 there are older or',
    "another organization's, 2 are around 10001. " +
      (fastPath
        ? 'Each size is measured with the fast path on (the default) and then off (`donation_widgets_fast_search`).'
        : 'This build has no fast path: one column, the code as built.'),
    '',
    `The first search of each of 8 zips near 60601 (30 miles, 90 days) after the store forgot everything, timed to the last byte`,
    "on loopback (server time; fewer zips where 3 take over 90 s); the queries are `$wpdb`'s count for one of them. " +
      (alike.length ? `60601's answer on and off: ${alike.join('; ')}.` : ''),
    '',
    firsts,
    '',
    `Then ${seconds} s of ${SEARCHERS} searchers over ${zips.length} zips within 15 miles of 60601 (each search 30 miles, 90 days, the next as soon as`,
    `the last answered), a donation filed every ${DONATION_EVERY_S} s in one of those zips through WordPress's functions as Donation Manager files it`,
    `(post, meta, pickup code), and one visitor asking ${secondZips.length} zips around 10001 every half second, after one pass over every zip (at most 90 s of it).`,
    '"Computed twice at once": two misses of one zip that overlapped with no donation filed between their starts.',
    '',
    loads,
    '',
    ...pagesText(sizes.find((size) => size.pages.length > 0)),
    '',
    problems.length === 0
      ? 'PHP logged no warning or error while serving the bench.'
      : `PHP logged ${problems.length} warnings or errors while serving the bench, the first: \`${problems[0].slice(0, 300)}\``,
  ].join('\n');
  return { markdown, goals: goals(sizes) };
}
