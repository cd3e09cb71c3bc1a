// The blocks' editor script as build.mjs leaves it in dist/editor/: WordPress's own packages and React
// come from WordPress's globals, and its asset file names every script handle it needs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dist = new URL('../dist/', import.meta.url);
const script = readFileSync(new URL('editor/blocks.js', dist), 'utf8');
const asset = readFileSync(new URL('editor/blocks.asset.php', dist), 'utf8');
const dependencies = [
  ...(asset.match(/'dependencies' => array\(([^)]*)\)/)?.[1] ?? '').matchAll(/'([^']+)'/g),
].map(([, handle]) => handle);

describe('the editor script', () => {
  it('takes each @wordpress package from its global and lists its handle as a dependency', () => {
    const globals = [...new Set([...script.matchAll(/window\.wp\.(\w+)/g)].map(([, name = '']) => name))];
    const handles = globals.map(
      (name) => `wp-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
    );
    expect(handles.sort()).toEqual(dependencies);
    expect(dependencies).toEqual(
      expect.arrayContaining([
        'wp-block-editor',
        'wp-blocks',
        'wp-components',
        'wp-element',
        'wp-server-side-render',
      ]),
    );
  });

  it('bundles no React of its own, and needs no script WordPress 6.1 lacks', () => {
    // Strings only React's own builds carry.
    expect(script).not.toMatch(/react\.transitional\.element|__CLIENT_INTERNALS|Minified React error/);
    expect(dependencies).not.toContain('react-jsx-runtime');
  });

  it('carries a version made from its content (20 hex digits)', () => {
    expect(asset).toMatch(/'version' => '[0-9a-f]{20}'/);
  });

  it('stays out of the front end: no page size or build version counts it', () => {
    const { files } = JSON.parse(readFileSync(new URL('sizes.json', dist), 'utf8')) as {
      files: { file: string }[];
    };
    expect(files.map(({ file }) => file).filter((file) => file.startsWith('editor/'))).toEqual([]);
  });
});
