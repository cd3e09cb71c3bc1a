import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { INCLUDES } from './php-cli.ts';

/**
 * The plugin's spine: what loads, renders and translates every island, which no family owns. Everything
 * else of includes/ sits in its family's folder (boundaries/, search/…), as block-library has a folder a
 * block, so a new file of a family goes there and not beside these.
 */
const SPINE = [
  'blocks.php',
  'build-notice.php',
  'editor-notice.php',
  'html-document.php',
  'island-render.php',
  'loader.php',
  'page-config.php',
  'privacy.php',
  'shortcode.php',
  'styles.php',
  'translations.php',
  'url-or-path.php',
];

const entries = readdirSync(INCLUDES, { withFileTypes: true });
const families = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const loose = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);

it('keeps no file of a family directly in includes/', () => {
  expect(loose.filter((file) => families.some((family) => file.startsWith(`${family}-`)))).toEqual([]);
});

it('holds only the spine directly in includes/, every other file in its family folder', () => {
  expect(loose.sort()).toEqual(SPINE);
});

/** Other words a family's files may be named by: the search's kept answers are its own. */
const ALSO: Record<string, string[]> = { search: ['answer-'] };

it('names each family folder for the files it holds', () => {
  for (const family of families) {
    const files = readdirSync(`${INCLUDES}/${family}`);
    const names = [family, ...(ALSO[family] ?? [])];
    expect(
      files.filter((file) => !names.some((name) => file.includes(name))),
      family,
    ).toEqual([]);
  }
});
