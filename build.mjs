// Builds dist/: the stable loader `donation-widgets.js` plus one content-hashed chunk per island and
// per shared dependency, and prints what each file costs a visitor (raw, gzip, brotli).
//   node build.mjs [--quiet] [--flavour=react|preact] [--outdir=dist]
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

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
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// Preact's compat layer runs the same React components at a tenth of the bytes; see README.
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
  sourcemap: true,
  target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
  loader: { '.css': 'text', '.png': 'file', '.svg': 'file' },
  alias: flavour === 'preact' ? preactAlias : {},
  define: { __VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': '"production"' },
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
};

// Every island's dynamic import in src/registry.ts, plus the context module the runtime loads beside them.
const lazyModules = Object.fromEntries(
  [
    ...readFileSync(path.join(root, 'src/registry.ts'), 'utf8').matchAll(
      /import\('\.\.\/(widgets\/([\w-]+)\/index\.tsx?)'\)/g,
    ),
  ]
    .map(([, file, name]) => [name, file])
    .concat([['context', 'src/context.ts']]),
);

rmSync(outdir, { recursive: true, force: true });

// Pass 1: the islands, code-split among themselves (React, config and REST client shared as chunks).
const islands = await esbuild.build({
  ...common,
  entryPoints: lazyModules,
  splitting: true,
  entryNames: 'chunks/[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
});
const chunkFor = Object.fromEntries(
  Object.entries(islands.metafile.outputs)
    .filter(([, output]) => output.entryPoint)
    .map(([file, output]) => [output.entryPoint, `./${path.relative(outdir, path.resolve(root, file))}`]),
);

// Pass 2: the loader alone. Built separately so it never imports a chunk it shares with the islands
// (esbuild's CommonJS helpers for React would otherwise be one more request on every page).
const loader = await esbuild.build({
  ...common,
  entryPoints: { 'donation-widgets': 'src/index.ts' },
  plugins: [
    {
      name: 'island-chunks',
      setup(build) {
        build.onResolve({ filter: /^\.\.?\/(widgets\/[\w-]+\/index\.tsx?|context\.ts)$/ }, (args) => {
          const source = path.relative(root, path.resolve(args.resolveDir, args.path));
          const chunk = chunkFor[source];
          if (!chunk) throw new Error(`${source} is imported by the loader but was not built as an island`);
          return { path: chunk, external: true };
        });
      },
    },
  ],
});

const result = {
  metafile: {
    inputs: { ...islands.metafile.inputs, ...loader.metafile.inputs },
    outputs: { ...islands.metafile.outputs, ...loader.metafile.outputs },
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

writeFileSync(path.join(outdir, 'sizes.json'), `${JSON.stringify({ version, flavour, files }, null, 2)}\n`);
writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

if (args.quiet !== 'true') {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`donation-widgets ${version} (${flavour}) → ${path.relative(root, outdir)}/`);
  console.log(`${'file'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
  for (const f of files) {
    console.log(
      `${f.file.padEnd(44)}${kb(f.raw).padStart(10)}${kb(f.gzip).padStart(10)}${kb(f.brotli).padStart(10)}`,
    );
  }
}
