/**
 * `npm run bench`: builds both flavours, runs every measurement one after another
 * (never in parallel: they would compete for the cores), writes bench/results/RESULTS.md and prints it.
 * The most timing-sensitive part, rendering in Chromium, runs first, on a machine at rest.
 *
 * `node bench/scripts/run.mjs --only=bytes` measures the bytes alone (bytes per page, the donors search before
 * intent, the behaviour islands and the loader by source), about a minute instead of twenty, and
 * rewrites those sections and goal rows of bench/results/RESULTS.md in place (bench/lib/results-update.mjs).
 * `--only=first-search` does the same for the first search on a slow network, a minute or two;
 * `--only=kept-search` for a search kept and compressed on a real WordPress, a few minutes;
 * `--only=growing-search` for the donors search on a site growing to 50,000 donations while donations arrive,
 * about half an hour (`--scales=1500,15000` and `--seconds=20` shorten it).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '../../mock-server/server.js';
import { launchChromium } from '../lib/browser.mjs';
import { distPath, readBuiltFiles } from '../lib/page-scripts.mjs';
import { updateResults, withSectionPlaces } from '../lib/results-update.mjs';
import { table } from '../lib/stats.mjs';
import { benchBehaviourCosts } from './behaviour-costs.mjs';
import { benchBoundaryRequests } from './boundary-requests.mjs';
import { benchFirstSearch } from './first-search.mjs';
import { benchGrowingSearch } from './growing-search.mjs';
import { HEADING as GROWING_HEADING } from './growing-search-report.mjs';
import { benchKeptSearch, HEADING as KEPT_HEADING } from './kept-search.mjs';
import { benchLazyBackgrounds } from './lazy-backgrounds.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchLoad } from './load-test.mjs';
import { benchNationalBoundaries } from './national-boundaries.mjs';
import { benchPageBytes } from './page-bytes.mjs';
import { benchPreactFlavour } from './preact-flavour.mjs';
import { benchPrintedSearchCost } from './printed-search-cost.mjs';
import { benchRenderCost } from './render-cost.mjs';
import { runSearchLatencyBench } from './search-latency.mjs';
import { benchSearchTakeover } from './search-takeover.mjs';
import { benchStartTime } from './start-time.mjs';
import { benchVendorMinifier } from './vendor-minifier.mjs';
import { benchZipLookup } from './zip-lookup.mjs';

/** The latency rows in the same table style as every other section. */
const searchLatencyTable = (rows) =>
  table(
    [
      'donations',
      'index p50',
      'index p95',
      'scan p50',
      'scan p95',
      'speed-up (p50)',
      'mean matches',
      'index build',
    ],
    rows.map((r) => [
      r.donations.toLocaleString('en'),
      `${r.indexP50Ms.toFixed(3)} ms`,
      `${r.indexP95Ms.toFixed(3)} ms`,
      `${r.scanP50Ms.toFixed(3)} ms`,
      `${r.scanP95Ms.toFixed(3)} ms`,
      `${r.speedup.toFixed(0)}×`,
      r.meanMatches.toFixed(0),
      `${r.buildMs.toFixed(0)} ms`,
    ]),
  );

/** The value of `--name=value` among the arguments, or undefined. */
const argument = (name) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const only = argument('only');
const ONLY = ['bytes', 'first-search', 'kept-search', 'growing-search'];
if (only !== undefined && !ONLY.includes(only))
  throw new Error(`--only takes ${ONLY.join(', ')}, got ${only}`);
const growing = {
  scales: argument('scales')?.split(',').map(Number),
  seconds: argument('seconds') === undefined ? undefined : Number(argument('seconds')),
};
const root = fileURLToPath(new URL('../..', import.meta.url));
// The bench's own builds, so that it measures one consistent build even while `npm test` or
// `npm start` rebuild dist/ beside it (and never swaps dist/ under them).
const FLAVOURS = [
  { name: 'react', dir: 'bench/.cache/dist' },
  { name: 'preact', dir: 'bench/.cache/dist-preact' },
];
const started = performance.now();
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const loadAtStart = load();

/** Runs one part with a progress line on stderr, so stdout stays the report. */
async function step(name, run) {
  const begun = performance.now();
  process.stderr.write(`bench: ${name}…`);
  const result = await run();
  process.stderr.write(` ${((performance.now() - begun) / 1000).toFixed(0)} s\n`);
  return result;
}

// The first search needs the default flavour alone; the kept search none (the plugin zip has its own build).
const built = only === 'first-search' ? FLAVOURS.slice(0, 1) : only?.endsWith('-search') ? [] : FLAVOURS;
await step(`build (${built.map(({ name }) => name).join(', ')})`, () => {
  for (const { name, dir } of built) {
    const args = ['build.mjs', '--quiet', `--flavour=${name}`, `--outdir=${dir}`];
    execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  }
});

/**
 * Runs `bench` against a mock server of its own, serving the default flavour's build, closed afterwards.
 * @template T @param {(url: string) => Promise<T>} bench
 * @param {{ compressAnswers?: boolean }} [options]
 */
async function withMockServer(bench, options = {}) {
  const server = await startMockServer({
    port: 0,
    quiet: true,
    distDir: distPath(FLAVOURS[0].dir),
    ...options,
  });
  try {
    return await bench(server.url);
  } finally {
    await server.close();
  }
}

const { budgets } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const results = fileURLToPath(new URL('../results/RESULTS.md', import.meta.url));

/**
 * Puts the sections and goal rows of a run of one part (`--only=…`) into the results in place, with a
 * line saying what that run wrote, prints them and ends: every other section stays from the full run.
 * @param {string[]} sections @param {{ name: string, met: boolean, detail: string }[]} goals
 * @param {(when: string) => string} note what the run wrote, given its time
 * @param {(text: string) => string} [prepare] what the results need before the update
 */
function writeOnly(sections, goals, note, prepare = (text) => text) {
  process.stdout.write(writeInPlace(sections, goals, note, prepare));
  process.exit(0);
}

/** What writeOnly() writes, without ending: the report as written. */
function writeInPlace(sections, goals, note, prepare = (text) => text) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const report = updateResults(
    prepare(readFileSync(results, 'utf8')),
    sections,
    goals,
    `${note(when)} Every other section is from the run above.`,
  );
  writeFileSync(results, report);
  return report;
}

if (only === 'bytes') {
  const browser = await launchChromium();
  let bytes;
  let takeover;
  try {
    bytes = await step('bytes per page', () => benchPageBytes(browser, FLAVOURS));
    takeover = await step('donors search takeover', () =>
      withMockServer((url) => benchSearchTakeover(browser, url, readBuiltFiles(FLAVOURS[0].dir))),
    );
  } finally {
    await browser.close();
  }
  const behaviourCosts = await step('behaviour islands, per island', () =>
    benchBehaviourCosts(FLAVOURS[0].dir, budgets.behaviourIslands, budgets.loader),
  );
  writeOnly(
    [bytes.markdown, behaviourCosts, takeover.markdown],
    [...bytes.goals, ...takeover.goals],
    (when) =>
      `**Updated by \`node bench/scripts/run.mjs --only=bytes\` on ${when} UTC:** the bytes per page, the behaviour islands, ` +
      'the donors search before intent and their goal rows.',
  );
}

const firstSearchBaseline = () =>
  JSON.parse(readFileSync(new URL('../results/first-search-baseline.json', import.meta.url), 'utf8'));

/** The first search on a site compressing its answers, beside one that does not. */
const firstSearchBeside = (browser, url) =>
  withMockServer((uncompressed) => benchFirstSearch(browser, url, firstSearchBaseline(), uncompressed), {
    compressAnswers: false,
  });

if (only === 'first-search') {
  const browser = await launchChromium();
  let firstSearch;
  try {
    firstSearch = await step('first search, throttled', () =>
      withMockServer((url) => firstSearchBeside(browser, url)),
    );
  } finally {
    await browser.close();
  }
  writeOnly(
    [firstSearch.markdown],
    firstSearch.goals,
    (when) =>
      `**Updated by \`node bench/scripts/run.mjs --only=first-search\` on ${when} UTC, load average ${loadAtStart} at its start:** ` +
      'the first search on a slow network and its goal rows.',
  );
}

if (only === 'kept-search') {
  const kept = await step('a search kept and compressed', () => benchKeptSearch());
  writeOnly(
    [kept.markdown],
    kept.goals,
    (when) =>
      `**Updated by \`node bench/scripts/run.mjs --only=kept-search\` on ${when} UTC, load average ${loadAtStart} at its start:** ` +
      'a search kept and compressed on a real WordPress, and its goal rows.',
    (text) => withSectionPlaces(text, KEPT_HEADING, kept.goals),
  );
}

if (only === 'growing-search') {
  const note = (when) =>
    `**Updated by \`node bench/scripts/run.mjs --only=growing-search\` on ${when} UTC, load average ${loadAtStart} at its start:** ` +
    'the donors search on a growing site receiving donations, and its goal rows.';
  // Each size's results are written as soon as they are measured: a run stopped at a later size keeps them.
  const progress = ({ markdown, goals }) =>
    writeInPlace([markdown], goals, note, (text) => withSectionPlaces(text, GROWING_HEADING, goals));
  const grown = await step('the donors search on a growing site', () =>
    benchGrowingSearch({ ...growing, progress }),
  );
  writeOnly([grown.markdown], grown.goals, note, (text) =>
    withSectionPlaces(text, GROWING_HEADING, grown.goals),
  );
}

const browser = await launchChromium();
const chromiumVersion = browser.version();
let render;
let lighthouse;
let firstSearch;
let bytes;
let takeover;
let lazy;
let boundaries;
try {
  render = await step('render cost', () => benchRenderCost(browser, FLAVOURS[0].dir));
  // Timings too (total blocking time), so also early, while the machine is quiet.
  lighthouse = await step('lighthouse', () => withMockServer((url) => benchLighthouse(url)));
  firstSearch = await step('first search, throttled', () =>
    withMockServer((url) => firstSearchBeside(browser, url)),
  );
  bytes = await step('bytes per page', () => benchPageBytes(browser, FLAVOURS));
  takeover = await step('donors search takeover', () =>
    withMockServer((url) => benchSearchTakeover(browser, url, readBuiltFiles(FLAVOURS[0].dir))),
  );
  lazy = await step('lazy backgrounds', () => withMockServer((url) => benchLazyBackgrounds(browser, url)));
  boundaries = await step('zip boundaries', () =>
    withMockServer((url) => benchBoundaryRequests(browser, url)),
  );
} finally {
  await browser.close();
}
const behaviourCosts = await step('behaviour islands, per island', () =>
  benchBehaviourCosts(FLAVOURS[0].dir, budgets.behaviourIslands, budgets.loader),
);
// A Chromium of its own, so that its peak memory is the run's.
const national = await step('zip boundaries for the whole country', () =>
  benchNationalBoundaries(distPath(FLAVOURS[0].dir)),
);
const zipLookup = await step('"use my location": the zip code file a lookup reads', () => benchZipLookup());
const minifier = await step("a second minifier on React's file", () => benchVendorMinifier(FLAVOURS[0].dir));
const latency = await step('search latency', () => runSearchLatencyBench({ print: false }));
const startTime = await step('npm start', () => benchStartTime());
const loadTest = await step('load test', () => benchLoad());
const preact = await step('preact flavour tests', () => benchPreactFlavour(FLAVOURS[1].dir));
const printedSearch = await step('a printed search on the route as it runs', () => benchPrintedSearchCost());
const keptSearch = await step('a search kept and compressed', () => benchKeptSearch());
const grownSearch = await step('the donors search on a growing site', () => benchGrowingSearch(growing));

const largest = latency.at(-1);
const goals = [
  ...bytes.goals,
  ...takeover.goals,
  ...firstSearch.goals,
  ...lighthouse.goals,
  ...render.goals,
  ...boundaries.goals,
  {
    name: 'search at 1M donations: index p50 ≤ 5 ms',
    met: largest.indexP50Ms <= 5,
    detail: `${largest.indexP50Ms.toFixed(2)} ms`,
  },
  {
    name: 'search at 1M donations: ≥ 50× the scan',
    met: largest.speedup >= 50,
    detail: `${largest.speedup.toFixed(0)}×`,
  },
  ...loadTest.goals,
  ...keptSearch.goals,
  ...grownSearch.goals,
  {
    name: 'preact flavour passes the donors-search tests',
    met: preact.passed,
    detail: preact.passed ? 'all passed' : 'see below',
  },
];
const minutes = ((performance.now() - started) / 60_000).toFixed(1);

const report = `# Benchmark results

Written by \`npm run bench\` (bench/scripts/run.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, in ${minutes} min.
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version},
Chromium ${chromiumVersion}. Load average (1/5/15 min) at start ${loadAtStart}, at the end ${load()}: timings taken
while other work ran on the machine are slower and noisier than on an idle one. Bytes are exact and do not vary.

## Goals

${table(
  ['goal', 'result', ''],
  goals.map((g) => [g.name, g.detail, g.met ? 'met' : '**missed**']),
)}

${bytes.markdown}

${behaviourCosts}

${firstSearch.markdown}

## A second minifier on React's file

React, react-dom and the JSX runtime are one file of their own (\`${minifier.file}\`), minified by esbuild like
every file. Terser 5 (two compress passes, safe options) run after it brings it from ${minifier.esbuild} to
${minifier.terser} bytes gzip, ${minifier.saved} bytes less: ${minifier.worth ? 'worth a second tool in the build (1 KB or more).' : 'under the 1 KB that would pay for a second tool, and a second source map to chain, in the build; so the build does not run it.'}

${takeover.markdown}

${lighthouse.markdown}

${render.markdown}

## Mock search latency: spatial index against a linear scan

\`runSearchLatencyBench()\` from bench/scripts/search-latency.mjs (see mock-server/README.md): 300 random queries per size,
index and scan interleaved on the same data; p50/p95 of the queries.

${searchLatencyTable(latency)}

${startTime}

${lazy}

${boundaries.markdown}

${national.markdown}

${zipLookup}

${loadTest.markdown}

${preact.markdown}

${printedSearch.markdown}

${keptSearch.markdown}

${grownSearch.markdown}
`;

writeFileSync(results, report);
process.stdout.write(report);
