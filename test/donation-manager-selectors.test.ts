/**
 * Donation Manager's markup is found by names written once, in widgets/donation-manager-markup.js: no
 * other source file of the bundle, the build, the demo or the plugin's PHP spells one of its ids or
 * classes as a selector (`#id`, `[id="…"]`, `.class`, an XPath's `@id="…"` or a class looked up by
 * name). Markup (the islands' markup.html, the ids the island prints) is no selector and is not read;
 * nor are tests, comments, or the demo's stand-ins for Donation Manager's own scripts, which are its code.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DONATION_MANAGER_MARKUP } from '../widgets/donation-manager-markup.js';

const ROOT = path.join(import.meta.dirname, '..');
const ROOM = 'widgets/donation-manager-markup.js';
/** Its parts, a module each, so that each island's chunk carries only its own. */
const ROOM_PARTS = ['widgets/donation-manager-search-markup.js', 'widgets/donation-manager-alert-markup.js'];
/** The demo's copies of Donation Manager's own markup and scripts: its names are theirs to write. */
const ITS_OWN = 'mock-server/demo/donation-manager/';

const { search, priorityAlert } = DONATION_MANAGER_MARKUP;
const IDS = [...Object.values(search.ids), priorityAlert.open];
const CLASSES = [
  search.status,
  search.alert,
  priorityAlert.alert,
  priorityAlert.widget,
  priorityAlert.note,
  priorityAlert.dismiss,
  priorityAlert.hidden,
];

const escaped = (name: string) => name.replace(/[-]/g, '\\-');
const END = String.raw`(?![\w-])`;
/** Each name's selector spellings, in JavaScript, TypeScript and PHP. */
const SPELLINGS = [
  ...IDS.map(
    (id) =>
      new RegExp(
        String.raw`#${escaped(id)}${END}|\[id="${escaped(id)}"\]|@id="${escaped(id)}"|getElementById\(\s*['"]${escaped(id)}['"]`,
      ),
  ),
  ...CLASSES.map(
    (name) =>
      new RegExp(
        String.raw`\.${escaped(name)}${END}|by_class\(\s*\$xpath,\s*'${escaped(name)}'|classList\.\w+\(\s*['"]${escaped(name)}['"]`,
      ),
  ),
];

const SOURCES = execFileSync(
  'git',
  [
    'ls-files',
    'widgets',
    'src',
    'mock-server',
    'wordpress-plugin/build',
    'wordpress-plugin/donation-widgets/includes',
  ],
  { cwd: ROOT, encoding: 'utf8' },
)
  .split('\n')
  .filter(
    (file) =>
      /\.(ts|tsx|js|mjs|php)$/.test(file) &&
      !/\.test\.|\/test\/|\.d\.ts$/.test(file) &&
      file !== ROOM &&
      !ROOM_PARTS.includes(file) &&
      !file.startsWith(ITS_OWN),
  );

/** The lines of code of a file, comments left out. */
const codeLines = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => !/^(\*|\/\/|\/\*)/.test(line));

describe('Donation Manager’s ids and classes', () => {
  test('are read where they are written, nowhere spelled as a selector again', () => {
    const spelled = SOURCES.flatMap((file) =>
      codeLines(file)
        .filter(({ line }) => SPELLINGS.some((spelling) => spelling.test(line)))
        .map(({ line, number }) => `${file}:${number}: ${line}`),
    );
    expect(spelled).toEqual([]);
  });

  test('are found by the guard where they are spelled', () => {
    // The guard's own check: each spelling it forbids is one it recognises.
    const samples = [
      `find('#${search.ids.table}')`,
      `'[id="${priorityAlert.open}"]'`,
      `$xpath->query( '//form[@id="${search.ids.form}"]' )`,
      `donation_widgets_by_class( $xpath, '${search.status}' )`,
      `host.querySelector('.${priorityAlert.note}')`,
      `el.classList.toggle('${priorityAlert.hidden}', hidden)`,
    ];
    for (const sample of samples) expect(SPELLINGS.some((spelling) => spelling.test(sample))).toBe(true);
  });
});
