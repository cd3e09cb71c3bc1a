/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone's screen, a 4× slower CPU and
 * a slow 4G connection, simulated) on every demo page, against Debian's Chromium. Chromium resolves no
 * host but the mock server's, so map tiles and Google fail at once instead of leaving a page loading
 * (the demo draws Leaflet, whose tiles are asked for only after a search, which an audit never runs).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../lib/browser.mjs';
import { demoPages } from '../lib/demo-pages.mjs';
import { table } from '../lib/stats.mjs';

/** Runs per page; the median run (by score, then total blocking time) is reported. */
export const RUNS = 3;

/**
 * Chromium with a DevTools port for Lighthouse, which drives it itself; only the mock server's host
 * resolves.
 * @param {string} host the mock server's host
 */
async function startChromium(host) {
  const executablePath = findChromium('browser');
  if (!executablePath)
    throw new Error('no Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH');
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const chromium = spawn(
    executablePath,
    [
      ...CHROMIUM_ARGS,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${host}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Only waited on to clean up; a failure to start is reported by the port's promise below.
  const exited = once(chromium, 'exit').catch(() => {});
  // The profile is removed once Chromium has exited: it writes there until its last moment.
  const stop = async () => {
    if (chromium.exitCode === null && chromium.signalCode === null) chromium.kill();
    await exited;
    // Chromium's helper processes can still be writing there a moment after it exits: retried.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  const port = await new Promise((resolve, reject) => {
    let said = '';
    chromium.stderr.on('data', (data) => {
      said += data;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
      if (match) resolve(Number(match[1]));
    });
    chromium.once('error', reject);
    chromium.once('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before it listened: ${said}`)),
    );
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

/**
 * What one audit says, as Lighthouse's report shows it: the score out of 100 and whole milliseconds.
 * @param {import('lighthouse').Result} lhr
 */
export function auditSummary(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const score = lhr.categories.performance?.score;
  // The longest main-thread task Lighthouse lists, and the script (or page) it is charged to: what
  // the blocking time is made of.
  const [longest] = [...(lhr.audits['long-tasks']?.details?.items ?? [])].sort(
    (a, b) => b.duration - a.duration,
  );
  return {
    longestTask: longest ? { ms: Math.round(longest.duration), url: String(longest.url ?? '') } : null,
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    tbt: Math.round(audit('total-blocking-time') ?? Number.NaN),
    lcp: audit('largest-contentful-paint') ?? Number.NaN,
    cls: audit('cumulative-layout-shift') ?? Number.NaN,
    error: lhr.runtimeError?.message ?? '',
  };
}

/**
 * The median of a page's runs: sorted by score, then by total blocking time (worst first), the
 * middle one. A run that failed has no score and sorts first.
 * @param {ReturnType<typeof auditSummary>[]} runs
 */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1) || b.tbt - a.tbt);
  return sorted[(sorted.length - 1) >> 1];
}

/** Where a task ran, short: a file of the site by its path without the content hash, else as given. */
export function taskSource(url, baseUrl) {
  if (!URL.canParse(url) || new URL(url).origin !== new URL(baseUrl).origin) return url || 'unattributed';
  return new URL(url).pathname.replace(/-[A-Z0-9]{8}\.js$/, '.js');
}

/** The goal for one page: performance 100 and no blocking time. */
export const meetsGoal = (run) => run.score === 100 && run.tbt === 0;

/**
 * @param {string} baseUrl the mock server
 * @returns {Promise<{ markdown: string, goals: { name: string, met: boolean, detail: string }[] }>}
 */
export async function benchLighthouse(baseUrl) {
  const pages = await demoPages(baseUrl);
  const { port, stop } = await startChromium(new URL(baseUrl).hostname);
  const results = [];
  let version = '';
  try {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(new URL(page, baseUrl).href, {
          port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance'],
          maxWaitForLoad: 30_000,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        runs.push(auditSummary(result.lhr));
        version = result.lhr.lighthouseVersion;
      }
      results.push({ page, run: medianRun(runs) });
    }
  } finally {
    await stop();
  }
  const missed = results.filter((r) => !meetsGoal(r.run));
  const lowest = results.reduce((low, r) => ((r.run.score ?? -1) < (low.run.score ?? -1) ? r : low));
  const highestTbt = Math.max(...results.map((r) => r.run.tbt));
  const goals = [
    {
      name: `Lighthouse mobile on every demo page (${pages.length}): performance 100, total blocking time 0 ms`,
      met: missed.length === 0,
      detail:
        missed.length === 0
          ? `all ${pages.length}`
          : `${missed.length} missed; lowest ${lowest.run.score ?? 'no score'} (\`${lowest.page}\`), TBT up to ${highestTbt} ms`,
    },
  ];
  const markdown = [
    '## Lighthouse mobile on every demo page',
    '',
    `Lighthouse ${version}, performance category, its default mobile settings (a phone's screen, 4× CPU`,
    'slowdown and slow 4G, simulated), against the Chromium above; the pages are every page the demo links to',
    `from \`/\`, and the below-the-fold search page. ${RUNS} runs per page, the median run (by score, then total`,
    'blocking time) shown. Chromium resolves only the mock server, so nothing waits on map tiles or Google.',
    'Score and times as the Lighthouse report rounds them; the goal is 100 and 0 ms on every page. *Longest task*',
    'is the longest main-thread task Lighthouse lists and what it is charged to: a file of the site, or',
    "*Unattributable*, the browser's own work (parsing, style, layout, garbage collection), which a busy machine",
    'slows as much as any script (see the load average at the top).',
    '',
    table(
      [
        'page',
        'performance',
        'total blocking time',
        'longest task',
        'largest contentful paint',
        'layout shift',
        '',
      ],
      results.map(({ page, run }) => [
        `\`${page}\``,
        run.score ?? `no score: ${run.error}`,
        `${run.tbt} ms`,
        run.longestTask ? `${run.longestTask.ms} ms (${taskSource(run.longestTask.url, baseUrl)})` : 'none',
        `${(run.lcp / 1000).toFixed(1)} s`,
        run.cls.toFixed(3),
        meetsGoal(run) ? 'met' : '**missed**',
      ]),
    ),
  ].join('\n');
  return { markdown, goals };
}
