// Builds dist/ from the island manifest (widgets/islands.js), copies what the WordPress plugin needs into
// its folder, and prints what each file costs a visitor (raw, gzip, brotli). Six esbuild passes, each for
// something that must be built apart:
//   1. the donors search map's clustering worker, a classic script that runs in a worker;
//   2. React's vendor file, `chunks/react-<hash>.js` (tools/react-vendor.mjs), which changes only with React;
//   3. the islands: every chunk the manifest names and every lazy loading strategy, in one code-split pass;
//   4. the loader `donation-widgets.js`, a stable name, told which files hold each island;
//   5. the stylesheet `donation-widgets.css`;
//   6. the WordPress plugin's wp-admin scripts: the blocks' editor script and the settings screen's
//      boundary tool with its worker (wordpress-plugin/build/wordpress-scripts.mjs).
//   node build.mjs [--quiet] [--flavour=react|preact] [--outdir=dist]
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { askedWithEntry, filesBehindImports } from './tools/first-wave.mjs';
import { buildReactVendor } from './tools/react-vendor.mjs';
import { writeZipCentroids } from './tools/zip-centroids.mjs';
import { ISLANDS } from './widgets/islands.js';
import { writePluginFiles } from './wordpress-plugin/build/plugin-files.mjs';
import { buildWordPressScripts } from './wordpress-plugin/build/wordpress-scripts.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const flavour = args.flavour ?? 'react';
if (!['react', 'preact'].includes(flavour))
  throw new Error(`--flavour must be react or preact, got ${flavour}`);
const outdir = path.resolve(root, args.outdir ?? (flavour === 'react' ? 'dist' : `dist-${flavour}`));
const { version: packageVersion } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// `window.donationWidgets.version` names the build, not only the release: the package version plus a
// hash of every script built. The loader is built with a placeholder of the hash's length, which is
// replaced once all files exist, so its source map stays exact.
const HASH_PLACEHOLDER = '00000000';

// Preact's compat layer runs the same React components at a tenth of the bytes; see docs/developing.md.
const preactAlias = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

export function sizeOf(contents) {
  return {
    raw: contents.length,
    gzip: gzipSync(contents, { level: 9 }).length,
    brotli: brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  format: 'esm',
  minify: true,
  // Hidden source maps: every chunk's .map is published beside it, but no visitor downloads the
  // `//# sourceMappingURL` line (about 40 bytes gzip a file). The demo server names the map in a
  // `SourceMap` header, so DevTools still finds it; see docs/developing.md, "Debugging".
  sourcemap: 'external',
  target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
  loader: { '.css': 'text', '.png': 'file', '.svg': 'file' },
  alias: flavour === 'preact' ? preactAlias : {},
  define: {
    __VERSION__: JSON.stringify(`${packageVersion}+${HASH_PLACEHOLDER}`),
    'process.env.NODE_ENV': '"production"',
  },
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
};

// Chunks come from the island manifest: each island names the chunk it is built into (`chunk`), so a
// page downloads what its islands use and islands that are nearly always found together share one
// file. Each chunk is a generated entry that exports every island's `mount` under the island's name.
const CHUNK_ENTRY = 'island-chunk:';
const CHUNKS = [...new Set(ISLANDS.map((island) => island.chunk))];

const islandChunks = {
  name: 'island-chunks',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${CHUNK_ENTRY}`) }, (args) => ({
      path: args.path.slice(CHUNK_ENTRY.length),
      namespace: 'island-chunk',
    }));
    build.onLoad({ filter: /.*/, namespace: 'island-chunk' }, (args) => ({
      contents: ISLANDS.filter((island) => island.chunk === args.path)
        .map((island) => `export { mount as ${JSON.stringify(island.name)} } from './${island.module}';`)
        .join('\n'),
      resolveDir: root,
      loader: 'ts',
    }));
  },
};

// Loading strategies other than `load` are chunks too, downloaded with the first host that names one:
// a page without such a host pays nothing for them.
const LAZY_STRATEGIES = [...new Set(ISLANDS.map((island) => island.strategy))].filter((s) => s !== 'load');
const STRATEGY_ENTRY = 'strategy-';

rmSync(outdir, { recursive: true, force: true });
mkdirSync(path.join(outdir, 'chunks'), { recursive: true });

// Pass 1: the donors search map's clustering worker, a chunk of its own that the map starts by URL
// (a same-origin file, which `script-src 'self'` allows). A classic script, not a module: Firefox
// starts module workers only from version 114. The island's code finds it beside its own chunk by
// the name defined here, content hash included. It runs in a worker, apart from every page's modules.
const worker = await esbuild.build({
  ...common,
  format: 'iife',
  entryPoints: { 'cluster-worker': 'widgets/donors-search/map/cluster-worker.ts' },
  entryNames: 'chunks/[name]-[hash]',
});
const workerChunk = Object.keys(worker.metafile.outputs).find((file) => file.endsWith('.js'));

// Pass 2 (React flavour): React, react-dom and the JSX runtime as one ES module with their CommonJS
// helpers inside. Built apart, React's file changes only when React does, so a returning visitor keeps
// it across deploys; and the islands' pass has no CommonJS left, so it splits in one go with no helper
// chunk that every chunk would import.
const vendor = flavour === 'react' ? await buildReactVendor({ common, root, outdir }) : undefined;

// The islands' stylesheet as the donors search imports it (as text, for a shadow root): minified like
// the linked file, so its comments cost the chunk nothing.
const minifiedCss = {
  name: 'minified-css',
  setup(build) {
    build.onLoad({ filter: /[\\/]widgets[\\/]islands\.css$/ }, async (args) => {
      const { code } = await esbuild.transform(readFileSync(args.path, 'utf8'), {
        loader: 'css',
        minify: true,
        target: common.target,
      });
      return { contents: code, loader: 'text' };
    });
  },
};

// Leaflet's ES module build, so that the map's chunk carries no CommonJS wrapper either.
const leafletEsm = {
  name: 'leaflet-esm',
  setup(build) {
    build.onResolve({ filter: /^leaflet$/ }, () => ({
      path: path.join(root, 'node_modules/leaflet/dist/leaflet-src.esm.js'),
    }));
  },
};

// The zip code centroids the donors search's "use my location" looks a position up in: files of their
// own in zip-centroids/, whose folder and cells its lazily loaded lookup is built with.
const zipCentroids = writeZipCentroids(outdir);

// Pass 3: every island chunk and lazy strategy in one code-split build, so no module is in two files:
// what two entries share goes into a chunk of its own that both import.
const islands = await esbuild.build({
  ...common,
  define: {
    ...common.define,
    __CLUSTER_WORKER__: JSON.stringify(`./${path.basename(workerChunk)}`),
    // Strings, which esbuild writes where they are used: an object would be a module every chunk imports.
    __ZIP_CENTROID_FOLDER__: JSON.stringify(zipCentroids.index.folder),
    __ZIP_CENTROID_CELLS__: JSON.stringify(zipCentroids.index.cells),
  },
  splitting: true,
  entryPoints: {
    ...Object.fromEntries(CHUNKS.map((chunk) => [chunk, `${CHUNK_ENTRY}${chunk}`])),
    ...Object.fromEntries(
      LAZY_STRATEGIES.map((s) => [`${STRATEGY_ENTRY}${s}`, `src/loader/strategies/${s}.ts`]),
    ),
  },
  entryNames: 'chunks/[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  plugins: [islandChunks, minifiedCss, leafletEsm, ...(vendor ? [vendor.plugin] : [])],
});
const chunkOutputs = islands.metafile.outputs;

// The map's code (widgets/donors-search/map/map-chunks.ts) asks for each map chunk with every file of
// its static graph: a file found only inside the 49 KB Leaflet chunk would wait for all of it. Those
// names exist only now, so the list is appended, as a variable the module reads, to the built file that
// holds the module. Not a define of this pass: the names would be needed before it, and a second
// islands pass would cost a build of its own. Not in the loader: every page would pay its bytes for the
// search's map. Appended rather than replaced in place, so the file's source map stays exact. The
// file's content-hashed name still changes with the list: the list is made of the names the map's
// chunks import, which are in those chunks' own hashes, and esbuild hashes a file with the hashes of
// the chunks it imports, those it imports with `import()` included (test/first-wave.test.ts).
const MAP_CODE = 'widgets/donors-search/map/map-chunks.ts';
const mapFiles = filesBehindImports(islands.metafile, MAP_CODE);
appendFileSync(path.resolve(root, mapFiles.file), `var __MAP_FILES__=${JSON.stringify(mapFiles.files)};\n`);

// Pass 4: the loader, told by `__ISLANDS__` which host each island has, when to load it and which
// built files hold it; it never imports a chunk it shares with the islands.
const entryFiles = Object.fromEntries(
  Object.entries(chunkOutputs)
    .filter(([, output]) => output.entryPoint)
    .map(([file, output]) => [output.entryPoint, file]),
);
// An entry's file first, then every file of its static graph that the browser would find only late:
// the loader asks for them at once (tools/first-wave.mjs says which may wait). Names only: every one is
// in chunks/, which the loader adds.
const PRELOAD_BYTES = 2048;
const big = (name) => sizeOf(readFileSync(path.join(outdir, 'chunks', name))).gzip >= PRELOAD_BYTES;
const filesOf = (entry) => askedWithEntry(chunkOutputs, entryFiles[entry], big);
const builtIslands = ISLANDS.map((island) => ({
  name: island.name,
  host: island.host,
  strategy: island.strategy,
  chunk: filesOf(`${CHUNK_ENTRY}${island.chunk}`),
}));
const strategyChunks = Object.fromEntries(
  LAZY_STRATEGIES.map((s) => [s, filesOf(`src/loader/strategies/${s}.ts`)]),
);
const loader = await esbuild.build({
  ...common,
  entryPoints: { 'donation-widgets': 'src/loader/index.ts' },
  define: {
    ...common.define,
    __ISLANDS__: JSON.stringify(builtIslands),
    __STRATEGIES__: JSON.stringify(strategyChunks),
  },
});

// Pass 5: the islands' stylesheet, one fixed name like the loader's: the page links it (the plugin
// enqueues it with its version), and the donors search imports the same source as text for a shadow root.
await esbuild.build({
  ...common,
  entryPoints: { 'donation-widgets': 'widgets/islands.css' },
  loader: { '.css': 'css' },
  metafile: false,
});

const passes = [worker, ...(vendor ? [vendor.result] : []), islands, loader];
const scripts = passes.flatMap((pass) =>
  Object.keys(pass.metafile.outputs)
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.resolve(root, file)),
);
const buildHash = createHash('sha256');
for (const file of scripts.sort()) buildHash.update(readFileSync(file));
const version = `${packageVersion}+${buildHash.digest('hex').slice(0, HASH_PLACEHOLDER.length)}`;
const loaderFile = path.join(outdir, 'donation-widgets.js');
writeFileSync(
  loaderFile,
  readFileSync(loaderFile, 'utf8').replace(`${packageVersion}+${HASH_PLACEHOLDER}`, version),
);

const result = {
  metafile: {
    inputs: Object.assign({}, ...passes.map((p) => p.metafile.inputs)),
    outputs: Object.assign({}, ...passes.map((p) => p.metafile.outputs)),
  },
};

const files = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => ({
    file: path.relative(outdir, path.resolve(root, file)),
    ...sizeOf(readFileSync(path.resolve(root, file))),
    imports: output.imports.filter((i) => i.kind === 'import-statement').map((i) => path.basename(i.path)),
    inputs: Object.keys(output.inputs),
  }))
  .sort((a, b) =>
    a.file === 'donation-widgets.js' ? -1 : b.file === 'donation-widgets.js' ? 1 : b.gzip - a.gzip,
  );

// Pass 6: the WordPress plugin's wp-admin scripts, apart from the front end
// (wordpress-plugin/build/wordpress-scripts.mjs).
await buildWordPressScripts({ common, root, outdir });

writeFileSync(path.join(outdir, 'sizes.json'), `${JSON.stringify({ version, flavour, files }, null, 2)}\n`);
writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

// The WordPress plugin's folder gets what it needs of the default build (git ignores it there), so that
// the folder works in place, linked into a site's wp-content/plugins/ (docs/developing.md).
const pluginFolder = path.join(root, 'wordpress-plugin/donation-widgets');
if (flavour === 'react' && outdir === path.join(root, 'dist'))
  writePluginFiles({ root, bundle: outdir, plugin: pluginFolder });

if (args.quiet !== 'true') {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`donation-widgets ${version} (${flavour}) → ${path.relative(root, outdir)}/`);
  console.log(`${'file'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
  for (const f of files) {
    console.log(
      `${f.file.padEnd(44)}${kb(f.raw).padStart(10)}${kb(f.gzip).padStart(10)}${kb(f.brotli).padStart(10)}`,
    );
  }
  console.log(
    `${zipCentroids.index.folder}: ${zipCentroids.files} lookup files, the largest ${kb(zipCentroids.largest)} gzip`,
  );
}
