import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading as string)));

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|md|html|php|css)$/.test(file));

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
