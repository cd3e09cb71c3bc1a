/**
 * What the Plugins screen and the plugin directory say the plugin is: its header's Description and
 * readme.txt's short description name every island the manifest declares, the page-wide ones too, and
 * readme.txt's Installation says how each is placed (blocks, shortcodes, or nothing to place).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ISLANDS } from '../../widgets/islands.js';

const read = (file: string) => readFileSync(new URL(`../donation-widgets/${file}`, import.meta.url), 'utf8');
const header = /^ \* Description: *(.+)$/m.exec(read('donation-widgets.php'))?.[1] ?? '';
const readme = read('readme.txt');
// The short description: the first paragraph after the header fields.
const summary = /^License URI:.*\n\n(.+)$/m.exec(readme)?.[1] ?? '';
const installation = /== Installation ==\n([\s\S]*?)\n== /.exec(readme)?.[1] ?? '';
const pot = read('languages/donation-widgets.pot');

/** An island's name as words: `submit-lock` is "submit lock" (or "submit locks"). */
const words = (name: string) => new RegExp(`\\b${name.replace('-', ' ')}s?\\b`, 'i');

it.each(ISLANDS.map(({ name }) => name))('names %s in the header and the short description', (name) => {
  expect(header).toMatch(words(name));
  expect(summary).toMatch(words(name));
});

it('keeps the short description within the 150 characters the plugin directory shows', () => {
  expect(summary.length).toBeGreaterThan(0);
  expect(summary.length).toBeLessThanOrEqual(150);
});

it('offers the header’s Description for translation as it is (npm run pot)', () => {
  expect(pot).toContain(`msgid "${header}"`);
});

it('says in Installation how to place the islands: blocks, shortcodes, and the two that need no placing', () => {
  expect(installation).toMatch(/block editor/);
  expect(installation).toMatch(/shortcode/);
  expect(installation).toMatch(/submit lock and the conversion tracker/);
});
