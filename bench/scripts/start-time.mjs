/**
 * `npm start` is a build then the server; both halves are timed, each cold (a new process every run),
 * to the first successful answer from the demo site.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startMockServerProcess } from '../lib/mock-server-process.mjs';
import { ms, repeat, summarize, table } from '../lib/stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** @param {{ runs?: number }} [options] @returns {Promise<string>} the Markdown section */
export async function benchStartTime({ runs = 3 } = {}) {
  const build = await repeat(runs, () => {
    const started = performance.now();
    execFileSync(process.execPath, ['build.mjs', '--quiet', '--outdir=bench/.cache/start-build'], {
      cwd: root,
      stdio: 'ignore',
    });
    return performance.now() - started;
  });
  const serve = await repeat(runs, async () => {
    const server = await startMockServerProcess();
    await server.stop();
    return server.readyMs;
  });
  const total = build.map((b, i) => b + serve[i]);
  return [
    '## `npm start`: time to the first successful response',
    '',
    `Each run a new process; median (min–max) of ${runs} runs. The server is polled every 10 ms for \`GET /\`.`,
    '',
    table(
      ['step', 'time'],
      [
        ['`node build.mjs`', ms(summarize(build), 0)],
        ['`node mock-server/start.mjs` → first 200', ms(summarize(serve), 0)],
        ['**`npm start`** (both)', `**${ms(summarize(total), 0)}**`],
      ],
    ),
  ].join('\n');
}
