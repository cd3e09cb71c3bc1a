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

// Every island's dynamic import in src/registry.ts.
const lazyModules = Object.fromEntries(
  [
    ...readFileSync(path.join(root, 'src/registry.ts'), 'utf8').matchAll(
      /import\('\.\.\/(widgets\/([\w-]+)\/index\.tsx?)'\)/g,
    ),
  ].map(([, file, name]) => [name, file]),
);
// Islands that render with React. esbuild makes every chunk of a code-split build import its CommonJS
// helpers once any module needs them, so these are built apart and the behaviour islands stay free of them.
const REACT_ISLANDS = ['donors-search'];
// Modules that hold page-wide state and must exist once whichever pass imports them. The loader
// imports the config beside an island's chunk, so it is one file of its own, shared by nothing else.
const SINGLETONS = { config: 'src/config.ts' };

const pick = (react) =>
  Object.fromEntries(Object.entries(lazyModules).filter(([name]) => REACT_ISLANDS.includes(name) === react));

/** Resolves imports of already-built sources to their output files instead of bundling them again. */
const builtElsewhere = (outputs, fromDir) => ({
  name: 'built-elsewhere',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const source = path.relative(root, path.resolve(args.resolveDir, args.path));
      const output = outputs[source];
      if (!output) return undefined;
      return {
        path: `./${path.relative(path.join(outdir, fromDir), path.resolve(root, output))}`,
        external: true,
      };
    });
  },
});

const entryOutputs = (metafile) =>
  Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([, output]) => output.entryPoint)
      .map(([file, output]) => [output.entryPoint, file]),
  );

const chunkOptions = {
  ...common,
  splitting: true,
  entryNames: 'chunks/[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
};

rmSync(outdir, { recursive: true, force: true });

// Pass 1: behaviour islands and the page-wide singletons, code-split among themselves.
const page = await esbuild.build({ ...chunkOptions, entryPoints: { ...pick(false), ...SINGLETONS } });
// Pass 2: React islands, importing the singletons built in pass 1.
const react = await esbuild.build({
  ...chunkOptions,
  entryPoints: pick(true),
  plugins: [builtElsewhere(entryOutputs(page.metafile), 'chunks')],
});
// Pass 3: the loader alone, so it never imports a chunk it shares with the islands.
const loader = await esbuild.build({
  ...common,
  entryPoints: { 'donation-widgets': 'src/index.ts' },
  plugins: [builtElsewhere({ ...entryOutputs(page.metafile), ...entryOutputs(react.metafile) }, '.')],
});

const passes = [page, react, loader];
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
