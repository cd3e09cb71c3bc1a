/**
 * The settings screen's boundary tool on the whole country, in Chromium: the built tool (dist/admin/) on
 * a page with the section's form, the national-sized stand-in for the Census file picked in its file
 * input (bench/lib/national-zcta.mjs: 33,791 zips, about 150 corners each, a 66 MB zip), and a stand-in site
 * that takes the batches as the route would and checks nothing. Measured: the time from the button to
 * the published answer and of each step, and the tab's peak memory (the high-water mark of the resident
 * memory of its renderer process, which runs the worker too, from /proc). The same input through
 * `npm run boundaries` (Node) for comparison, and whether the files the site got are the command's, byte
 * for byte.
 *   node bench/scripts/national-boundaries.mjs   (rewrites its section of bench/RESULTS.md)
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveTool, TOOL_ORIGIN } from '../../test/boundary-worker-page.mjs';
import { launchChromium } from '../lib/browser.mjs';
import { NATIONAL_ZIPS, nationalZctaFile } from '../lib/national-zcta.mjs';
import { updateResults } from '../lib/results-update.mjs';
import { table } from '../lib/stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HEADING = '## Zip boundary files for the whole country, made in the browser';
/** What the route takes in one request with PHP's default post_max_size (8 MB), as the site says. */
const BATCH = Math.floor(8 * 1024 * 1024 * 0.9) - 16 * 1024;
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The section's form as includes/boundaries/boundaries-screen.php prints it: the ids and labels the script uses. */
const PAGE = `<!doctype html><title>Zip boundaries</title>
<div id="donation-widgets-boundaries-status"><p>None yet.</p></div>
<form id="donation-widgets-boundaries"><fieldset disabled>
<label for="donation-widgets-boundaries-file">The downloaded file</label><input type="file" id="donation-widgets-boundaries-file">
<label for="donation-widgets-boundaries-only">Only these zips</label><input id="donation-widgets-boundaries-only">
<button type="submit">Make and publish the files</button></fieldset>
<div id="donation-widgets-boundaries-progress" hidden><p id="donation-widgets-boundaries-stage" role="status"></p>
<progress id="donation-widgets-boundaries-bar"></progress><span id="donation-widgets-boundaries-count"></span>
<button type="button" id="donation-widgets-boundaries-cancel">Cancel</button></div>
<div id="donation-widgets-boundaries-result" tabindex="-1"></div></form>
<script type="application/json" id="donation-widgets-boundaries-config">${JSON.stringify({
  route: '/wp-json/donation-widgets/v1/boundaries',
  nonce: 'bench',
  worker: '/admin/boundaries-worker.js?ver=bench',
  limits: { index: 262144, bundle: 8388608, kml: 2097152, files: 50000, bytes: 1073741824, batch: BATCH },
})}</script>
<script>window.wp = { i18n: { __: (text) => text, sprintf: (format, ...args) => { let i = 0;
  return format.replace(/%(\\d\\$)?[sd]/g, (match, position) => String(position ? args[parseInt(position) - 1] : args[i++])); } } };</script>
<script src="/admin/boundaries.js"></script>`;

/** A digest of a set of files, the same whatever order they came in. */
function digest(files) {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) hash.update(`${name}\n${files[name]}\n`);
  return hash.digest('hex');
}

/** `npm run boundaries` on the input: its time, its peak memory and its files' digest. */
async function runCommand(input) {
  const out = mkdtempSync(path.join(tmpdir(), 'national-boundaries-'));
  try {
    // The command's own peak, reported as it exits (the child's resident memory high-water mark).
    const report = `process.on('exit', () => process.stderr.write('MAXRSS ' + process.resourceUsage().maxRSS + '\\n'));`;
    const started = performance.now();
    const stderr = await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--max-old-space-size=8192',
          '--import',
          `data:text/javascript,${encodeURIComponent(report)}`,
          path.join(root, 'tools/zip-boundaries/cli.js'),
          input,
          out,
          '--quiet',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let text = '';
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`the command failed: ${text}`)),
      );
    });
    const ms = performance.now() - started;
    const files = Object.fromEntries(
      readdirSync(out).map((name) => [name, readFileSync(path.join(out, name), 'utf8')]),
    );
    const peak = Number(/MAXRSS (\d+)/.exec(stderr)?.[1]) * 1024;
    return { ms, peak, digest: digest(files), php: phpChecks(out) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The route's content checks (includes/boundaries/boundaries-files.php and boundaries-kml.php) on every file of the
 * set in php-cli, WordPress's few functions they call stood in for: the seconds in all, and the most any
 * one request's worth of files (BATCH bytes, as the tool sends them) took.
 * @param {string} dir the set
 */
function phpChecks(dir) {
  const includes = path.join(root, 'wordpress-plugin/donation-widgets/includes');
  const program = `<?php
    define( 'ABSPATH', '/' ); define( 'KB_IN_BYTES', 1024 ); define( 'MB_IN_BYTES', 1048576 ); define( 'GB_IN_BYTES', 1073741824 );
    function __( $text ) { return $text; }
    function apply_filters( $name, $value ) { return $value; }
    class WP_Error { public $message; function __construct( $code, $message ) { $this->message = $message; } }
    require ${JSON.stringify(`${includes}/boundaries/boundaries-files.php`)};
    require ${JSON.stringify(`${includes}/boundaries/boundaries-kml.php`)};
    $dir = ${JSON.stringify(dir)};
    $names = array_values( array_diff( scandir( $dir ), array( '.', '..' ) ) );
    $all = 0; $batch = 0; $bytes = 0; $slowest = 0;
    foreach ( $names as $name ) {
      $content = file_get_contents( "$dir/$name" );
      $started = hrtime( true );
      $checked = donation_widgets_check_boundary( $name, $content );
      $took = ( hrtime( true ) - $started ) / 1e9;
      if ( true !== $checked ) { fwrite( STDERR, $checked->message ); exit( 1 ); }
      $all += $took; $batch += $took; $bytes += strlen( $content );
      if ( $bytes >= ${BATCH} ) { $slowest = max( $slowest, $batch ); $batch = 0; $bytes = 0; }
    }
    echo json_encode( array( 'all' => $all, 'slowest' => max( $slowest, $batch ) ) );`;
  const script = `${dir}-checks.php`;
  writeFileSync(script, program);
  try {
    return JSON.parse(execFileSync('php', [script], { encoding: 'utf8' }));
  } finally {
    rmSync(script, { force: true });
  }
}

/** The highest resident memory any renderer of `browser` has had, in bytes, read from /proc. */
async function rendererPeak(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  let peak = 0;
  for (const { type, id } of processInfo) {
    if (type !== 'renderer') continue;
    const status = readFileSync(`/proc/${id}/status`, 'utf8');
    peak = Math.max(peak, Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
  }
  return peak;
}

/** The tool in Chromium on `input`, against a stand-in site that keeps what it is sent. */
async function runInBrowser(input, dist) {
  // A browser of its own, so that its renderer's high-water mark is this run's.
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    await serveTool(context, { dist });
    /** @type {Record<string, string>} */
    const received = {};
    let requests = 0;
    await context.route('**/wp-json/donation-widgets/v1/boundaries', (route) => {
      const body = route.request().postDataJSON();
      requests++;
      if (body.action === 'send')
        for (const piece of body.files) received[piece.name] = (received[piece.name] ?? '') + piece.text;
      const answer =
        body.action === 'begin'
          ? { run: 'r'.repeat(24) }
          : body.action === 'finish'
            ? { status: ['Published.'], limits: {} }
            : { received: body.files?.length ?? 0 };
      return route.fulfill({ json: answer });
    });
    await context.route(`${TOOL_ORIGIN}/settings`, (route) =>
      route.fulfill({ body: PAGE, contentType: 'text/html' }),
    );
    const page = await context.newPage();
    await page.goto(`${TOOL_ORIGIN}/settings`);
    await page.locator('fieldset:not([disabled])').waitFor();
    await page.evaluate(() => {
      const stage = document.getElementById('donation-widgets-boundaries-stage');
      const times = [];
      window.benchStages = times;
      new MutationObserver(() => times.push([stage.textContent, performance.now()])).observe(stage, {
        childList: true,
      });
    });
    await page.setInputFiles('#donation-widgets-boundaries-file', input);
    const started = await page.evaluate(() => performance.now());
    await page.click('button[type=submit]');
    await page.waitForFunction(
      () => document.getElementById('donation-widgets-boundaries-result')?.textContent !== '',
      undefined,
      { timeout: 30 * 60_000, polling: 1000 },
    );
    const result = await page.locator('#donation-widgets-boundaries-result').innerText();
    const ended = await page.evaluate(() => performance.now());
    const stages = await page.evaluate(() => window.benchStages);
    const peak = await rendererPeak(browser);
    return { ms: ended - started, started, ended, stages, peak, result, requests, received };
  } finally {
    await browser.close();
  }
}

/** @param {string} dist a build's dist folder */
export async function benchNationalBoundaries(dist) {
  const input = await nationalZctaFile();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  const loadAtStart = load();
  const browser = await runInBrowser(input, dist);
  if (browser.result !== 'Published.') throw new Error(`the tool did not publish: ${browser.result}`);
  const command = await runCommand(input);
  const kml = Object.keys(browser.received).filter((name) => name.endsWith('.kml')).length;
  const bytes = Object.values(browser.received).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const same = digest(browser.received) === command.digest;
  const marks = [...browser.stages.map(([, at]) => at), browser.ended];
  const steps = browser.stages.map(([text], i) => [
    text.replace(/^Step \d of \d: /, '').replace(/…$/, ''),
    seconds(marks[i + 1] - marks[i]),
  ]);
  const markdown = `${HEADING}

The settings screen's tool (Settings → Donation widgets → Zip boundaries) in Chromium on a national-sized
input made offline, since the Census file cannot be fetched here: ${NATIONAL_ZIPS.toLocaleString('en')} synthetic zips (Voronoi cells at
the \`zipcodes\` package's centroids, neighbours sharing their borders, each border wiggled to about 150 corners a
zip, bench/lib/national-zcta.mjs), written as the Census ships its file: a zipped shapefile of ${MB(readFileSync(input).length)} (the real
one is about 64 MB). The built tool runs on a page with the section's form; a stand-in site takes each batch
(${MB(BATCH)} a request, what PHP's default post_max_size allows) and checks nothing, so PHP's checks and
disk writes are not in these times. *Peak memory* is the high-water mark of the resident memory of the
tab's renderer process, which runs the worker too (1 MB = 1024² bytes). One run each; load average
(1/5/15 min) ${loadAtStart} at the start, ${load()} at the end: on a machine doing other work the times
stretch.

${table(
  ['run', 'time', 'peak memory'],
  [
    ['the tool in Chromium: from the button to the published answer', seconds(browser.ms), MB(browser.peak)],
    [
      `\`npm run boundaries\` on the same input (Node ${process.version})`,
      seconds(command.ms),
      MB(command.peak),
    ],
  ],
)}

Steps in the browser: ${steps.map(([text, time]) => `${text} ${time}`).join('; ')}.
The site got ${kml.toLocaleString('en')} KML files and ${(Object.keys(browser.received).length - kml).toLocaleString('en')} bundles and index, ${MB(bytes)}, in ${browser.requests} requests;
the same bytes as the command's files: ${same ? 'yes' : '**no**'}. The route's content checks of every file, in php-cli
(PHP ${execFileSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' })}, WordPress stood in for): ${seconds(command.php.all * 1000)} in all, ${seconds(command.php.slowest * 1000)} for the slowest request's worth of files.`;
  return { markdown, same };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.join(root, 'bench/.cache/dist');
  if (!existsSync(path.join(dist, 'admin/boundaries-worker.js')))
    execFileSync(process.execPath, ['build.mjs', '--quiet', `--outdir=${dist}`], {
      cwd: root,
      stdio: 'inherit',
    });
  const { markdown } = await benchNationalBoundaries(dist);
  const results = path.join(root, 'bench/results/RESULTS.md');
  const report = readFileSync(results, 'utf8');
  const note = `**Updated by \`node bench/scripts/national-boundaries.mjs\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC:** the zip boundary files for the whole country. Every other section is from the run above.`;
  // The first time, the section goes where the whole bench puts it: after the dense search's boundaries.
  const withSection = report.includes(`${HEADING}\n`)
    ? report
    : report.replace(/^## Load test/m, `${HEADING}\n\n$&`);
  writeFileSync(results, updateResults(withSection, [markdown], [], note));
  process.stdout.write(`${markdown}\n`);
}
