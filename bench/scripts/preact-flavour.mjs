/**
 * The preact flavour under the donors-search tests: its component tests (jsdom, react aliased to
 * preact/compat) and browser tests (Chromium against dist-preact/), through vitest's `preact` and `preact-browser` projects.
 * Reports what passed and, for anything that broke, the test and the first line of its failure.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { distPath } from '../lib/page-scripts.mjs';
import { table } from '../lib/stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const report = fileURLToPath(new URL('../.cache/preact-tests.json', import.meta.url));

/**
 * @param {string} distDir the preact build, relative to the repository root
 * @returns {Promise<{ markdown: string, passed: boolean }>}
 */
export async function benchPreactFlavour(distDir) {
  const started = performance.now();
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project=preact',
    '--project=preact-browser',
    '--reporter=json',
    `--outputFile=${report}`,
  ];
  // A failing run exits non-zero; the JSON report says what failed, so the exit code is not the error.
  // A run that never got to its tests (a broken config, say) leaves only its stderr to go by.
  rmSync(report, { force: true });
  const env = { ...process.env, PREACT_DIST_DIR: distPath(distDir) };
  const stderr = await new Promise((resolve) =>
    execFile(process.execPath, args, { cwd: root, env, maxBuffer: 1 << 26 }, (_error, _out, err) =>
      resolve(err),
    ),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const results = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { testResults: [] };
  if (!results.numTotalTests) {
    const why = String(stderr).trim().split('\n').slice(-15).join('\n');
    return {
      markdown: `## The preact flavour under the donors-search tests\n\nThe run started no test:\n\n\`\`\`\n${why}\n\`\`\``,
      passed: false,
    };
  }
  const files = results.testResults.map((file) => ({
    name: file.name.replace(root, ''),
    tests: file.assertionResults,
    error: file.status === 'failed' && file.assertionResults.length === 0 ? file.message : '',
  }));
  const failures = files.flatMap((file) => [
    ...(file.error ? [[file.name, '(file did not run)', file.error.split('\n')[0]]] : []),
    ...file.tests
      .filter((t) => t.status === 'failed')
      .map((t) => [file.name, t.title, (t.failureMessages[0] ?? '').split('\n')[0].slice(0, 200)]),
  ]);
  const passed =
    results.numFailedTests === 0 && results.numFailedTestSuites === 0 && results.numTotalTests > 0;
  const markdown = [
    '## The preact flavour under the donors-search tests',
    '',
    '`node build.mjs --flavour=preact` aliases react/react-dom to preact/compat and writes dist-preact/.',
    "`npm run test:preact` (vitest's `preact` and `preact-browser` projects) runs the component tests with",
    'the same aliases (a setup file fails the run if `react` is still React) and the browser tests against',
    `dist-preact/. This run: ${results.numPassedTests} of ${results.numTotalTests} tests passed in`,
    `${results.testResults.length} files (${seconds} s).`,
    '',
    passed
      ? '**Every test passed.**'
      : `**Failed: ${results.numFailedTests} of ${results.numTotalTests} tests** (${results.numFailedTestSuites} files):\n\n${table(['file', 'test', 'failure'], failures)}`,
  ].join('\n');
  return { markdown, passed };
}
