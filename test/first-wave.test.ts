/**
 * No built file is found only once another has arrived: whoever asks for a chunk asks for every file of
 * its static graph in the same wave, or the browser finds the file in the chunk's own file, the first
 * to arrive. Read from the build's record of which file imports which, dist/meta.json.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BuildRecord, entryFile, nameOf, staticGraph, staticImports } from './support/built-graph.ts';

const dist = new URL('../dist/', import.meta.url);
const meta = JSON.parse(readFileSync(new URL('meta.json', dist), 'utf8')) as BuildRecord;
const read = (file: string) => readFileSync(new URL(file.replace(/^dist\//, ''), dist), 'utf8');
const graphOf = (file: string) => staticGraph(meta, file);
const entryOf = (source: string) => entryFile(meta, source);

describe('the files a page asks for together', () => {
  // widgets/donors-search/map/map-chunks.ts asks for the map's code once a search has left.
  const MAP_CODE = 'widgets/donors-search/map/map-chunks.ts';
  const asker =
    Object.keys(meta.outputs).find(
      (file) => file.endsWith('.js') && MAP_CODE in (meta.outputs[file]?.inputs ?? {}),
    ) ?? '';
  const mapChunks = (meta.inputs[MAP_CODE]?.imports ?? [])
    .filter((i) => i.kind === 'dynamic-import')
    .map((i) => i.path);

  it('the map’s code asks for every file of each map chunk’s static graph with the chunk', () => {
    expect(asker, 'run node build.mjs first').not.toBe('');
    expect(mapChunks).toEqual(
      expect.arrayContaining([
        'widgets/donors-search/map/search-map.ts',
        'widgets/donors-search/map/leaflet-map-view.ts',
        'widgets/donors-search/map/google-map-view.ts',
      ]),
    );
    // The list build.mjs appends to the asking file, which the file's code reads.
    const listed = /\nvar __MAP_FILES__=(\{.*\});\n$/.exec(read(asker))?.[1];
    const lists = JSON.parse(listed ?? '{}') as Record<string, string[]>;
    const arrived = graphOf(asker);
    const late = mapChunks.flatMap((source) => {
      const entry = entryOf(source);
      const wave = new Set([
        nameOf(entry),
        ...arrived,
        ...(lists[nameOf(source).replace(/\.ts$/, '')] ?? []),
      ]);
      return [...graphOf(entry)].filter((name) => !wave.has(name)).map((name) => `${source}: ${name}`);
    });
    expect(late).toEqual([]);
  });

  it('the file that lists the map’s files is renamed with them: it imports each map chunk', () => {
    const imported = (meta.outputs[asker]?.imports ?? []).filter((i) => i.kind === 'dynamic-import');
    expect(imported.map((i) => i.path)).toEqual(expect.arrayContaining(mapChunks.map(entryOf)));
  });

  it('the loader names every file of an island’s or a strategy’s graph but those the entry imports itself', () => {
    const loader = read('dist/donation-widgets.js');
    const entries = Object.keys(meta.outputs).filter((file) =>
      /^(island-chunk:|src\/loader\/strategies\/)/.test(meta.outputs[file]?.entryPoint ?? ''),
    );
    expect(entries.length).toBeGreaterThan(2);
    const late = entries.flatMap((entry) => {
      const foundInEntry = new Set(staticImports(meta, entry).map(nameOf));
      return [...graphOf(entry)]
        .filter((name) => !loader.includes(`"${name}"`) && !foundInEntry.has(name))
        .map((name) => `${entry}: ${name}`);
    });
    expect(late).toEqual([]);
  });
});
