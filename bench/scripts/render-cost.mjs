/**
 * Render cost of a search answer in Chromium, the donors-search island against the floor, for 100,
 * 1,000 and 10,000 donations (Leaflet, tiles blocked). Island and floor alternate run by run, so a
 * slow moment of the machine hits both alike.
 */
import { startMockServer } from '../../mock-server/server.js';
import { donationsResponse } from '../lib/donations-response.mjs';
import { distPath } from '../lib/page-scripts.mjs';
import { measureFloor, measureIsland } from '../lib/render-probe.mjs';
import { ms, repeat, summarize, table } from '../lib/stats.mjs';

const SIZES = [
  { rows: 100, runs: 5 },
  { rows: 1000, runs: 5 },
  { rows: 10_000, runs: 3 },
];
/** A task this long delays a keypress noticeably. */
const LONG_TASK_MS = 50;
/** The island's main-thread time may exceed the floor's by this factor, per size. */
const FLOOR_RATIO_GOAL = { 1000: 1.1, 10000: 1.2 };
/** Marker elements in the DOM at the first view of 10,000 donations: clusters keep the map readable. */
const MARKER_ELEMENTS_GOAL = 50;

// The warm-up answer names the same zips (so their boundaries are cached) but has no coordinates: its
// markers would otherwise still be on the map when the measured answer's markers are counted.
const warmUpAnswer = () => {
  const answer = donationsResponse(300, 2);
  for (const donation of answer.data.donations) donation.coordinates = false;
  return { body: JSON.stringify(answer), rows: 300, markers: 0 };
};

// The browser reports no task under 50 ms, so a run without one is shown as "< 50".
const taskMs = (value) => (value === 0 ? `< ${LONG_TASK_MS}` : value.toFixed(0));
const longest = ({ median, min, max }) =>
  max === 0 ? `none ≥ ${LONG_TASK_MS} ms` : `${taskMs(median)} ms (${taskMs(min)}–${taskMs(max)})`;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} distDir the build to serve, relative to the repository root
 * @returns {Promise<{ markdown: string, goals: { name: string, met: boolean, detail: string }[] }>} */
export async function benchRenderCost(browser, distDir) {
  const server = await startMockServer({ port: 0, quiet: true, distDir: distPath(distDir) });
  const warmUp = warmUpAnswer();
  const rows = [];
  const goals = [];
  try {
    for (const size of SIZES) {
      const answer = {
        body: JSON.stringify(donationsResponse(size.rows)),
        rows: size.rows,
        markers: size.rows,
      };
      const runs = await repeat(size.runs, async () => ({
        island: await measureIsland(browser, server.url, answer, warmUp),
        floor: await measureFloor(browser, server.url, answer.body),
      }));
      const of = (who, key) => summarize(runs.map((run) => run[who][key]));
      const island = {
        main: of('island', 'mainThreadMs'),
        wall: of('island', 'wallMs'),
        task: of('island', 'longestTaskMs'),
        markers: of('island', 'markerElements'),
      };
      const floor = {
        main: of('floor', 'mainThreadMs'),
        wall: of('floor', 'wallMs'),
        task: of('floor', 'longestTaskMs'),
      };
      const ratio = island.main.median / floor.main.median;
      rows.push([
        size.rows.toLocaleString('en'),
        ms(island.main, 0),
        ms(island.wall, 0),
        longest(island.task),
        ms(floor.main, 0),
        ms(floor.wall, 0),
        longest(floor.task),
        `${ratio.toFixed(2)}×`,
        island.markers.max.toFixed(0),
      ]);
      const goal = FLOOR_RATIO_GOAL[size.rows];
      if (goal) {
        const rows = size.rows.toLocaleString('en');
        goals.push({
          name: `${rows} donations: ≤ ${goal}× the floor (main-thread time, every row reachable, markers drawn)`,
          met: ratio <= goal,
          detail: `${ratio.toFixed(2)}×`,
        });
        goals.push({
          name: `no task over ${LONG_TASK_MS} ms at ${rows} donations`,
          met: island.task.max < LONG_TASK_MS,
          detail: longest(island.task),
        });
      }
      if (size.rows === 10_000) {
        goals.push({
          name: `≤ ${MARKER_ELEMENTS_GOAL} marker elements at the first view of 10,000 donations`,
          met: island.markers.max <= MARKER_ELEMENTS_GOAL,
          detail: `${island.markers.max.toFixed(0)} (clusters and single donations)`,
        });
      }
    }
  } finally {
    await server.close();
  }
  const markdown = [
    '## Render cost: search answer → rows and markers on screen',
    '',
    'Chromium, Leaflet provider, tiles blocked; the answer is fulfilled by `page.route` with exactly N donations',
    'over 60 Chicago zips (bench/lib/donations-response.mjs), searched at 30 miles. The island runs a warm-up search',
    'first (map code downloaded, map created, boundaries cached), then the measured one. Window: from releasing',
    'the answer until every row is reachable (the table shows its first page of 100 and its pager names the full',
    'count; with 100 or fewer, every row is in), the markers of the first view stand for every donation (each',
    "cluster for its count), and a frame has run. *Main thread* is Chromium's TaskDuration over the",
    'window; *wall* is from the response end to that frame; *longest task* from PerformanceObserver `longtask`.',
    'The floor writes every row (escaped) into a table with one `innerHTML` assignment: no map, no framework.',
    '*Marker elements* are the donation markers in the DOM at the first view (the most over the runs).',
    'Median (min–max).',
    '',
    table(
      [
        'donations',
        'island main thread',
        'island wall',
        'island longest task',
        'floor main thread',
        'floor wall',
        'floor longest task',
        'island / floor (main thread)',
        'marker elements',
      ],
      rows,
    ),
  ].join('\n');
  return { markdown, goals };
}
