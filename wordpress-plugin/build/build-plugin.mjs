// Writes the installable plugin zip, dist/donation-widgets-<version>.zip: the plugin folder
// wordpress-plugin/donation-widgets/ as `node build.mjs` left it (its PHP, and the bundle, markup and
// block.json files the build writes there, plugin-files.mjs), under one top folder, donation-widgets/,
// source maps left out.
// With --bundle, the zip holds that build instead, from a copy of the folder: the WordPress suite builds
// apart from dist/ while the browser tests read it. Run through `npm run plugin`, which builds first.
//   node wordpress-plugin/build/build-plugin.mjs [--quiet] [--bundle=<a build's folder>] [--out=dist]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_PARTS, writePluginFiles } from './plugin-files.mjs';

/** wordpress-plugin/, the folder of this build folder. */
const wordpressPlugin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.dirname(wordpressPlugin);
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const out = path.resolve(root, args.out ?? 'dist');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const SLUG = 'donation-widgets';
const source = path.join(wordpressPlugin, SLUG);

// The version WordPress shows, caches by (the loader URL's ?ver=) and updates to must be the bundle's.
const main = readFileSync(path.join(source, `${SLUG}.php`), 'utf8');
const readme = readFileSync(path.join(source, 'readme.txt'), 'utf8');
for (const [what, found] of [
  ['the plugin header', main.match(/^ \* Version:\s+(\S+)/m)?.[1]],
  ['DONATION_WIDGETS_VERSION', main.match(/'DONATION_WIDGETS_VERSION', '([^']+)'/)?.[1]],
  ['readme.txt Stable tag', readme.match(/^Stable tag: (\S+)/m)?.[1]],
]) {
  if (found !== version) throw new Error(`${what} says ${found}, package.json says ${version}`);
}

const stage = args.bundle ? mkdtempSync(path.join(tmpdir(), 'donation-widgets-plugin-')) : undefined;
try {
  let plugin = source;
  if (stage) {
    const bundle = path.resolve(root, args.bundle);
    if (!existsSync(path.join(bundle, 'donation-widgets.js')))
      throw new Error(`${bundle} holds no built bundle: run node build.mjs --outdir=${args.bundle}`);
    plugin = path.join(stage, SLUG);
    const built = new Set(BUILT_PARTS.map((part) => path.join(source, part)));
    cpSync(source, plugin, { recursive: true, filter: (file) => !built.has(file) });
    writePluginFiles({ root, bundle, plugin });
  }
  for (const file of ['dist/donation-widgets.js', 'dist/editor/blocks.asset.php', 'markup/islands.json'])
    if (!existsSync(path.join(plugin, file)))
      throw new Error(`${path.relative(root, plugin)} has no ${file}: run npm run build first`);
  const zip = path.join(out, `${SLUG}-${version}.zip`);
  mkdirSync(out, { recursive: true });
  rmSync(zip, { force: true });
  // Without the source maps, which developers find beside dist/ and in the folder built in place: with
  // them the zip passes the 2 MB a default PHP lets the Upload Plugin screen take.
  execFileSync('zip', ['-r', '-X', '-q', zip, SLUG, '-x', '*.map'], { cwd: path.dirname(plugin) });
  if (args.quiet !== 'true') process.stdout.write(`${path.relative(root, zip)}\n`);
} finally {
  if (stage) rmSync(stage, { recursive: true, force: true });
}
