/**
 * Whether a second minifier is worth running on React's chunk: Terser (two passes, safe options)
 * after esbuild, gzip level 9 before and after. build.mjs would add it for a saving of 1 KB or more;
 * below that it is a slower build and another tool's source map to chain for nothing.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { minify } from 'terser';
import { distPath, readBuiltFiles } from '../lib/page-scripts.mjs';

export const WORTH_BYTES = 1024;

/** @param {string} distDir */
export async function benchVendorMinifier(distDir) {
  const vendor = readBuiltFiles(distDir).find((f) => /^chunks\/react-/.test(f.file));
  if (!vendor) throw new Error(`${distDir}: no chunks/react-*.js to measure`);
  const code = readFileSync(`${distPath(distDir)}${vendor.file}`, 'utf8');
  const gzip = (text) => gzipSync(text, { level: 9 }).length;
  const terser = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 } });
  const saved = gzip(code) - gzip(terser.code ?? code);
  return {
    file: vendor.file,
    esbuild: gzip(code),
    terser: gzip(terser.code ?? code),
    saved,
    worth: saved >= WORTH_BYTES,
  };
}
