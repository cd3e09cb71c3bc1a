/**
 * No size in README.md or docs/*.md is typed by hand. What a file or a page weighs is measured by the
 * build (its size table, dist/sizes.json) and the benchmarks (bench/results/*.md), which write it anew on
 * every run; a doc points there, so no figure it gives goes stale. A doc may name a limit, a size the code
 * sets rather than measures, and each one is held here to the code that sets it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOOKUP_BYTES } from '../tools/zip-centroids.mjs';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** What .ci/run writes at the end of each run: a record, not a doc anyone types. */
const GENERATED = new Set(['docs/ci-run.md']);

const DOCS = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`)
    .filter((file) => !GENERATED.has(file)),
];

/** A size in bytes as a doc writes it: `2 KB`, `144,107 bytes`, `1.6 GB`, or a bare count before `gzip`. */
const SIZE = /\b\d[\d,.]*(?:\s|&nbsp;)?(?:bytes|[KMG]i?B|kB)\b|\b\d[\d,.]*\s+gzip\b/g;

const UNIT: Record<string, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
const bytesOf = (figure: string) => {
  const [, number, unit] = /^(\d+) ([KMG]B)$/.exec(figure) ?? [];
  if (!number || !unit) throw new Error(`not a limit's figure: ${figure}`);
  return Number(number) * (UNIT[unit] as number);
};

const BOUNDARY_LIMITS = read('wordpress-plugin/donation-widgets/includes/boundaries/boundaries-files.php');
/** A bound of donation_widgets_boundary_limits(), in bytes: `'kml' => 2 * MB_IN_BYTES`. */
function boundaryLimit(kind: string): number {
  const [, times = '1', unit] =
    new RegExp(`'${kind}'\\s*=>\\s*(?:(\\d+)\\s*\\*\\s*)?([KMG])B_IN_BYTES`).exec(BOUNDARY_LIMITS) ?? [];
  if (!unit) throw new Error(`includes/boundaries/boundaries-files.php sets no '${kind}' bound in bytes`);
  return Number(times) * (UNIT[`${unit}B`] as number);
}

/** PHP's own default for an ini setting (`2M`), in bytes: what a host that never set it allows. */
function phpDefault(setting: string): number {
  const value = execFileSync('php', ['-n', '-r', `echo ini_get('${setting}');`], { encoding: 'utf8' });
  const [, number, unit] = /^(\d+)([KMG])$/.exec(value) ?? [];
  if (!number || !unit) throw new Error(`php's default ${setting} is ${value}`);
  return Number(number) * (UNIT[`${unit}B`] as number);
}

/** Every limit the docs name: the doc, its words (the figure first), and the bytes the code sets. */
const LIMITS = [
  {
    doc: 'docs/how-it-works.md',
    words: '30 KB gzip (`LOOKUP_BYTES`)',
    bytes: () => LOOKUP_BYTES,
  },
  { doc: 'docs/admin.md', words: '2 MB a KML file', bytes: () => boundaryLimit('kml') },
  { doc: 'docs/admin.md', words: '8 MB a bundle', bytes: () => boundaryLimit('bundle') },
  { doc: 'docs/admin.md', words: '1 GB a set', bytes: () => boundaryLimit('bytes') },
  {
    doc: 'docs/developing.md',
    words: '2 MB a default PHP lets the Upload Plugin screen take',
    bytes: () => phpDefault('upload_max_filesize'),
  },
];

describe('sizes in the docs', () => {
  it.each(DOCS)('%s types no measured size: it points to the table that measures it', (doc) => {
    let text = read(doc);
    for (const { words } of LIMITS.filter((limit) => limit.doc === doc)) text = text.split(words).join('');
    const lines = text.split('\n');
    const typed = lines.flatMap((line) =>
      [...line.matchAll(SIZE)].map(([figure]) => `${figure}: ${line.trim()}`),
    );
    expect(typed).toEqual([]);
  });

  it.each(LIMITS)('$doc says "$words", as the code sets it', ({ doc, words, bytes }) => {
    expect(read(doc)).toContain(words);
    const figure = (/^\d+ [KMG]B/.exec(words) ?? [''])[0];
    expect(bytesOf(figure)).toBe(bytes());
  });
});
