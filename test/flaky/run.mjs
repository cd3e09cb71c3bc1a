/**
 * `npm run test:flaky`: runs the engine suites (vitest's `browser` project, and any other project asked
 * for) N times one after another and prints each test that failed at least once, with its engine and how
 * many of the N runs it failed. Nothing is retried: a test that passes only on a second try is flaky too.
 *
 *   npm run test:flaky -- [--runs N] [--project NAME]... [vitest file filters]...
 *
 * Each run's full vitest output is kept in a log whose path is printed, for the stack of each failure.
 * Exits 1 when any test failed in any run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { failureOf, format, tally } from './tally.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reporter = fileURLToPath(new URL('./reporter.mjs', import.meta.url));

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    project: { type: 'string', multiple: true, default: ['browser'] },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number above 0, not ${values.runs}`);
const projects = values.project;
const logs = mkdtempSync(path.join(tmpdir(), 'test-flaky-'));
console.log(`${runs} run${runs === 1 ? '' : 's'} of ${projects.join(', ')}; each run's output in ${logs}/`);

/** Runs one project once; resolves with its failures. */
async function runOnce(project, run) {
  const name = `${project}-${run}`;
  const report = path.join(logs, `${name}.json`);
  const log = path.join(logs, `${name}.log`);
  const output = openSync(log, 'w');
  const vitest = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      project,
      // Overrides any retry a config may set: a failure must count even if a second try would pass.
      '--retry=0',
      '--reporter=default',
      `--reporter=${reporter}`,
      ...positionals,
    ],
    { cwd: root, env: { ...process.env, FLAKY_REPORT: report }, stdio: ['ignore', output, output] },
  );
  const code = await new Promise((resolve) => vitest.on('close', resolve));
  const failures = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : [];
  // vitest failed without naming a test (it crashed, or found no test file): the run failed all the same.
  if (code !== 0 && failures.length === 0)
    failures.push(
      failureOf(project, '(the vitest run)', [], `exit code ${code}`, [{ message: `see ${log}` }]),
    );
  return { failures, log };
}

const all = [];
for (let run = 1; run <= runs; run += 1) {
  for (const project of projects) {
    const started = Date.now();
    const { failures, log } = await runOnce(project, run);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(
      `run ${run}/${runs} of ${project}: ${failures.length === 0 ? 'passed' : `${failures.length} failed (${log})`}, ${minutes} min`,
    );
    all.push(failures);
  }
}
// One entry per run of all the projects, so that "failed in k of N" counts runs, not project runs.
const perRun = Array.from({ length: runs }, (_, run) =>
  all.slice(run * projects.length, (run + 1) * projects.length).flat(),
);
const rows = tally(perRun);
console.log(`\n${format(rows, runs, projects)}`);
process.exitCode = rows.length > 0 ? 1 : 0;
