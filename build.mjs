// Builds dist/: the stable loader `donation-widgets.js` plus one content-hashed chunk per island and
// per shared dependency, and prints what each file costs a visitor (raw, gzip, brotli).
//   node build.mjs [--quiet] [--flavour=react|preact] [--outdir=dist]
import { createHash } from 'node:crypto';
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
const { version: packageVersion } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// `window.donationWidgets.version` names the build, not only the release: the package version plus a
// hash of every script built. The loader is built with a placeholder of the hash's length, which is
// replaced once all files exist, so its source map stays exact.
const HASH_PLACEHOLDER = '00000000';

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
  // Hidden source maps: every chunk's .map is published beside it, but no visitor downloads the
  // `//# sourceMappingURL` line (about 40 bytes gzip a file). The demo server names the map in a
  // `SourceMap` header, so DevTools still finds it; see README, "Debugging".
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

// Every dynamic import in src/registry.ts, named after the island's folder (`widgets/<name>/index.ts`)
// or the module (`src/<name>.ts`): donors-search and behaviour-islands.
const lazyModules = Object.fromEntries(
  [...readFileSync(path.join(root, 'src/registry.ts'), 'utf8').matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map(
    ([, specifier]) => {
      const file = path.relative(root, path.resolve(root, 'src', specifier));
      const name = path.basename(file).startsWith('index.') ? path.basename(path.dirname(file)) : file;
      return [path.basename(name).replace(/\.tsx?$/, ''), file];
    },
  ),
);
// Islands that render with React. esbuild makes every chunk of a code-split build import its CommonJS
// helpers once any module needs them, so these are built apart and the behaviour islands stay free of them.
const REACT_ISLANDS = ['donors-search'];

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

// Pass 1: the behaviour islands' chunk and what it loads later (the analytics validator).
const page = await esbuild.build({ ...chunkOptions, entryPoints: pick(false) });
// Pass 2: React islands. Nothing holds state across chunks (the page config lives in the loader), so
// a module both passes use is simply in both.
const react = await esbuild.build({ ...chunkOptions, entryPoints: pick(true) });
// Pass 3: the loader alone, so it never imports a chunk it shares with the islands.
const loader = await esbuild.build({
  ...common,
  entryPoints: { 'donation-widgets': 'src/index.ts' },
  plugins: [builtElsewhere({ ...entryOutputs(page.metafile), ...entryOutputs(react.metafile) }, '.')],
});

const scripts = [page, react, loader].flatMap((pass) =>
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
