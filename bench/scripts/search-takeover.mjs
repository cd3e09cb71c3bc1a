/**
 * The donors search in view, from load to the island's takeover, in Chromium: the script bytes a
 * visitor who only reads the page downloads (page loaded, nothing touched, the network idle), then a
 * pointer and a focus on the form, and every layout shift from load until the island has mounted.
 * Written for any loading strategy: whatever downloads before the visitor reaches for the form counts
 * as "before intent", and the takeover is over once the island's chunk has arrived and the network is
 * idle again.
 */
import { readFileSync } from 'node:fs';
import { openIsolatedPage } from '../lib/browser.mjs';
import { trackNetwork } from '../lib/network-idle.mjs';
import { reachForSearch } from '../lib/page-rows.mjs';
import { requestedScripts, totalBytes } from '../lib/page-scripts.mjs';
import { kb, table } from '../lib/stats.mjs';

const PAGE = '/islands/donors-search/';
/** The island's own chunk: once it has been requested, the island is on its way to taking over. */
const ISLAND_CHUNK = /\/dist\/chunks\/donors-search-[^/]*\.js$/;
/**
 * The goal for the search page before intent (the loader, the submit lock and the intent strategy): its
 * enforced budget, in every viewport.
 */
export const BYTES_GOAL = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .budgets.donorsSearchBeforeIntent;
export const SHIFT_GOAL = 0.01;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * The layout shifts Chromium reports, gathered from the first paint on (an init script, so none is
 * missed), each with whether the visitor had just given input (which Core Web Vitals leave out of CLS).
 */
function recordLayoutShifts() {
  /** @type {{ value: number, hadRecentInput: boolean, time: number }[]} */
  const shifts = [];
  const keep = (entries) => {
    for (const e of entries)
      shifts.push({ value: e.value, hadRecentInput: e.hadRecentInput, time: e.startTime });
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  Object.defineProperty(window, '__benchLayoutShifts', {
    value: () => {
      keep(observer.takeRecords());
      return shifts;
    },
  });
}

/** Two frames, so that what the last task changed has been laid out and its shifts reported. */
const afterTwoFrames = (page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * Sums shifts in two parts: up to `intentAt` (load) and after it (the takeover). Every shift counts,
 * recent input or not: a pointer and a focus give none, and the goal is about what the visitor sees.
 * @param {{ value: number, time: number }[]} shifts
 * @param {number} intentAt page time of the first pointer move
 */
export function splitShifts(shifts, intentAt) {
  const sum = (list) => list.reduce((total, s) => total + s.value, 0);
  const atLoad = sum(shifts.filter((s) => s.time < intentAt));
  const takeover = sum(shifts.filter((s) => s.time >= intentAt));
  return { atLoad, takeover, total: atLoad + takeover };
}

/**
 * One run at one viewport.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {{ width: number, height: number }} viewport
 * @param {import('../lib/page-scripts.mjs').BuiltFile[]} built
 */
async function measure(browser, baseUrl, viewport, built) {
  let network;
  const { context, page, requests } = await openIsolatedPage(browser, baseUrl, {
    before: async (p) => {
      network = trackNetwork(p);
      await p.addInitScript(recordLayoutShifts);
    },
  });
  try {
    await page.setViewportSize(viewport);
    await page.goto(new URL(PAGE, baseUrl).href, { waitUntil: 'load' });
    await network.idle();
    await afterTwoFrames(page);
    await network.idle();
    const beforeIntent = requestedScripts(requests, built);
    const chunkBeforeIntent = requests.some((url) => ISLAND_CHUNK.test(url));

    // Intent: the pointer comes onto the form, then its first field takes focus.
    const intentAt = await page.evaluate(() => performance.now());
    await reachForSearch(page);
    if (!requests.some((url) => ISLAND_CHUNK.test(url)))
      await page.waitForRequest(ISLAND_CHUNK, { timeout: 20_000 }).catch(() => {
        throw new Error(
          `${PAGE}: the donors search's chunk was not requested after a pointer and a focus on it`,
        );
      });
    await network.idle();
    await afterTwoFrames(page);
    const shifts = await page.evaluate(() => window.__benchLayoutShifts());
    return {
      bytes: totalBytes(beforeIntent),
      files: beforeIntent.map((f) => f.file),
      chunkBeforeIntent,
      shifts: splitShifts(shifts, intentAt),
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl a mock server serving the build whose sizes are `built`
 * @param {import('../lib/page-scripts.mjs').BuiltFile[]} built
 * @returns {Promise<{ markdown: string, goals: { name: string, met: boolean, detail: string }[] }>}
 */
export async function benchSearchTakeover(browser, baseUrl, built) {
  const runs = [];
  for (const viewport of VIEWPORTS)
    runs.push({ viewport, ...(await measure(browser, baseUrl, viewport, built)) });
  const worstBytes = Math.max(...runs.map((r) => r.bytes));
  const worstShift = Math.max(...runs.map((r) => r.shifts.total));
  const goals = [
    {
      name: `donors search in view (\`${PAGE}\`), before intent: ≤ ${kb(BYTES_GOAL)} gzip of script`,
      met: worstBytes <= BYTES_GOAL,
      detail: kb(worstBytes),
    },
    {
      name: 'layout shift from load through the search island taking over: ≤ 0.01',
      met: worstShift <= SHIFT_GOAL,
      detail: worstShift.toFixed(3),
    },
  ];
  const markdown = [
    '## The donors search in view: before intent, and the takeover',
    '',
    `Chromium opens \`${PAGE}\` and waits for the network to be idle (nothing in flight for 500 ms) with`,
    'nothing touched: *before intent* is the script the page downloaded by then (gzip, from sizes.json). Then',
    "the pointer moves onto the search's host and its first field takes focus; once the island's chunk has",
    'been requested and the network is idle again, the layout shifts Chromium reported (PerformanceObserver',
    '`layout-shift`, from the first paint) are summed: up to the pointer, and after it. Every shift counts,',
    'whether or not it follows input.',
    '',
    table(
      [
        'viewport',
        'script before intent',
        'files',
        "island's code before intent",
        'shift at load',
        'shift at takeover',
        'total',
      ],
      runs.map((r) => [
        `${r.viewport.name} ${r.viewport.width}×${r.viewport.height}`,
        kb(r.bytes),
        r.files.length,
        r.chunkBeforeIntent ? 'downloaded' : 'not downloaded',
        r.shifts.atLoad.toFixed(3),
        r.shifts.takeover.toFixed(3),
        r.shifts.total.toFixed(3),
      ]),
    ),
  ].join('\n');
  return { markdown, goals };
}
