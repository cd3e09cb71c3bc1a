import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const mockDir = fileURLToPath(new URL('../', import.meta.url));

/**
 * The groups of mock-server's folders, lowest first (`''` is the top level: server.js and the CLI): a
 * file may import from its own group or from a group of a lower rank, never upwards or sideways.
 * `data` and `faults` share a rank, so neither knows the other.
 * @type {Record<string, number>}
 */
const RANK = { lib: 0, data: 1, faults: 1, wordpress: 2, demo: 3, '': 4, test: 5 };

/** @param {string} file a path inside mock-server/ */
const groupOf = (file) => {
  const [first = '', ...rest] = path.relative(mockDir, file).split(path.sep);
  return rest.length === 0 ? '' : first;
};

/** @param {string} dir @returns {string[]} */
const scriptsIn = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scriptsIn(full);
    return /\.m?js$/.test(entry.name) ? [full] : [];
  });

/**
 * Relative specifiers of static imports, re-exports, side-effect imports, dynamic imports and the
 * `import('…')` types of JSDoc comments: a type is a dependency too.
 * @param {string} source
 */
const relativeSpecifiers = (source) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g)].map(
    (match) => /** @type {string} */ (match[2]),
  );

// This file's own examples are strings, not imports.
const edges = scriptsIn(mockDir)
  .filter((file) => file !== fileURLToPath(import.meta.url))
  .flatMap((file) =>
    relativeSpecifiers(readFileSync(file, 'utf8')).map((specifier) => ({
      file,
      specifier,
      target: path.resolve(path.dirname(file), specifier),
    })),
  );

/** @param {{file: string, specifier: string}} edge */
const describeEdge = ({ file, specifier }) => `${path.relative(mockDir, file)} imports ${specifier}`;

describe('the mock server’s layout', () => {
  it('finds the imports it checks, JSDoc types included', () => {
    expect(relativeSpecifiers("import { a } from './a.js';\n/** @type {import('../b/c.js').C} */")).toEqual([
      './a.js',
      '../b/c.js',
    ]);
    expect(edges.length).toBeGreaterThan(50);
  });

  it('imports only files that exist', () => {
    expect(edges.filter((edge) => !existsSync(edge.target)).map(describeEdge)).toEqual([]);
  });

  it('imports from outside mock-server/ only in the demo, which shows the islands, the boundary layout and the record check', () => {
    // The boundary files' names and grouping: the mock serves the layout `npm run boundaries` writes,
    // so both take it from the one file that defines it. What counts as a JSON object is one rule
    // for the bundle, the demo and the mock route alike.
    const shared = new Set(
      ['../src/shared/boundary-names.js', '../src/shared/is-record.js'].map((file) =>
        path.resolve(mockDir, file),
      ),
    );
    const outside = edges.filter(
      ({ file, target }) =>
        path.relative(mockDir, target).startsWith('..') && groupOf(file) !== 'demo' && !shared.has(target),
    );
    expect(outside.map(describeEdge)).toEqual([]);
  });

  it('never imports from a group above or beside its own', () => {
    const backwards = edges.filter(({ file, target }) => {
      if (path.relative(mockDir, target).startsWith('..')) return false;
      const from = groupOf(file);
      const to = groupOf(target);
      return from !== to && (RANK[to] ?? Number.POSITIVE_INFINITY) >= (RANK[from] ?? -1);
    });
    expect(backwards.map(describeEdge)).toEqual([]);
  });

  it('knows the group of every file', () => {
    const unknown = [...new Set(scriptsIn(mockDir).map(groupOf))].filter((group) => !(group in RANK));
    expect(unknown).toEqual([]);
  });
});
