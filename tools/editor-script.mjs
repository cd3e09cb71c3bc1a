// The blocks' editor script (wordpress-plugin/blocks/), for the WordPress plugin only, built by build.mjs
// into <outdir>/editor/: a classic script whose every @wordpress/* and React import is WordPress's own
// global (wp.blocks, wp.element, React, …), so the editor holds one React, WordPress's. Like
// @wordpress/dependency-extraction-webpack-plugin, it writes blocks.asset.php beside it: the script
// handles it depends on and a version from its content. JSX compiles to wordpress-plugin/blocks/
// jsx-runtime.ts (wp.element), which 6.1 has. It is not part of the front end: no page loads it, and the
// build's sizes and version leave it out.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const WORDPRESS_IMPORT = /^(@wordpress\/[a-z0-9-]+|react|react-dom)$/;
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** Resolves WordPress's modules to its globals, noting each script handle the editor then needs. */
function wordpressGlobals(root, handles) {
  return {
    name: 'wordpress-globals',
    setup(build) {
      build.onResolve({ filter: /^react\/jsx-runtime$/ }, () => ({
        path: path.join(root, 'wordpress-plugin/blocks/jsx-runtime.ts'),
      }));
      build.onResolve({ filter: WORDPRESS_IMPORT }, (args) => ({ path: args.path, namespace: 'wordpress' }));
      build.onLoad({ filter: /.*/, namespace: 'wordpress' }, (args) => {
        const wordpress = args.path.startsWith('@wordpress/') ? args.path.slice('@wordpress/'.length) : null;
        handles.add(wordpress ? `wp-${wordpress}` : args.path);
        const global = wordpress
          ? `wp.${camel(wordpress)}`
          : { react: 'React', 'react-dom': 'ReactDOM' }[args.path];
        return { contents: `module.exports = window.${global};`, loader: 'js' };
      });
    },
  };
}

/**
 * Writes <outdir>/editor/blocks.js (with its map) and blocks.asset.php.
 * @param {{ common: import('esbuild').BuildOptions, root: string, outdir: string }} options
 */
export async function buildEditorScript({ common, root, outdir }) {
  const handles = new Set();
  const editor = await esbuild.build({
    ...common,
    entryPoints: { 'editor/blocks': 'wordpress-plugin/blocks/index.ts' },
    // An island's markup.html as text: the editor draws the lazy background with its host's classes.
    loader: { ...common.loader, '.html': 'text' },
    format: 'iife',
    jsx: 'automatic',
    plugins: [wordpressGlobals(root, handles)],
    metafile: false,
  });
  if (editor.errors.length > 0) throw new Error('the editor script did not build');
  const version = createHash('sha256')
    .update(readFileSync(path.join(outdir, 'editor/blocks.js')))
    .digest('hex')
    .slice(0, 20);
  const phpList = [...handles].sort().map((handle) => `'${handle}'`);
  writeFileSync(
    path.join(outdir, 'editor/blocks.asset.php'),
    `<?php return array( 'dependencies' => array( ${phpList.join(', ')} ), 'version' => '${version}' );\n`,
  );
}
