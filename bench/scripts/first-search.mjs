/**
 * The first search on a slow phone's network, in Chromium: the donors search page is opened, the
 * visitor reaches for the form (its code loads on intent) and, once the island has taken the form over
 * and the network is idle, clicks Search on a zip code. Timed in the page from the click: when the
 * search request leaves, when the first result row shows and when the first marker shows. Anything
 * the click runs or downloads before the request shows in the first; a download sharing the slow link
 * with the answer, or a chain of chunks fetched one after another before the map, shows as round trips.
 */
import { openIsolatedPage } from '../lib/browser.mjs';
import { trackNetwork } from '../lib/network-idle.mjs';
import { reachForSearch } from '../lib/page-rows.mjs';
import { repeat, summarize, table } from '../lib/stats.mjs';

const PAGE = '/islands/donors-search/';
/** The same search on the markup Donation Manager prints, which the island takes over (its form is the host). */
export const DONATION_MANAGER = {
  path: '/donation-manager/donors-in-your-area/',
  host: 'form#donors-in-your-area',
};
/** A slow phone: every request waits one 150 ms round trip, and 1.6 Mbit/s down (Lighthouse's slow 4G). */
export const THROTTLE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/**
 * The bench's zip code, whose answer (hundreds of donations) is bigger than the map's code, and one
 * with a small answer, where the map's code is the bigger download and markers wait for it.
 */
const ZIP = '10001';
export const SMALL_ANSWER_ZIP = '98101';
export const RUNS = 5;
export const REQUEST_GOAL_MS = 100;
export const ROWS_GOAL_MS = 450;
export const ROWS_GOAL_TRIPS = 3;
export const MARKER_GOAL_TRIPS = 2;

/**
 * Page-time stamps of the click on Search (the input event's own time, so a busy main thread that
 * delays its handling counts), the first row and the first marker, kept from the first paint on.
 */
function recordFirstSearch() {
  const marks = {};
  addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button[type=submit]'))
        marks.click ??= event.timeStamp;
    },
    { capture: true },
  );
  new MutationObserver(() => {
    if (marks.click === undefined) return;
    if (!marks.rows && document.querySelector('.donors-search-table tbody tr'))
      marks.rows = performance.now();
    if (!marks.markers && document.querySelector('.donors-search-marker')) marks.markers = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
  Object.defineProperty(window, '__benchFirstSearch', {
    value: () => {
      const search = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/donations/v1/search'));
      return {
        ...marks,
        request: search?.startTime,
        // How long its bytes took to come down, from the first to the last: what the throttle made of them.
        answerDownload: search && search.responseEnd - search.responseStart,
      };
    },
  });
}

const ISLAND_MARKUP = { path: PAGE, host: '[data-island="donors-search"]' };

/**
 * The search answer as Chromium took it off the network, where its emulation throttles: the bytes it
 * counted (loadingFinished's encodedDataLength, headers and body as they came, compressed or not) and
 * the Content-Encoding they came in.
 * @param {import('playwright-core').CDPSession} cdp
 * @returns {Promise<{ wireBytes: number, encoding: string }>}
 */
function answerOnTheWire(cdp) {
  return new Promise((resolve) => {
    let requestId;
    let encoding = 'none';
    cdp.on('Network.responseReceived', ({ requestId: id, response }) => {
      if (!response.url.includes('/donations/v1/search/')) return;
      requestId = id;
      const header = Object.keys(response.headers).find((name) => name.toLowerCase() === 'content-encoding');
      if (header) encoding = response.headers[header];
    });
    cdp.on('Network.loadingFinished', ({ requestId: id, encodedDataLength }) => {
      if (requestId !== undefined && id === requestId) resolve({ wireBytes: encodedDataLength, encoding });
    });
  });
}

/** One first search in a fresh context: milliseconds after the click, and the answer's bytes. */
async function once(browser, baseUrl, markup = ISLAND_MARKUP, zip = ZIP) {
  let network;
  let answer;
  const { context, page } = await openIsolatedPage(browser, baseUrl, {
    before: async (p) => {
      network = trackNetwork(p);
      await p.addInitScript(recordFirstSearch);
      const cdp = await p.context().newCDPSession(p);
      answer = answerOnTheWire(cdp);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
    },
  });
  try {
    await page.goto(new URL(markup.path, baseUrl).href, { waitUntil: 'load' });
    await network.idle();
    await reachForSearch(page, markup.host);
    // The island's code loads on intent, after a dwell: network idle alone can come before it starts.
    await page.locator(`${markup.host}[data-mounted]`).waitFor({ state: 'attached' });
    await network.idle();
    await page.fill('#zipcode', zip);
    await page.click('#donors-in-your-area button[type=submit]');
    await page.waitForFunction(
      () => {
        const marks = window.__benchFirstSearch();
        return marks.markers !== undefined && marks.request !== undefined;
      },
      undefined,
      { timeout: 60_000 },
    );
    const marks = await page.evaluate(() => window.__benchFirstSearch());
    return {
      request: marks.request - marks.click,
      rows: marks.rows - marks.click,
      markers: marks.markers - marks.click,
      answerDownload: marks.answerDownload,
      ...(await answer),
    };
  } finally {
    await context.close();
  }
}

/** How long `bytes` take to come down the throttled link when nothing else shares it. */
export const downloadMs = (bytes) => (bytes / THROTTLE.downloadThroughput) * 1000;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @returns {Promise<{ request: ReturnType<typeof summarize>, rows: ReturnType<typeof summarize>, markers: ReturnType<typeof summarize>, answerDownload: ReturnType<typeof summarize>, wireBytes: number, encoding: string, answerMs: number, rowTrips: number, trips: number }>}
 */
export async function measureFirstSearch(browser, baseUrl, runs = RUNS, markup = ISLAND_MARKUP, zip = ZIP) {
  const results = await repeat(runs, () => once(browser, baseUrl, markup, zip));
  const of = (key) => summarize(results.map((r) => r[key]));
  const request = of('request');
  const rows = of('rows');
  const markers = of('markers');
  const wireBytes = of('wireBytes').median;
  const answerMs = downloadMs(wireBytes);
  return {
    request,
    rows,
    markers,
    answerDownload: of('answerDownload'),
    wireBytes,
    encoding: [...new Set(results.map((r) => r.encoding))].join(', '),
    answerMs,
    // What the rows wait for beyond the answer itself: its round trip, the server, anything sharing the link.
    rowTrips: (rows.median - request.median - answerMs) / THROTTLE.latency,
    trips: (markers.median - rows.median) / THROTTLE.latency,
  };
}

const msOf = (s) => `${s.median.toFixed(0)} ms (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl a site compressing its search answers, as the plugin does by default
 * @param {{ date: string, request: number, rows: number, markers?: number }} baseline the medians
 *   recorded earlier, from the click, kept in bench/results/first-search-baseline.json
 * @param {string} uncompressedUrl the same site with the plugin's compression off
 */
export async function benchFirstSearch(browser, baseUrl, baseline, uncompressedUrl) {
  const now = await measureFirstSearch(browser, baseUrl);
  const plain = await measureFirstSearch(browser, uncompressedUrl);
  const notCompressing = (text) => `; not compressing: ${text}`;
  const goals = [
    {
      name: `first search, throttled: the request leaves ≤ ${REQUEST_GOAL_MS} ms after the click`,
      met: now.request.median <= REQUEST_GOAL_MS,
      detail: `${now.request.median.toFixed(0)} ms`,
    },
    {
      name: `first search, throttled: rows ≤ ${ROWS_GOAL_TRIPS} round trips after the request, beyond the answer's own download`,
      met: now.rowTrips <= ROWS_GOAL_TRIPS,
      detail: `${now.rowTrips.toFixed(1)} (${(now.rows.median - now.request.median).toFixed(0)} ms, ${now.answerMs.toFixed(0)} of them the answer)`,
    },
    {
      name: `first search, throttled, the site compressing: rows ≤ ${ROWS_GOAL_MS} ms after the click`,
      met: now.rows.median <= ROWS_GOAL_MS,
      detail: `${now.rows.median.toFixed(0)} ms${notCompressing(`${plain.rows.median.toFixed(0)} ms`)}`,
    },
    {
      name: `first search, throttled, the site compressing: markers ≤ ${MARKER_GOAL_TRIPS} round trips after the rows`,
      met: now.trips <= MARKER_GOAL_TRIPS,
      detail: `${now.trips.toFixed(1)} (${(now.markers.median - now.rows.median).toFixed(0)} ms${notCompressing(
        `${plain.trips.toFixed(1)}, ${(plain.markers.median - plain.rows.median).toFixed(0)} ms`,
      )})`,
    },
  ];
  const then = (key) => (baseline[key] === undefined ? '—' : `${baseline[key].toFixed(0)} ms`);
  const row = (label, key) => [label, then(key), msOf(now[key])];
  const markdown = [
    '## The first search on a slow network',
    '',
    `Chromium opens \`${PAGE}\` with its network throttled to a slow phone's (${THROTTLE.latency} ms round trip,`,
    '1.6 Mbit/s down, 750 kbit/s up, through the DevTools protocol), the pointer comes onto the form and its',
    'first field takes focus, and once the island has taken the form over and the network is idle, Search is',
    `clicked on zip ${ZIP}. The site compresses its search answers, as the plugin does by default. Times are from`,
    "the click (the input event's own time), in the page's own clock: the search request leaving (its resource",
    'timing), the first result row and the first marker in the DOM.',
    `Median (min–max) of ${RUNS} runs, each in a fresh context with an empty cache. The answer's own download`,
    `is its bytes on the wire at the profile's speed (${now.answerMs.toFixed(0)} ms): rows cannot come sooner than that after`,
    "one round trip. The map's chunks, asked for once the request has left, share the link with the answer:",
    "part of the rows' wait beyond it, the price of markers that follow the rows at once.",
    `*${baseline.date}* is what was recorded then (bench/results/first-search-baseline.json).`,
    '',
    table(
      ['from the click to', baseline.date, 'now'],
      [
        row('the search request leaving', 'request'),
        row('the first result row', 'rows'),
        row('the first marker', 'markers'),
        [
          "rows after the request, beyond the answer's own download, in round trips",
          '—',
          now.rowTrips.toFixed(1),
        ],
        [
          'markers after rows, in round trips',
          baseline.markers === undefined
            ? '—'
            : ((baseline.markers - baseline.rows) / THROTTLE.latency).toFixed(1),
          now.trips.toFixed(1),
        ],
      ],
    ),
  ].join('\n');
  const onDonationManager = await measureFirstSearch(browser, baseUrl, RUNS, DONATION_MANAGER);
  const small = await measureFirstSearch(browser, baseUrl, RUNS, ISLAND_MARKUP, SMALL_ANSWER_ZIP);
  goals.push({
    name: `first search, throttled, a small answer (${SMALL_ANSWER_ZIP}): markers ≤ ${MARKER_GOAL_TRIPS} round trips after the rows`,
    met: small.trips <= MARKER_GOAL_TRIPS,
    detail: `${small.trips.toFixed(1)} (${(small.markers.median - small.rows.median).toFixed(0)} ms)`,
  });
  return {
    markdown: [
      markdown,
      compressionMarkdown(now, plain),
      donationManagerMarkdown(now, onDonationManager),
      smallAnswerMarkdown(now, small),
    ].join('\n\n'),
    goals,
    now,
    plain,
    onDonationManager,
    small,
  };
}

/**
 * The same first search for a zip with a small answer, where the map's code, not the answer, is the
 * bigger download: the markers wait for the last file of the map's code, and any file found only once
 * another has arrived costs them a round trip.
 * @param {Awaited<ReturnType<typeof measureFirstSearch>>} big
 * @param {Awaited<ReturnType<typeof measureFirstSearch>>} small
 */
function smallAnswerMarkdown(big, small) {
  const row = (label, key) => [label, msOf(big[key]), msOf(small[key])];
  const kb = (result) => (result.wireBytes / 1024).toFixed(0);
  return [
    `The same on the island's markup for ${SMALL_ANSWER_ZIP}, whose answer is small beside the map's code:`,
    '',
    table(
      [
        'from the click on Search to',
        `${ZIP} (answer ${kb(big)} KB)`,
        `${SMALL_ANSWER_ZIP} (answer ${kb(small)} KB)`,
      ],
      [
        row('the search request leaving', 'request'),
        row('the first result row', 'rows'),
        row('the first marker', 'markers'),
        ['markers after rows, in round trips', big.trips.toFixed(1), small.trips.toFixed(1)],
      ],
    ),
  ].join('\n');
}

/**
 * The same first search with the site compressing its answers and not, measured in the same run: the
 * answer's bytes as Chromium counted them off the wire, where its throttle meters them, and how long
 * the page saw them take to come down.
 * @param {Awaited<ReturnType<typeof measureFirstSearch>>} compressed
 * @param {Awaited<ReturnType<typeof measureFirstSearch>>} plain
 */
function compressionMarkdown(compressed, plain) {
  const row = (label, key) => [label, msOf(compressed[key]), msOf(plain[key])];
  const bytes = (result) => `${result.wireBytes.toLocaleString('en')} bytes`;
  // Had the throttle metered the unpacked bytes, the compressed answer could come down no sooner than the plain one's.
  const metered =
    compressed.answerDownload.median < plain.answerMs
      ? `The compressed answer came down in ${compressed.answerDownload.median.toFixed(0)} ms, sooner than its unpacked bytes could at the profile's speed (${plain.answerMs.toFixed(0)} ms): the throttle meters the bytes on the wire.`
      : `The compressed answer took ${compressed.answerDownload.median.toFixed(0)} ms to come down, no sooner than its unpacked bytes would at the profile's speed (${plain.answerMs.toFixed(0)} ms): these figures cannot tell whether the throttle meters the bytes on the wire.`;
  return [
    "The same, on the island's markup, with the site compressing its search answers (the plugin's default,",
    "which the mock server follows) and with that compression off (the mock server's `compressAnswers: false`),",
    "in the same run, Chromium asking for them the same way. The answer's bytes are those Chromium counted off",
    "the wire (the DevTools protocol's `encodedDataLength`: headers and body as they came); its download as",
    "the page saw it is the answer's resource timing, from its first byte to its last, while the map's chunks",
    `share the link. ${metered}`,
    '',
    table(
      [
        'from the click on Search to',
        `the site compressing (${compressed.encoding})`,
        `not compressing (${plain.encoding})`,
      ],
      [
        row('the search request leaving', 'request'),
        row('the first result row', 'rows'),
        row('the first marker', 'markers'),
        ['markers after rows, in round trips', compressed.trips.toFixed(1), plain.trips.toFixed(1)],
        ['the answer on the wire', bytes(compressed), bytes(plain)],
        [
          "the answer's download at the profile's speed",
          `${compressed.answerMs.toFixed(0)} ms`,
          `${plain.answerMs.toFixed(0)} ms`,
        ],
        [
          "the answer's download, as the page saw it",
          msOf(compressed.answerDownload),
          msOf(plain.answerDownload),
        ],
      ],
    ),
  ].join('\n');
}

/**
 * The same first search on Donation Manager's markup, beside the island's own, measured in the same run.
 * @param {Awaited<ReturnType<typeof measureFirstSearch>>} own
 * @param {Awaited<ReturnType<typeof measureFirstSearch>>} original
 */
function donationManagerMarkdown(own, original) {
  const row = (label, key) => [label, msOf(own[key]), msOf(original[key])];
  return [
    `The same, on the markup Donation Manager's \`[donors_in_your_area]\` prints (\`${DONATION_MANAGER.path}\`,`,
    "the project's script alone), which the island takes over on intent as it does its own:",
    '',
    table(
      ['from the click on Search to', "the island's markup", "Donation Manager's markup"],
      [
        row('the search request leaving', 'request'),
        row('the first result row', 'rows'),
        row('the first marker', 'markers'),
        ['markers after rows, in round trips', own.trips.toFixed(1), original.trips.toFixed(1)],
      ],
    ),
  ].join('\n');
}
