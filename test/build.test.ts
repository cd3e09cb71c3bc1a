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

  it('gives each React island a chunk of its own', () => {
    const react = ISLANDS.filter((island) => island.react);
    const chunks = react.map((island) => files.find((f) => f.inputs.includes(island.module))?.file);
    expect(new Set(chunks).size).toBe(react.length);
  });
});
