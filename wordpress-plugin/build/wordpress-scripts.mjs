// The WordPress plugin's own wp-admin scripts, built by build.mjs in one pass into <outdir>/editor/ and
// <outdir>/admin/; no visitor's page loads any of them, and the build's sizes and version leave them out:
// - the blocks' editor script (wordpress-plugin/blocks/), whose JSX compiles to wordpress-plugin/blocks/
//   jsx-runtime.ts (wp.element, which 6.1 has), so the editor holds one React, WordPress's;
// - the settings screen's boundary tool (wordpress-plugin/boundary-tool/): its page, and its worker, which
//   runs the shared conversion of tools/zip-boundaries/ with the zip → state table from the `zipcodes`
//   package inlined, on mapshaper's browser build as its npm package publishes it (www/modules.js and
//   www/mapshaper.js, minified, with its licence).
// Each is a classic script whose @wordpress/* and React imports are WordPress's own globals (wp.blocks,
// wp.i18n, React, …). Like @wordpress/dependency-extraction-webpack-plugin, each page script gets an
// <name>.asset.php beside it: the script handles it depends on and a version from its content.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { zipStateTable } from '../../tools/zip-boundaries/zip-states.js';

const WORDPRESS_IMPORT = /^(@wordpress\/[a-z0-9-]+|react|react-dom)$/;
const NAMESPACE = 'wordpress';
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** mapshaper's files the boundary worker loads, from the package's www/ folder. */
const MAPSHAPER_FILES = ['modules.js', 'mapshaper.js'];

/** Resolves WordPress's modules to its globals; the metafile names each, so a script's handles can be read. */
function wordpressGlobals(root) {
  return {
    name: 'wordpress-globals',
    setup(build) {
      build.onResolve({ filter: /^react\/jsx-runtime$/ }, () => ({
        path: path.join(root, 'wordpress-plugin/blocks/jsx-runtime.ts'),
      }));
      build.onResolve({ filter: WORDPRESS_IMPORT }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const wordpress = args.path.startsWith('@wordpress/') ? args.path.slice('@wordpress/'.length) : null;
        const global = wordpress
          ? `wp.${camel(wordpress)}`
          : { react: 'React', 'react-dom': 'ReactDOM' }[args.path];
        return { contents: `module.exports = window.${global};`, loader: 'js' };
      });
    },
  };
}

/** The script handles an output of the pass depends on: `wp-<package>` for @wordpress/*, else the global's own. */
const handlesOf = (output) =>
  Object.keys(output.inputs)
    .filter((input) => input.startsWith(`${NAMESPACE}:`))
    .map((input) => input.slice(NAMESPACE.length + 1))
    .map((name) => (name.startsWith('@wordpress/') ? `wp-${name.slice('@wordpress/'.length)}` : name))
    .sort();

/** Writes `<script>.asset.php` for a built script: its handles, and a version from the files' content. */
function writeAsset(outdir, script, handles, files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(path.join(outdir, file)));
  const list = handles.map((handle) => `'${handle}'`).join(', ');
  writeFileSync(
    path.join(outdir, `${script}.asset.php`),
    `<?php return array( 'dependencies' => array( ${list} ), 'version' => '${hash.digest('hex').slice(0, 20)}' );\n`,
  );
}

/**
 * Writes editor/blocks.js and admin/boundaries.js (each with its asset file), admin/boundaries-worker.js
 * and admin/mapshaper/.
 * @param {{ common: import('esbuild').BuildOptions, root: string, outdir: string }} options
 */
export async function buildWordPressScripts({ common, root, outdir }) {
  const require = createRequire(path.join(root, 'package.json'));
  const mapshaper = path.dirname(require.resolve('mapshaper'));
  mkdirSync(path.join(outdir, 'admin/mapshaper'), { recursive: true });
  // Minified, not rebuilt: the same code in a third of the bytes, so that the plugin zip stays under
  // the 2 MB a default PHP lets the Upload Plugin screen take.
  for (const file of MAPSHAPER_FILES) {
    const { code } = await esbuild.transform(readFileSync(path.join(mapshaper, 'www', file), 'utf8'), {
      minify: true,
      target: common.target,
    });
    writeFileSync(path.join(outdir, 'admin/mapshaper', file), code);
  }
  copyFileSync(path.join(mapshaper, 'LICENSE'), path.join(outdir, 'admin/mapshaper/LICENSE'));

  const states = zipStateTable(require('zipcodes').codes);
  const result = await esbuild.build({
    ...common,
    entryPoints: {
      'editor/blocks': 'wordpress-plugin/blocks/index.ts',
      'admin/boundaries': 'wordpress-plugin/boundary-tool/boundaries.ts',
      'admin/boundaries-worker': 'wordpress-plugin/boundary-tool/boundaries-worker.ts',
    },
    // An island's markup.html as text: the editor draws the lazy background with its host's classes.
    loader: { ...common.loader, '.html': 'text' },
    format: 'iife',
    jsx: 'automatic',
    define: { ...common.define, __ZIP_STATES__: JSON.stringify(states) },
    plugins: [wordpressGlobals(root)],
    metafile: true,
  });
  if (result.errors.length > 0) throw new Error('the WordPress scripts did not build');
  const output = (script) =>
    Object.entries(result.metafile.outputs).find(([file]) => file.endsWith(`/${script}.js`))?.[1];
  writeAsset(outdir, 'editor/blocks', handlesOf(output('editor/blocks')), ['editor/blocks.js']);
  writeAsset(outdir, 'admin/boundaries', handlesOf(output('admin/boundaries')), [
    'admin/boundaries.js',
    'admin/boundaries-worker.js',
    ...MAPSHAPER_FILES.map((file) => `admin/mapshaper/${file}`),
  ]);
}
