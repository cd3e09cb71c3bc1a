/**
 * Searches under a stream of donations, a part of bench/scripts/growing-search.mjs on its site: 6
 * searchers ask a city's zips one after another for a minute, each as soon as its last answer came,
 * while a donor files a donation in that city every 10 s (as Donation Manager files one: post, meta,
 * pickup code) and one more visitor asks a second city's zips every half second. One pass over every
 * zip first (at most 90 s of it), so the store holds what it can keep.
 */
import { percentile } from '../lib/printed-search-requests.mjs';
import { cacheOf, GZIP, timedRequest } from '../lib/timed-request.mjs';

export const SEARCHERS = 6;
export const SECONDS = 60;
export const DONATION_EVERY_S = 10;
const SECOND_CITY_PAUSE_MS = 500;
const WARM_S = 90;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One search, as the load records it. */
async function search(site, zip, search, clock) {
  const start = clock();
  const answer = await timedRequest(
    site,
    `/wp-json/donations/v1/search/${zip}/${search.radius}/${search.days}`,
    {
      headers: GZIP,
    },
  );
  const ok = answer.status === 200 && String(answer.headers['content-type']).startsWith('application/json');
  return { zip, start, end: clock(), ms: answer.ms, ok, cache: cacheOf(answer) };
}

/**
 * Misses of one zip that ran at the same time with no donation filed between their starts: one answer
 * computed twice at once. (A request that began after a donation cannot use an answer begun before it.)
 */
export function computedTwice(records, donations) {
  const misses = records.filter((r) => r.cache === 'miss').sort((a, b) => a.start - b.start);
  let twice = 0;
  misses.forEach((a, i) => {
    for (const b of misses.slice(i + 1)) {
      if (b.start >= a.end) break;
      if (b.zip === a.zip && !donations.some((d) => d.at > a.start && d.at < b.start)) twice += 1;
    }
  });
  return twice;
}

/**
 * @param {string} site
 * @param {{ zips: string[], secondZips: string[], radius: number, days: number, seconds?: number }} options
 */
export async function streamLoad(site, { zips, secondZips, radius, days, seconds = SECONDS }) {
  const query = { radius, days };
  const warm = [...zips, ...secondZips];
  // At most WARM_S of it: where every answer costs seconds (the largest sites, the fast path off), the rest
  // stays cold and the minute's first asks are misses.
  const warmUntil = performance.now() + WARM_S * 1000;
  await Promise.all(
    Array.from({ length: SEARCHERS }, async (_, w) => {
      for (let i = w; i < warm.length && performance.now() < warmUntil; i += SEARCHERS)
        await search(site, warm[i], query, () => 0);
    }),
  );
  const began = performance.now();
  const clock = () => performance.now() - began;
  const running = () => clock() < seconds * 1000;
  const records = [];
  const second = [];
  const donations = [];
  let next = 0;
  const searchers = Array.from({ length: SEARCHERS }, async () => {
    while (running()) {
      const zip = zips[next % zips.length];
      next += 1;
      records.push(await search(site, zip, query, clock));
    }
  });
  const secondCity = (async () => {
    for (let i = 0; running(); i += 1) {
      second.push(await search(site, secondZips[i % secondZips.length], query, clock));
      await sleep(SECOND_CITY_PAUSE_MS);
    }
  })();
  const donor = (async () => {
    for (let i = 0; (i + 0.5) * DONATION_EVERY_S < seconds; i += 1) {
      await sleep(Math.max(0, (i + 0.5) * DONATION_EVERY_S * 1000 - clock()));
      const zip = zips[(i * 5) % zips.length];
      const at = clock();
      const filed = await timedRequest(site, `/wp-json/donations-bench/v1/donate/${zip}`, { method: 'POST' });
      donations.push({ at, zip, ok: filed.status === 200, ms: filed.ms });
    }
  })();
  await Promise.all([...searchers, secondCity, donor]);
  const elapsed = Math.max(...records.map((r) => r.end)) / 1000;
  const times = records.map((r) => r.ms);
  const count = (cache) => records.filter((r) => r.cache === cache).length;
  return {
    searches: records.length,
    perSecond: records.length / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    errors: records.filter((r) => !r.ok).length,
    caches: { hit: count('hit'), miss: count('miss'), wait: count('wait'), bypass: count('bypass') },
    twice: computedTwice(records, donations),
    donations: donations.length,
    donationErrors: donations.filter((d) => !d.ok).length,
    secondSearches: second.length,
    secondHits: second.filter((r) => r.cache === 'hit').length,
    secondErrors: second.filter((r) => !r.ok).length,
  };
}
