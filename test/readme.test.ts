import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const readme = read('README.md');

/** How long the front door may be: what it is, a sample, install, the two commands, where the rest lives. */
const README_LINES = 70;

describe('README, the front door', () => {
  it(`is at most ${README_LINES} lines: the manual lives in docs/`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_LINES);
  });

  it('gives the two commands a fresh clone starts from, exactly', () => {
    const lines = readme.split('\n').map((line) => line.split('#')[0]?.trim());
    expect(lines).toContain('npm ci && npm start');
    expect(lines).toContain('npm ci && npm test');
  });
});

describe('shortcode samples', () => {
  const docs = [
    'README.md',
    ...readdirSync(new URL('docs/', root))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  // WordPress reads an unclosed shortcode as enclosing everything up to the next closing tag, so a
  // sample an admin copies is self-closed, or encloses its content and closes it.
  it.each(docs)('every [donation_widget] sample in %s is closed', (doc) => {
    const text = read(doc);
    const unclosed = [...text.matchAll(/\[donation_widget\b[^\]]*\]/g)].flatMap((match) => {
      if (match[0].endsWith('/]')) return [];
      const rest = text.slice(match.index + match[0].length);
      const next = rest.search(/\[donation_widget\b/);
      const closing = rest.indexOf('[/donation_widget]');
      return closing >= 0 && (next < 0 || closing < next) ? [] : [match[0].replace(/\s+/g, ' ')];
    });
    expect(unclosed).toEqual([]);
  });
});
