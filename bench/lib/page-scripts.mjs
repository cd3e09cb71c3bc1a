/**
 * What a page really downloaded, in the build's own numbers: every `/dist/` URL the page requested,
 * matched to its entry in sizes.json. Using the build's gzip figure rather than the bytes on the wire
 * keeps the budget test deterministic (the mock server may or may not compress, and never by level 9).
 * Shared by test/page-budgets.browser.test.ts and the bench, so both count the same way.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {object} BuiltFile
 * @property {string} file path inside the dist folder, e.g. `chunks/index-ABC123.js`
 * @property {number} raw
 * @property {number} gzip
 * @property {number} brotli
 * @property {string[]} inputs source files bundled into it
 * @property {string[]} imports the chunks it imports, by file name
 */

/** Source files that are maps code: a page must not download these before the first results. */
export const MAPS_CODE = /node_modules\/(leaflet|@googlemaps|@tmcw\/togeojson)\//;
/** Source files that are a UI library: the behaviour islands must work without any of them. */
export const UI_LIBRARY = /node_modules\/(react|react-dom|scheduler|preact)\//;

/** A build folder given relative to the repository root, as an absolute path ending in `/`. */
export const distPath = (distDir) => fileURLToPath(new URL(`../../${distDir}/`, import.meta.url));

/**
 * @param {string} [distDir] relative to the repository root
 * @returns {BuiltFile[]}
 */
export function readBuiltFiles(distDir = 'dist') {
  const url = `${distPath(distDir)}sizes.json`;
  try {
    return JSON.parse(readFileSync(url, 'utf8')).files;
  } catch (error) {
    throw new Error(`cannot read ${distDir}/sizes.json (run \`node build.mjs\` first): ${error}`);
  }
}

/**
 * The built files among `requests`, each once, in request order. A `/dist/` script the build does not
 * know means a stale build or a server serving another folder, and would silently count as 0 bytes.
 * @param {string[]} requests every URL the page requested
 * @param {BuiltFile[]} built
 * @returns {BuiltFile[]}
 */
export function requestedScripts(requests, built) {
  const paths = new Set(
    requests.map((url) => new URL(url).pathname).filter((p) => p.startsWith('/dist/') && p.endsWith('.js')),
  );
  return [...paths].map((path) => {
    const found = built.find((f) => `/dist/${f.file}` === path);
    if (!found) throw new Error(`the page requested ${path}, which is not in sizes.json: rebuild`);
    return found;
  });
}

/**
 * @param {BuiltFile[]} files
 * @param {'raw' | 'gzip' | 'brotli'} [measure]
 */
export const totalBytes = (files, measure = 'gzip') => files.reduce((sum, f) => sum + f[measure], 0);

/**
 * Source files bundled into `files` that match `pattern`, for messages that say what got in.
 * @param {BuiltFile[]} files
 * @param {RegExp} pattern
 */
export const inputsMatching = (files, pattern) =>
  files.flatMap((f) => f.inputs.filter((i) => pattern.test(i)));
