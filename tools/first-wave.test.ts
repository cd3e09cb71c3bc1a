import { describe, expect, it } from 'vitest';
import { askedWithEntry, filesBehindImports, staticGraph } from './first-wave.mjs';

const statics = (...paths: string[]) => paths.map((path) => ({ path, kind: 'import-statement' }));

/**
 * An island's chunk as esbuild splits one: the entry imports React (external, from its own pass), a big
 * file and a small one; the big file imports a small one of its own, and so does the small one.
 */
const outputs = {
  'dist/chunks/island-AAAA.js': {
    imports: [
      ...statics('./react-RRRR.js', 'dist/chunks/view-BBBB.js', 'dist/chunks/chunk-SMAL.js'),
      { path: 'dist/chunks/later-LLLL.js', kind: 'dynamic-import' },
    ],
  },
  'dist/chunks/view-BBBB.js': { imports: statics('dist/chunks/chunk-INBG.js', 'dist/chunks/chunk-SMAL.js') },
  'dist/chunks/chunk-SMAL.js': { imports: statics('dist/chunks/chunk-DEEP.js') },
  'dist/chunks/chunk-INBG.js': { imports: [] },
  'dist/chunks/chunk-DEEP.js': { imports: [] },
  'dist/chunks/later-LLLL.js': { imports: [] },
};
const BIG = new Set(['react-RRRR.js', 'view-BBBB.js']);

describe('the files a page asks for together', () => {
  it('follows static imports only, transitively, each file once, its own first', () => {
    expect(staticGraph(outputs, 'dist/chunks/island-AAAA.js')).toEqual([
      'island-AAAA.js',
      'react-RRRR.js',
      'view-BBBB.js',
      'chunk-INBG.js',
      'chunk-SMAL.js',
      'chunk-DEEP.js',
    ]);
  });

  it('names to the loader every file but a small one the entry imports itself, found as the entry arrives', () => {
    const asked = askedWithEntry(outputs, 'dist/chunks/island-AAAA.js', (name) => BIG.has(name));
    // The small file inside the big one would be found only once all of the big one has arrived.
    expect(asked).toEqual([
      'island-AAAA.js',
      'react-RRRR.js',
      'view-BBBB.js',
      'chunk-INBG.js',
      'chunk-DEEP.js',
    ]);
  });

  it('lists, for each chunk a module imports with import(), the files of its graph the module’s file lacks', () => {
    const metafile = {
      inputs: {
        'src/map-code.ts': {
          imports: [
            { path: 'src/config.ts', kind: 'import-statement' },
            { path: 'src/view.ts', kind: 'dynamic-import' },
          ],
        },
      },
      outputs: {
        'dist/chunks/island-AAAA.js': {
          inputs: { 'src/map-code.ts': {} },
          imports: statics('dist/chunks/chunk-SMAL.js'),
        },
        'dist/chunks/view-BBBB.js': {
          entryPoint: 'src/view.ts',
          inputs: {},
          imports: statics('dist/chunks/chunk-SMAL.js', 'dist/chunks/chunk-INBG.js'),
        },
        'dist/chunks/chunk-SMAL.js': { inputs: {}, imports: [] },
        'dist/chunks/chunk-INBG.js': { inputs: {}, imports: statics('dist/chunks/chunk-DEEP.js') },
        'dist/chunks/chunk-DEEP.js': { inputs: {}, imports: [] },
      },
    };
    expect(filesBehindImports(metafile, 'src/map-code.ts')).toEqual({
      file: 'dist/chunks/island-AAAA.js',
      files: { view: ['chunk-INBG.js', 'chunk-DEEP.js'] },
    });
  });
});
