/**
 * mock-server/server.js with dist-preact/ as the default `distDir`, for the `preact-browser` project (vitest.config.ts).
 * Imported by URL so that the config's alias for `../mock-server/server.js` does not apply here again.
 */
import { readFileSync } from 'node:fs';

const real = await import(new URL('../../mock-server/server.js', import.meta.url).href);
// bench/scripts/run.mjs points this at its own build, so a bench never races a developer's `dist-preact/`.
const distDir = process.env.PREACT_DIST_DIR ?? new URL('../../dist-preact/', import.meta.url).pathname;

// A missing or stale folder would test nothing, or the wrong build.
const { flavour } = JSON.parse(readFileSync(`${distDir}sizes.json`, 'utf8'));
if (flavour !== 'preact')
  throw new Error(`dist-preact/ holds a ${flavour} build: run node build.mjs --flavour=preact`);

/** @param {Parameters<typeof real.startMockServer>[0]} [options] */
export const startMockServer = (options = {}) => real.startMockServer({ distDir, ...options });
