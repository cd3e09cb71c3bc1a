// Writes the installable plugin zip: dist/donation-widgets-<version>.zip with one top folder,
// donation-widgets/, holding the PHP plugin, the built bundle (dist/ as `node build.mjs` left it, the
// blocks' editor script in dist/editor/ included), the islands' markup templates and each block's
// block.json. Run through `npm run plugin`, which builds the bundle first.
//   node wordpress-plugin/build-plugin.mjs [--quiet] [--bundle=dist] [--out=dist]
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockMetadata } from './block-metadata.mjs';
import { islandTemplates, placeableIslands } from './island-markup.mjs';
import { markupTextsPhp } from './markup-texts.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const dist = path.resolve(root, args.bundle ?? 'dist');
const out = path.resolve(root, args.out ?? 'dist');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const SLUG = 'donation-widgets';

// The version WordPress shows, caches by (the loader URL's ?ver=) and updates to must be the bundle's.
const main = readFileSync(path.join(here, SLUG, `${SLUG}.php`), 'utf8');
const readme = readFileSync(path.join(here, SLUG, 'readme.txt'), 'utf8');
for (const [what, found] of [
  ['the plugin header', main.match(/^ \* Version:\s+(\S+)/m)?.[1]],
  ['DONATION_WIDGETS_VERSION', main.match(/'DONATION_WIDGETS_VERSION', '([^']+)'/)?.[1]],
  ['readme.txt Stable tag', readme.match(/^Stable tag: (\S+)/m)?.[1]],
]) {
  if (found !== version) throw new Error(`${what} says ${found}, package.json says ${version}`);
}
if (
  !existsSync(path.join(dist, 'donation-widgets.js')) ||
  !existsSync(path.join(dist, 'editor/blocks.asset.php'))
)
  throw new Error(`${dist} holds no built bundle: run node build.mjs`);

const stage = mkdtempSync(path.join(tmpdir(), 'donation-widgets-plugin-'));
try {
  const plugin = path.join(stage, SLUG);
  cpSync(path.join(here, SLUG), plugin, { recursive: true });
  // The bundle as built, minus the build's own reports and earlier zips.
  const bundle = path.join(plugin, 'dist');
  cpSync(dist, bundle, {
    recursive: true,
    filter: (source) => !/(^|\/)(sizes|meta)\.json$|\.zip$/.test(path.relative(dist, source)),
  });
  const scripts = readdirSync(bundle, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'))
    .sort();
  // Site Health checks that each of these is still in place.
  writeFileSync(path.join(bundle, 'files.json'), `${JSON.stringify(scripts, null, 1)}\n`);
  mkdirSync(path.join(plugin, 'markup'));
  writeFileSync(
    path.join(plugin, 'markup', 'islands.json'),
    `${JSON.stringify(islandTemplates(root), null, 1)}\n`,
  );
  // The printed markup's texts, as literal __() calls for WordPress's translations (includes/texts.php).
  writeFileSync(path.join(plugin, 'markup', 'texts.php'), markupTextsPhp(islandTemplates(root)));
  for (const island of placeableIslands()) {
    const folder = path.join(plugin, 'blocks', island.name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'block.json'), `${JSON.stringify(blockMetadata(island), null, 1)}\n`);
  }

  const zip = path.join(out, `${SLUG}-${version}.zip`);
  rmSync(zip, { force: true });
  execFileSync('zip', ['-r', '-X', '-q', zip, SLUG], { cwd: stage });
  if (args.quiet !== 'true')
    process.stdout.write(`${path.relative(root, zip)} (${scripts.length} scripts)\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
