import { request } from 'node:http';
import os from 'node:os';
import { gunzipSync } from 'node:zlib';
import { loadAverage, ROUTE, SEARCH, startDonationsSite } from '../lib/donations-site.mjs';
import { summarize, table } from '../lib/stats.mjs';
import { benchKeptSearchLoad } from './kept-search-load.mjs';

export const HEADING = '## A search kept and compressed, on the route as it runs';

/**
 * GETs `address` over a new connection; resolves with the bytes as they travelled, the headers and the
 * time to the last byte. @returns {Promise<{ ms: number, body: Buffer, headers: import('node:http').IncomingHttpHeaders }>}
 */
function timedGet(site, address, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const sent = request(
      new URL(address, site),
      { headers: { Connection: 'close', ...headers } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            body: Buffer.concat(chunks),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

const GZIP = { 'Accept-Encoding': 'gzip, deflate, br' };

/** "123 ms" */
const msText = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

/**
 * The bench: starts and fills a site, measures, stops the site.
 * @param {{ rounds?: number }} [options]
 * @returns {Promise<{ markdown: string, goals: { name: string, met: boolean, detail: string }[] }>}
 */
export async function benchKeptSearch({ rounds = 20 } = {}) {
  const loadAtStart = loadAverage();
  const { wordpress, seeded, plain, printed } = await startDonationsSite();
  try {
    const { url } = wordpress.site;

    // Each first search after every kept answer is forgotten; the same search asked again right after.
    const firsts = [];
    const agains = [];
    let wire = 0;
    let json = 0;
    let encoding = 'none';
    for (let round = 0; round < Math.max(3, rounds / 4); round += 1) {
      await wordpress.runPhp('donation_widgets_forget_answers();');
      const first = await timedGet(url, ROUTE, GZIP);
      if (first.headers['x-donation-widgets-cache'] !== 'miss')
        throw new Error(`the first search was not a miss: ${first.headers['x-donation-widgets-cache']}`);
      firsts.push(first.ms);
      for (let again = 0; again < 4; again += 1) {
        const answer = await timedGet(url, ROUTE, GZIP);
        if (answer.headers['x-donation-widgets-cache'] !== 'hit')
          throw new Error('a search asked again was not a hit');
        agains.push(answer.ms);
      }
      const decoded = first.headers['content-encoding'] === 'gzip' ? gunzipSync(first.body) : first.body;
      const found = JSON.parse(decoded.toString()).data?.donations?.length ?? 0;
      if (found !== seeded.inRange)
        throw new Error(`the route found ${found} donations, not ${seeded.inRange}`);
      wire = first.body.length;
      json = decoded.length;
      encoding = String(first.headers['content-encoding'] ?? 'none');
    }

    // The page with the search printed, its answer kept, against the page without, round by round.
    await timedGet(url, printed);
    const plainTimes = [];
    const printedTimes = [];
    for (let round = 0; round < rounds + 3; round += 1) {
      const order = round % 2 ? [printed, plain] : [plain, printed];
      const times = {};
      for (const address of order) times[address] = (await timedGet(url, address)).ms;
      if (round < 3) continue;
      plainTimes.push(times[plain]);
      printedTimes.push(times[printed]);
    }

    const loaded = await benchKeptSearchLoad(wordpress.site, wordpress.runPhp, {
      center: SEARCH.zipcode,
      radius: SEARCH.radius,
      days: SEARCH.days,
    });

    const first = summarize(firsts).median;
    const again = summarize(agains).median;
    const againGoal = Math.max(40, first * 0.2);
    const extra = summarize(printedTimes.map((value, i) => value - plainTimes[i])).median;
    const share = wire / json;
    const goals = [
      {
        name: "A search's answer on the wire ≤ 25% of its JSON",
        met: share <= 0.25,
        detail: `${(share * 100).toFixed(1)}% (${wire.toLocaleString('en-US')} of ${json.toLocaleString('en-US')} bytes, ${encoding})`,
      },
      {
        name: 'A search asked again: median ≤ max(40 ms, 20% of the first)',
        met: again <= againGoal,
        detail: `${msText(again)} against ${msText(againGoal)} (the first: ${msText(first)})`,
      },
      {
        name: 'A printed search page, warm: ≤ the plain page + 60 ms',
        met: extra <= 60,
        detail: `+${msText(extra)} (median of the rounds' differences)`,
      },
      {
        name: `${loaded.searches} searches over ${loaded.zips} zips, ${loaded.atOnce} at a time, the store filled: p95 ≤ 150 ms, 0 errors`,
        met: loaded.kept.p95 <= 150 && loaded.kept.errors === 0,
        detail: `p95 ${msText(loaded.kept.p95)}, ${loaded.kept.errors} errors (without the store: p95 ${msText(loaded.unkept.p95)}, ${loaded.unkept.errors} errors)`,
      },
    ];
    const markdown = [
      HEADING,
      '',
      `Written by \`node bench/scripts/run.mjs --only=kept-search\` (also a step of \`npm run bench\`) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average (1/5/15 min) ${loadAtStart} at the start`,
      `and ${loadAverage()} at the end: other work shared the two cores, so times are slower and noisier than on an idle machine.`,
      '',
      `WordPress ${wordpress.wordpressVersion} behind PHP's built-in server, which compresses nothing, with the plugin at its`,
      `defaults and Donation Manager's route as the WordPress suite's stand-in runs it over ${seeded.donations.toLocaleString('en-US')} donations;`,
      `${SEARCH.zipcode} / ${SEARCH.radius} miles / ${SEARCH.days} days finds ${seeded.inRange.toLocaleString('en-US')}. Each first search follows the plugin forgetting`,
      'every kept answer; four more of the same follow it. Times to the last byte, each request on a new connection.',
      '',
      table(
        ['what', 'median', 'requests'],
        [
          ['the first search (kept answers forgotten)', msText(first), String(firsts.length)],
          ['the same search asked again', msText(again), String(agains.length)],
          ['the page, no search', msText(summarize(plainTimes).median), String(plainTimes.length)],
          [
            'the page, search printed, warm',
            msText(summarize(printedTimes).median),
            String(printedTimes.length),
          ],
        ],
      ),
      '',
      `The answer travelled as ${encoding}: ${wire.toLocaleString('en-US')} bytes for ${json.toLocaleString('en-US')} of JSON.`,
      '',
      `Under load (bench/scripts/kept-search-load.mjs): ${loaded.searches} searches over ${loaded.zips} zips within ${SEARCH.radius / 2} miles of ${SEARCH.zipcode}, each ${SEARCH.radius} miles and`,
      `${SEARCH.days} days, ${loaded.atOnce} at a time, after one pass over the zips (which fills the store when it is on); PHP's built-in server has 4 workers.`,
      '',
      table(
        ['', 'median', 'p95', 'errors', 'answered from the store'],
        [
          [
            'with the store',
            msText(loaded.kept.p50),
            msText(loaded.kept.p95),
            String(loaded.kept.errors),
            String(loaded.kept.hits),
          ],
          [
            'without (life 0)',
            msText(loaded.unkept.p50),
            msText(loaded.unkept.p95),
            String(loaded.unkept.errors),
            String(loaded.unkept.hits),
          ],
        ],
      ),
    ].join('\n');
    return { markdown, goals };
  } finally {
    await wordpress.stop();
  }
}
