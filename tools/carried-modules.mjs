// Small shared modules that build.mjs builds into chosen files ahead of the islands' code-split pass,
// instead of letting that pass split each into a file of its own. esbuild's splitting makes one file per
// set of entries that share a module: the submit lock, the intent strategy and the donors search each
// share a different few (the release signal, the request timeout, the one-key config reader), so a page
// with a form downloaded four files of about 130 to 340 bytes gzip beside the lock, each paying gzip's
// and the import's overhead and a request. Here each module is built into one file that a page using
// it has anyway, and every later pass imports it from there (marked external, as React's file is), so
// it is still in one file only.
import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * The carrying files, built in this order (a later one imports an earlier one's modules):
 * - `config-keys`: reading and describing one key of the page config, which the submit lock, the
 *   donors search and the analytics validator all do (the Reader class is not in it: only pages that
 *   configure more than the lock's two keys download that);
 * - `submit-lock`, the lock island's chunk: with it, the release signal and the request timeout, which
 *   the intent strategy and the donors search share with it. Each of those comes with a form (the
 *   search prints its own), and every page with a form has the lock's file already.
 * @type {readonly { chunk: string, modules: readonly string[] }[]}
 */
export const CARRIERS = [
  { chunk: 'config-keys', modules: ['src/shared/read-key.ts', 'src/shared/describe-value.ts'] },
  {
    chunk: 'submit-lock',
    modules: ['src/shared/submit-lock-signal.ts', 'src/shared/request-timeout.ts'],
  },
];

/** Imports of `carried` modules (path from the root → built file name) resolved to those files. */
function importFrom(root, carried) {
  return {
    name: 'carried-modules',
    setup(build) {
      build.onResolve({ filter: /\.ts$/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const file = carried.get(path.relative(root, path.resolve(args.resolveDir, args.path)));
        return file ? { path: `./${file}`, external: true } : undefined;
      });
    },
  };
}

/** The export lines a carrying chunk's generated entry adds for the modules it carries. */
export const carriedExports = (chunk) =>
  (CARRIERS.find((c) => c.chunk === chunk)?.modules ?? []).map((module) => `export * from './${module}';`);

/**
 * Builds the carrying files into `chunks/`, each from the entry `entry(chunk)` names, which
 * `entryPlugin` loads (build.mjs's island chunks, with `carriedExports` added).
 * @returns {Promise<{ results: import('esbuild').BuildResult[], chunks: string[], plugin: import('esbuild').Plugin }>}
 *   the passes (for the build's meta), the chunks built here (for the islands' pass to leave out) and
 *   the plugin that makes any later pass import the carried modules from these files
 */
export async function buildCarriers({ common, root, entry, entryPlugin }) {
  const carried = new Map();
  const results = [];
  for (const { chunk, modules } of CARRIERS) {
    const result = await esbuild.build({
      ...common,
      entryPoints: { [chunk]: entry(chunk) },
      entryNames: 'chunks/[name]-[hash]',
      plugins: [entryPlugin, importFrom(root, carried)],
    });
    results.push(result);
    const file = Object.keys(result.metafile.outputs).find((name) => name.endsWith('.js'));
    for (const module of modules) carried.set(module, path.basename(file));
  }
  return { results, chunks: CARRIERS.map((c) => c.chunk), plugin: importFrom(root, carried) };
}
