import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '../widgets/islands.js';

interface SizedFile {
  file: string;
  inputs: string[];
}

const dist = new URL('../dist/', import.meta.url);
const { files } = JSON.parse(readFileSync(new URL('sizes.json', dist), 'utf8')) as { files: SizedFile[] };
const loader = readFileSync(new URL('donation-widgets.js', dist), 'utf8');

describe('the build follows the island manifest', () => {
  it.each(ISLANDS.map((island) => [island.name, island] as const))(
    '%s is built into a chunk the loader names, never into the loader',
    (name, island) => {
      const chunk = files.find((f) => f.file.startsWith('chunks/') && f.inputs.includes(island.module));
      expect(chunk, `no chunk contains ${island.module}: run node build.mjs first`).toBeDefined();
      expect(loader).toContain(`"./${chunk?.file}"`);
      expect(files.find((f) => f.file === 'donation-widgets.js')?.inputs).not.toContain(island.module);
      expect(loader).toContain(`"${name}"`);
    },
  );

  it('keeps React out of every chunk that holds a plain island', () => {
    for (const island of ISLANDS.filter((i) => !i.react)) {
      const chunk = files.find((f) => f.inputs.includes(island.module));
      expect(
        chunk?.inputs.some((input) => input.includes('node_modules/react')),
        island.name,
      ).toBe(false);
    }
  });

  it('builds the map’s clustering worker as a content-hashed classic script that the map’s chunk names', () => {
    const workers = files.filter((f) => f.inputs.includes('widgets/donors-search/map/cluster-worker.ts'));
    expect(workers.map((f) => f.file)).toEqual([
      expect.stringMatching(/^chunks\/cluster-worker-[A-Z0-9]{8}\.js$/),
    ]);
    const file = workers[0]?.file ?? '';
    // A classic script: no import or export a browser would refuse outside a module worker.
    expect(readFileSync(new URL(file, dist), 'utf8')).not.toMatch(/^\s*(import|export)\b|\bimport\(/m);
    const namers = files.filter((f) =>
      readFileSync(new URL(f.file, dist), 'utf8').includes(`"./${file.replace('chunks/', '')}"`),
    );
    expect(namers.map((f) => f.inputs)).toEqual([
      expect.arrayContaining(['widgets/donors-search/map/cluster-engine.ts']),
    ]);
  });

  it('gives each React island a chunk of its own', () => {
    const react = ISLANDS.filter((island) => island.react);
    const chunks = react.map((island) => files.find((f) => f.inputs.includes(island.module))?.file);
    expect(new Set(chunks).size).toBe(react.length);
  });
});
