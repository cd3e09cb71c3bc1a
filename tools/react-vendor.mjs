// React, react-dom and the JSX runtime as one ES module for build.mjs: CommonJS React wrapped once,
// with its helpers inside, written as `chunks/react-<hash>.js` whose hash depends on React alone.
// Every island chunk imports it by that file name (the plugin returned marks the imports external),
// so the islands' own code-split pass holds no CommonJS at all. (Terser after esbuild saves less than
// 1 KB gzip on it; `npm run bench` measures that on every run, bench/vendor-minifier.mjs.)
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** The modules the islands import React through, all served by the one vendor file. */
const REACT_MODULES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/** Every export of React's production build, each name once (the first module that has it wins). */
function exportLines(root) {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const require = createRequire(path.join(root, 'package.json'));
  const seen = new Set();
  try {
    return REACT_MODULES.map((id) => {
      const names = Object.keys(require(id)).filter((name) => !seen.has(name) && name !== 'default');
      for (const name of names) seen.add(name);
      return `export { ${names.join(', ')} } from '${id}';`;
    }).join('\n');
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** esbuild's own style of content hash: 8 characters of base32 from a SHA-256. */
const hashOf = (text) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = createHash('sha256').update(text).digest();
  let out = '';
  for (let i = 0; i < 8; i++) out += alphabet[bytes[i] & 31];
  return out;
};

/**
 * @param {{ common: import('esbuild').BuildOptions, root: string, outdir: string }} options
 * @returns {Promise<{ result: { metafile: import('esbuild').Metafile }, plugin: import('esbuild').Plugin, file: string }>}
 */
export async function buildReactVendor({ common, root, outdir }) {
  const built = await esbuild.build({
    ...common,
    outdir: undefined,
    outfile: path.join(outdir, 'chunks/react.js'),
    write: false,
    stdin: { contents: exportLines(root), resolveDir: root, sourcefile: 'react-vendor.js' },
  });
  const code = built.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const map = built.outputFiles.find((f) => f.path.endsWith('.map'))?.text ?? '';
  const legal = built.outputFiles.find((f) => f.path.endsWith('.LEGAL.txt'));
  const name = `react-${hashOf(code)}.js`;
  const file = path.join(outdir, 'chunks', name);
  writeFileSync(file, code);
  writeFileSync(`${file}.map`, map);
  if (legal) writeFileSync(`${file}.LEGAL.txt`, legal.contents);
  const output = built.metafile.outputs[path.relative(root, path.join(outdir, 'chunks/react.js'))];
  const outputKey = path.relative(root, file);
  const plugin = {
    name: 'react-vendor',
    setup(build) {
      const filter = new RegExp(`^(${REACT_MODULES.map((m) => m.replace('/', '\\/')).join('|')})$`);
      build.onResolve({ filter }, () => ({ path: `./${name}`, external: true }));
    },
  };
  return {
    result: { metafile: { inputs: built.metafile.inputs, outputs: { [outputKey]: output } } },
    plugin,
    file: name,
  };
}
