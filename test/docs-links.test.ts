import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, codePathsOf, isPattern, linksOf } from './support/markdown.ts';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

/** What a fresh clone holds: the files git tracks, and the folders they are in. */
const files = git('ls-files').split('\n').filter(Boolean);
const folders = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const inClone = (path: string) => {
  const bare = path.replace(/\/$/, '');
  return bare === '' || files.includes(bare) || folders.has(bare);
};

/**
 * What a build writes, which a doc may name though no clone holds it until `node build.mjs` has run.
 * Each must be a path git ignores, so that a source file can never hide behind this list.
 */
const BUILD_OUTPUTS = [
  'wordpress-plugin/donation-widgets/dist/',
  'wordpress-plugin/donation-widgets/markup/',
  'wordpress-plugin/donation-widgets/blocks/',
  'test-results/',
];
const isBuilt = (path: string) => BUILD_OUTPUTS.some((output) => `${path}/`.startsWith(output));

const tracked = files.filter((file) => /\.(ts|tsx|js|mjs|md|html|php|css)$/.test(file));

/**
 * README.md, docs/*.md, and every Markdown page of the repository those lead to, by a link or by naming
 * it in backticks, page by page.
 */
function docsAndWhatTheyLinkTo(): string[] {
  const docs = files.filter((file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file));
  for (const doc of docs) {
    const linked = linksOf(read(doc)).map(({ target }) => resolve(doc, target).path);
    const named = codePathsOf(read(doc)).flatMap(({ path }) => candidates(doc, path));
    for (const path of [...linked, ...named])
      if (path?.endsWith('.md') && files.includes(path) && !docs.includes(path)) docs.push(path);
  }
  return docs;
}

/**
 * Where a path in backticks may be: from the repository's root, or, on a folder's own README, from that
 * folder (mock-server/README.md's `test/helpers.js` is `mock-server/test/helpers.js`).
 */
const candidates = (doc: string, path: string) => {
  const file = path.split('#')[0] as string;
  const folder = posix.dirname(doc);
  return folder === '.' || folder === 'docs' ? [file] : [file, posix.join(folder, file)];
};

/**
 * Pages a benchmark writes, whose tables compare with a baseline taken earlier: they name source files as
 * they were when it was measured, so their paths in backticks are a record, not a reference. Their links
 * and anchors are checked all the same.
 */
const isMeasurementRecord = (doc: string) => doc.startsWith('bench/results/');

/** A link's file from the repository's root (undefined for another site) and its anchor. */
function resolve(doc: string, target: string): { path?: string; anchor?: string } {
  if (/^[a-z]+:/i.test(target)) return {};
  const [file = '', anchor] = target.split('#');
  const path =
    file === ''
      ? doc
      : posix.normalize(posix.join(posix.dirname(doc), decodeURI(file.split('?')[0] as string)));
  return { path, anchor };
}

const docs = docsAndWhatTheyLinkTo();

describe('the docs lead somewhere', () => {
  it('reads README.md, docs/ and the Markdown pages they link to', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/admin.md', 'mock-server/README.md']));
  });

  it.each(docs)('every relative link of %s is to a file a clone holds', (doc) => {
    const dead = linksOf(read(doc)).flatMap(({ target, line }) => {
      const { path } = resolve(doc, target);
      return path === undefined || inClone(path) ? [] : [`${doc}:${line} → ${target}`];
    });
    expect(dead).toEqual([]);
  });

  it.each(docs)('every #anchor %s links to is a heading or an id of its page', (doc) => {
    const dead = linksOf(read(doc)).flatMap(({ target, line }) => {
      const { path, anchor } = resolve(doc, target);
      if (path === undefined || anchor === undefined || !path.endsWith('.md') || !files.includes(path))
        return [];
      return anchorsOf(read(path)).has(anchor) ? [] : [`${doc}:${line} → ${target}`];
    });
    expect(dead).toEqual([]);
  });

  it.each(docs.filter((doc) => !isMeasurementRecord(doc)))(
    'every repository path %s names in backticks exists, or is a pattern or a build output',
    (doc) => {
      const missing = codePathsOf(read(doc)).flatMap(({ path, line }) => {
        const [file = '', anchor] = path.split('#');
        const found = isPattern(file) || isBuilt(file) || candidates(doc, file).some(inClone);
        const anchored =
          anchor === undefined ||
          !files.includes(file) ||
          !file.endsWith('.md') ||
          anchorsOf(read(file)).has(anchor);
        return found && anchored ? [] : [`${doc}:${line} → ${path}`];
      });
      expect(missing).toEqual([]);
    },
  );

  it('excuses only paths git ignores as build outputs', () => {
    const notIgnored = BUILD_OUTPUTS.filter((output) => {
      try {
        git('check-ignore', '--no-index', '-q', output);
        return false;
      } catch {
        return true;
      }
    });
    expect(notIgnored).toEqual([]);
  });
});

describe('references to the docs', () => {
  it('every section of the how-it-works page cited in the repository is a heading of that page', () => {
    const anchors = anchorsOf(read('docs/how-it-works.md'));
    const cited = tracked.flatMap((file) =>
      [...read(file).matchAll(/how-it-works\.md#([\w-]+)/g)].map(([, anchor]) => ({ file, anchor })),
    );
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ anchor }) => !anchors.has(anchor as string))).toEqual([]);
  });

  it('no file cites a specification or an issue the repository does not hold', () => {
    const outside = tracked.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (/\bSPEC\b|\bissues? #?\d/i.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    expect(outside).toEqual([]);
  });
});
