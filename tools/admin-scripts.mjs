// The settings screen's boundary tool for build.mjs, into dist/admin/: the page's script (a classic
// script whose @wordpress/i18n is WordPress's wp.i18n, with boundaries.asset.php beside it, as the
// blocks' editor script has), its worker (the shared conversion of tools/zip-boundaries/, with the zip
// → state table from the `zipcodes` package inlined), and mapshaper's browser build as its npm package
// publishes it (www/modules.js and www/mapshaper.js, minified, with its licence), which the worker loads.
// Only that screen loads any of it: no page size or build version counts it.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { zipStateTable } from './zip-boundaries/zip-states.js';

/** mapshaper's files the worker loads, from the package's www/ folder. */
const MAPSHAPER_FILES = ['modules.js', 'mapshaper.js'];

/** @type {import('esbuild').Plugin} */
const wordpressI18n = {
  name: 'wordpress-i18n',
  setup(build) {
    build.onResolve({ filter: /^@wordpress\/i18n$/ }, (args) => ({ path: args.path, namespace: 'wp-i18n' }));
    build.onLoad({ filter: /.*/, namespace: 'wp-i18n' }, () => ({
      contents: 'module.exports = window.wp.i18n;',
      loader: 'js',
    }));
  },
};

/**
 * @param {{ common: import('esbuild').BuildOptions, root: string, outdir: string }} options
 */
export async function buildAdminScripts({ common, root, outdir }) {
  const dir = path.join(outdir, 'admin');
  const mapshaper = path.dirname(createRequire(path.join(root, 'package.json')).resolve('mapshaper'));
  mkdirSync(path.join(dir, 'mapshaper'), { recursive: true });
  // Minified, not rebuilt: the same code in a third of the bytes, so that the plugin zip stays under
  // the 2 MB a default PHP lets the Upload Plugin screen take.
  for (const file of MAPSHAPER_FILES) {
    const { code } = await esbuild.transform(readFileSync(path.join(mapshaper, 'www', file), 'utf8'), {
      minify: true,
      target: common.target,
    });
    writeFileSync(path.join(dir, 'mapshaper', file), code);
  }
  copyFileSync(path.join(mapshaper, 'LICENSE'), path.join(dir, 'mapshaper', 'LICENSE'));

  const states = zipStateTable(createRequire(path.join(root, 'package.json'))('zipcodes').codes);
  const admin = { ...common, format: /** @type {const} */ ('iife'), metafile: false };
  await esbuild.build({
    ...admin,
    entryPoints: { 'admin/boundaries-worker': 'wordpress-plugin/admin/boundaries-worker.ts' },
    define: { ...common.define, __ZIP_STATES__: JSON.stringify(states) },
  });
  await esbuild.build({
    ...admin,
    entryPoints: { 'admin/boundaries': 'wordpress-plugin/admin/boundaries.ts' },
    plugins: [wordpressI18n],
  });
  const hash = createHash('sha256');
  for (const file of [
    'boundaries.js',
    'boundaries-worker.js',
    ...MAPSHAPER_FILES.map((f) => `mapshaper/${f}`),
  ])
    hash.update(readFileSync(path.join(dir, file)));
  writeFileSync(
    path.join(dir, 'boundaries.asset.php'),
    `<?php return array( 'dependencies' => array( 'wp-i18n' ), 'version' => '${hash.digest('hex').slice(0, 20)}' );\n`,
  );
}
