import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '../widgets/islands.js';
import { BUILT_PARTS } from '../wordpress-plugin/build/plugin-files.mjs';

interface SizedFile {
  file: string;
  inputs: string[];
  imports: string[];
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
      expect(loader).toContain(`"${chunk?.file.replace('chunks/', '')}"`);
      expect(files.find((f) => f.file === 'donation-widgets.js')?.inputs).not.toContain(island.module);
      expect(loader).toContain(`"${name}"`);
    },
  );

  it('keeps React out of every chunk but the search’s', () => {
    for (const island of ISLANDS.filter((i) => i.name !== 'donors-search')) {
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

  it('builds each chunk the manifest names, holding exactly the islands that name it', () => {
    for (const chunk of new Set(ISLANDS.map((island) => island.chunk))) {
      const file = files.find((f) => new RegExp(`^chunks/${chunk}-[A-Z0-9]{8}\\.js$`).test(f.file));
      const modules = ISLANDS.filter((island) => island.chunk === chunk).map((island) => island.module);
      const islandsIn = ISLANDS.filter((island) => file?.inputs.includes(island.module));
      expect(
        islandsIn.map((island) => island.module),
        chunk,
      ).toEqual(modules);
    }
  });

  it('puts React in one file of its own that holds nothing else, which the search’s chunk imports', () => {
    const react = files.filter((f) => f.inputs.some((input) => input.startsWith('node_modules/react')));
    expect(react.map((f) => f.file)).toEqual([expect.stringMatching(/^chunks\/react-[A-Z0-9]{8}\.js$/)]);
    const others = react[0]?.inputs.filter(
      (input) => !/^node_modules\/(react|react-dom|scheduler)\//.test(input),
    );
    expect(others).toEqual(['react-vendor.js']);
    const search = files.find((f) => f.inputs.includes('widgets/donors-search/index.tsx'));
    expect(search?.imports).toContain(react[0]?.file.replace('chunks/', ''));
  });

  it('takes six esbuild passes at most, each for what must be built apart (build.mjs lists them)', () => {
    // What build.mjs calls: the bundle's helpers in tools/ and the plugin's in wordpress-plugin/build/.
    const helpers = ['tools/', 'wordpress-plugin/build/'].flatMap((folder) =>
      readdirSync(new URL(`../${folder}`, import.meta.url), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(mjs|js)$/.test(file))
        .map((file) => `${folder}${file}`),
    );
    const passes = ['build.mjs', ...helpers].flatMap((file) =>
      [
        ...readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').matchAll(
          /esbuild\.(build|context)\(/g,
        ),
      ].map(() => file),
    );
    expect(passes.length, passes.join(', ')).toBeLessThanOrEqual(6);
    expect(passes).toContain('build.mjs');
  });

  it('makes the plugin folder a working plugin in place, every file it writes there ignored by git', () => {
    const plugin = new URL('../wordpress-plugin/donation-widgets/', import.meta.url);
    const placeable = ISLANDS.filter((island) => island.attributes).map((island) => island.name);
    const needed = [
      'dist/donation-widgets.js',
      'dist/donation-widgets.css',
      'dist/files.json',
      'dist/editor/blocks.js',
      'dist/editor/blocks.asset.php',
      'markup/islands.json',
      'markup/texts.php',
      ...placeable.map((name) => `blocks/${name}/block.json`),
    ];
    expect(needed.filter((file) => !existsSync(new URL(file, plugin)))).toEqual([]);
    expect(readFileSync(new URL('dist/donation-widgets.js', plugin), 'utf8')).toBe(loader);
    const built = [...BUILT_PARTS.map((part) => `wordpress-plugin/donation-widgets/${part}`), 'dist'];
    const git = (...args: string[]) =>
      execFileSync('git', [...args, '--', ...built], {
        cwd: new URL('..', import.meta.url),
        encoding: 'utf8',
      });
    expect(git('ls-files', '--others', '--exclude-standard')).toBe('');
    expect(git('ls-files')).toBe('');
  });
});
