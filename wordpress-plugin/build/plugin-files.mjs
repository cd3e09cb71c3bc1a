// What the plugin needs beside its PHP, written into a plugin folder from a build: the bundle (dist/ as
// `node build.mjs` left it, the blocks' editor script in dist/editor/ included), the islands' markup
// templates and texts (markup/) and each block's block.json (blocks/). `node build.mjs` writes them
// into wordpress-plugin/donation-widgets/ itself (git ignores them there), so that folder is a working
// plugin in place; `npm run plugin` zips it (build-plugin.mjs).
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DONATION_MANAGER_MARKUP } from '../../widgets/donation-manager-markup.js';
import { blockMetadata } from './block-metadata.mjs';
import { islandTemplates, placeableIslands } from './island-templates.mjs';
import { markupTextsPhp } from './markup-texts-php.mjs';

/** Where in markup/ the plugin's PHP reads Donation Manager's markup's names. */
export const DONATION_MANAGER_JSON = 'donation-manager.json';

/** The plugin folder's parts that a build writes; everything else in it is source. */
export const BUILT_PARTS = ['dist', 'markup', 'blocks'];

/**
 * Replaces the built parts of `plugin` with those of the build in `bundle`.
 * @param {{ root: string, bundle: string, plugin: string }} folders the repository, the build, the plugin
 */
export function writePluginFiles({ root, bundle, plugin }) {
  for (const part of BUILT_PARTS) rmSync(path.join(plugin, part), { recursive: true, force: true });
  // The bundle as built, minus the build's own reports and any plugin zip.
  const dist = path.join(plugin, 'dist');
  cpSync(bundle, dist, {
    recursive: true,
    filter: (source) => !/(^|\/)(sizes|meta)\.json$|\.zip$/.test(path.relative(bundle, source)),
  });
  const scripts = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'))
    .sort();
  // Site Health checks that each of these is still in place.
  writeFileSync(path.join(dist, 'files.json'), `${JSON.stringify(scripts, null, 1)}\n`);
  const templates = islandTemplates(root);
  mkdirSync(path.join(plugin, 'markup'));
  writeFileSync(path.join(plugin, 'markup', 'islands.json'), `${JSON.stringify(templates, null, 1)}\n`);
  // Donation Manager's ids and classes, for the PHP that fills its form (includes/donation-manager/donation-manager-search.php).
  writeFileSync(
    path.join(plugin, 'markup', DONATION_MANAGER_JSON),
    `${JSON.stringify(DONATION_MANAGER_MARKUP, null, 1)}\n`,
  );
  // The printed markup's texts, as literal __() calls for WordPress's translations
  // (includes/translations.php).
  writeFileSync(path.join(plugin, 'markup', 'texts.php'), markupTextsPhp(templates));
  for (const island of placeableIslands()) {
    const folder = path.join(plugin, 'blocks', island.name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'block.json'), `${JSON.stringify(blockMetadata(island), null, 1)}\n`);
  }
}
