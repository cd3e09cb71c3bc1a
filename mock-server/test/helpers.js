/**
 * What the mock server's own tests share: one server on a free port with a fixed clock, and a
 * fetch that returns status, headers, text and parsed JSON together.
 */
import { afterAll, beforeAll } from 'vitest';
import { startMockServer } from '../server.js';

/** A fixed "now", so dates, searches and nonce expiry are the same on every run. */
export const NOW = Date.UTC(2025, 5, 16, 12, 0, 0);

/**
 * Starts one server for the current test file (port 0, quiet) and stops it afterwards.
 * @param {Parameters<typeof startMockServer>[0]} [options]
 */
export function mockServerForThisFile(options = {}) {
  /** @type {import('../server.js').MockServer | undefined} */
  let server;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, quiet: true, now: () => NOW, ...options });
  });
  afterAll(() => server?.close());
  const running = () => {
    if (!server)
      throw new Error('the mock server is not started: call mockServerForThisFile() at the top of the file');
    return server;
  };
  return {
    get server() {
      return running();
    },
    /**
     * @param {string} path
     * @param {RequestInit} [init]
     */
    async request(path, init) {
      const response = await fetch(`${running().url}${path}`, { redirect: 'manual', ...init });
      const text = await response.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
  };
}
