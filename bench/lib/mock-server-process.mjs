/**
 * The mock server as `npm start` runs it: its own Node process. The load test needs it out of the
 * bench's process (autocannon and the server would otherwise share one event loop), and the start-up
 * time is only honest for a cold process.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now, so the server can be told PORT up front. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Spawns `node mock-server/start.mjs` and polls `path` until it answers 200.
 * @param {{ path?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, readyMs: number, stop: () => Promise<void> }>}
 */
export async function startMockServerProcess({ path = '/', timeoutMs = 30_000 } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['mock-server/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };

  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`mock server exited with ${child.exitCode}: ${stderr.trim()}`);
    const ok = await fetch(url + path).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, readyMs: performance.now() - started, stop };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await stop();
  throw new Error(`mock server did not answer ${path} with 200 within ${timeoutMs} ms: ${stderr.trim()}`);
}
