// Writes donation-widgets/languages/donation-widgets.pot, the template translators start from: every
// string of the plugin's PHP passed to WordPress's translation functions with the `donation-widgets`
// domain, the printed markup's texts (markup/texts.php, generated) included, each block.json's title,
// description and keywords (with the contexts WordPress translates them with), and the blocks' editor
// script's strings (referenced as the built dist/editor/blocks.js, the file whose JSON translations
// WordPress looks for, as `wp i18n make-json` names them), the settings screen's boundary tool's
// (referenced as dist/admin/boundaries.js likewise), with the translators'
// comments and the files that use each string (without line numbers, so an edit elsewhere in a file
// leaves the template as it was). Run by `npm run pot`; a test checks the committed file is
// current. Reads literal strings only, as WordPress's own tools do.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockMetadata } from './block-metadata.mjs';
import { islandTemplates, placeableIslands } from './island-templates.mjs';
import { markupTextsPhp } from './markup-texts-php.mjs';
import { BUILT_PARTS } from './plugin-files.mjs';

/** wordpress-plugin/, the folder of this build folder. */
const wordpressPlugin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.dirname(wordpressPlugin);
const DOMAIN = 'donation-widgets';
export const POT_FILE = path.join(wordpressPlugin, DOMAIN, 'languages', `${DOMAIN}.pot`);

/** Each function's arguments that are strings to translate: s(ingle), p(lural), c(ontext), d(omain). */
const FUNCTIONS = {
  __: 'sd',
  _e: 'sd',
  esc_html__: 'sd',
  esc_html_e: 'sd',
  esc_attr__: 'sd',
  esc_attr_e: 'sd',
  _x: 'scd',
  _ex: 'scd',
  esc_html_x: 'scd',
  esc_attr_x: 'scd',
  _n: 'sp_d',
  _n_noop: 'spd',
  _nx: 'sp_cd',
};
const CALL = new RegExp(`(?<![\\w$>:])(${Object.keys(FUNCTIONS).join('|')})\\s*\\(`, 'g');

/** A PHP string literal at `at` ('…' or "…" without variables), or undefined. */
function literal(source, at) {
  const quote = source[at];
  if (quote !== "'" && quote !== '"') return undefined;
  let value = '';
  for (let i = at + 1; i < source.length; i++) {
    const char = source[i];
    if (char === quote) return { value, end: i + 1 };
    if (char === '$' && quote === '"') return undefined;
    if (char === '\\') {
      const next = source[++i];
      const escapes =
        quote === "'" ? { "'": "'", '\\': '\\' } : { n: '\n', t: '\t', '"': '"', '\\': '\\', $: '$' };
      value += escapes[next] ?? `\\${next}`;
      continue;
    }
    value += char;
  }
  return undefined;
}

/** The arguments of the call whose `(` is at `open`: each a literal's value or null, up to the matching `)`. */
function callArguments(source, open) {
  const args = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < source.length; i++) {
    const char = source[i];
    const string = literal(source, i);
    if (string) {
      i = string.end - 1;
      continue;
    }
    if (char === '(' || char === '[') depth++;
    else if ((char === ')' || char === ']') && depth > 0) depth--;
    else if ((char === ',' && depth === 0) || char === ')') {
      const text = source.slice(start, i).trim();
      const only = literal(text, 0);
      if (text) args.push(only && only.end === text.length ? only.value : null);
      start = i + 1;
      if (char === ')') return args;
    }
  }
  return args;
}

/** The translators' comment that ends on the line of `at` or the line before it, if any. */
function translatorComment(source, at) {
  const before = source.slice(0, at);
  const end = before.lastIndexOf('*/');
  const between = before.slice(end + 2);
  if (end < 0 || between.split('\n').length > 2 || /[;{}]/.test(between)) return undefined;
  const comment = before
    .slice(before.lastIndexOf('/*', end) + 2, end)
    .replace(/\s+/g, ' ')
    .trim();
  return /^translators:/i.test(comment) ? comment : undefined;
}

/**
 * The strings of one PHP file.
 * @param {string} source
 * @param {string} file its path in the plugin, for the references
 */
export function extractStrings(source, file) {
  const found = [];
  for (const match of source.matchAll(CALL)) {
    const roles = FUNCTIONS[match[1]];
    const args = callArguments(source, match.index + match[0].length - 1);
    const role = (r) => (roles.includes(r) ? args[roles.indexOf(r)] : undefined);
    if (role('d') !== DOMAIN || typeof role('s') !== 'string') continue;
    found.push({
      msgid: role('s'),
      plural: role('p') ?? undefined,
      context: role('c') ?? undefined,
      comment: translatorComment(source, match.index),
      reference: file,
    });
  }
  return found;
}

/** The editor script as the plugin serves it: where its strings are, for the translation tools. */
const EDITOR_SCRIPT_FILE = 'dist/editor/blocks.js';

/** Each block.json's strings, with the context WordPress's register_block_type() translates them in. */
function blockStrings() {
  return placeableIslands().flatMap((island) => {
    const { title, description, keywords } = blockMetadata(island);
    const reference = `blocks/${island.name}/block.json`;
    return [
      { msgid: title, context: 'block title', reference },
      { msgid: description, context: 'block description', reference },
      ...keywords.map((keyword) => ({ msgid: keyword, context: 'block keyword', reference })),
    ];
  });
}

/**
 * The editor script's strings: its literal __() calls, and the manifest's setting labels and help that
 * its sidebar translates as they come (widgets/islands.js).
 */
function editorStrings() {
  const dir = path.join(wordpressPlugin, 'blocks');
  const sources = readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
  const settings = placeableIslands().flatMap(({ attributes = {} }) =>
    Object.values(attributes).flatMap((attribute) => [
      {
        msgid: attribute.label,
        comment: 'translators: a setting in the block sidebar',
        reference: EDITOR_SCRIPT_FILE,
      },
      {
        msgid: attribute.help,
        comment: 'translators: what a setting in the block sidebar does',
        reference: EDITOR_SCRIPT_FILE,
      },
    ]),
  );
  return [
    ...sources.flatMap((file) =>
      extractStrings(readFileSync(path.join(dir, file), 'utf8'), EDITOR_SCRIPT_FILE),
    ),
    ...settings,
  ];
}

/** The settings screen's boundary tool as the plugin serves it, and its strings' sources. */
const ADMIN_SCRIPT_FILE = 'dist/admin/boundaries.js';

/** The boundary tool's strings: its literal __() calls (wordpress-plugin/boundary-tool/, tests left out). */
function adminStrings() {
  const dir = path.join(wordpressPlugin, 'boundary-tool');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .flatMap((file) => extractStrings(readFileSync(path.join(dir, file), 'utf8'), ADMIN_SCRIPT_FILE));
}

const quote = (text) =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\n/g, '\\n')}"`;

/** The .pot text for the plugin's PHP files and the generated markup texts. */
export function makePot() {
  const plugin = path.join(wordpressPlugin, DOMAIN);
  // The sources only: a build leaves generated PHP in the folder (markup/texts.php, read below from the
  // markup itself, and the editor script's asset file).
  const files = readdirSync(plugin, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.php') && !BUILT_PARTS.includes(file.split(path.sep)[0] ?? ''))
    .sort();
  // The plugin's name and description, which the Plugins screen shows translated.
  const main = readFileSync(path.join(plugin, `${DOMAIN}.php`), 'utf8');
  const headers = ['Plugin Name', 'Description', 'Author'].flatMap((field) => {
    const value = new RegExp(`^ \\* ${field}:\\s*(.+)$`, 'm').exec(main)?.[1]?.trim();
    return value ? [{ msgid: value, comment: `${field} of the plugin`, reference: `${DOMAIN}.php` }] : [];
  });
  const strings = [
    ...headers,
    ...files.flatMap((file) => extractStrings(readFileSync(path.join(plugin, file), 'utf8'), file)),
    ...extractStrings(markupTextsPhp(islandTemplates(root)), 'markup/texts.php'),
    ...blockStrings(),
    ...editorStrings(),
    ...adminStrings(),
  ];
  const entries = new Map();
  for (const string of strings) {
    const key = `${string.context ?? ''}\u0004${string.msgid}`;
    const entry = entries.get(key) ?? { ...string, comments: new Set(), references: [] };
    if (string.comment) entry.comments.add(string.comment);
    if (!entry.references.includes(string.reference)) entry.references.push(string.reference);
    entry.plural ??= string.plural;
    entries.set(key, entry);
  }
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const header = [
    '# Copyright (C) Donation widgets contributors',
    '# This file is distributed under the GPL-2.0-or-later.',
    'msgid ""',
    'msgstr ""',
    `"Project-Id-Version: Donation widgets ${version}\\n"`,
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"Language-Team: LANGUAGE <LL@li.org>\\n"',
    '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"',
    `"X-Domain: ${DOMAIN}\\n"`,
  ].join('\n');
  const blocks = [...entries.values()].map((entry) =>
    [
      ...[...entry.comments].map((comment) => `#. ${comment}`),
      `#: ${entry.references.join(' ')}`,
      ...(entry.context === undefined ? [] : [`msgctxt ${quote(entry.context)}`]),
      `msgid ${quote(entry.msgid)}`,
      ...(entry.plural === undefined
        ? ['msgstr ""']
        : [`msgid_plural ${quote(entry.plural)}`, 'msgstr[0] ""', 'msgstr[1] ""']),
    ].join('\n'),
  );
  return `${[header, ...blocks].join('\n\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(POT_FILE, makePot());
