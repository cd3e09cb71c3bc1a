import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_CONDITIONS } from '../src/loader/page-conditions.ts';
import { ISLANDS } from './islands.js';

const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the island manifest (widgets/islands.js)', () => {
  it('names every island once', () => {
    const names = ISLANDS.map((island) => island.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has an entry for every folder in widgets/, and a folder for every entry', () => {
    expect(ISLANDS.map((island) => island.name).sort()).toEqual([...folders].sort());
  });

  it.each(ISLANDS.map((island) => [island.name, island] as const))(
    '%s has its markup, and a module in its own folder that exports mount',
    async (name, island) => {
      expect(
        existsSync(path.join(import.meta.dirname, name, 'markup.html')),
        `widgets/${name}/markup.html`,
      ).toBe(true);
      expect(island.module.startsWith(`widgets/${name}/`), island.module).toBe(true);
      // The path is the manifest's own data, which is what this test checks; no static list can stand in for it.
      const module = await import(/* @vite-ignore */ `../${island.module}`);
      expect(typeof module.mount).toBe('function');
    },
  );

  it('names only page conditions the loader implements', () => {
    for (const island of ISLANDS)
      if ('page' in island.host) expect(Object.keys(PAGE_CONDITIONS)).toContain(island.host.page);
  });

  it('finds every other host by a selector the browser accepts', () => {
    for (const { host } of ISLANDS)
      if ('selector' in host) expect(() => document.querySelector(host.selector)).not.toThrow();
  });
});
