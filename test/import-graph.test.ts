/**
 * The shape of the imports in the code that ships (src/ and widgets/):
 * - no import circle, type-only imports included (read as TypeScript reads them, in
 *   test/support/source-import-graph.ts): a module that imports, through any chain, a module that imports
 *   it back is read half-initialised by one of them, and how the build splits them depends on which a page
 *   loads first; and where the circle is of types alone, neither module can be read, moved or split
 *   without the other, so the types live where both can import them;
 * and, from esbuild's own record of the imports it bundles, static and dynamic (type-only imports, which
 * esbuild drops, do not ship and so do not count):
 * - the loader, which every page downloads, reaches no island's files: what it must know of islands comes
 *   from the manifest (through the build) or from src/; of src/shared/ it reaches only the modules
 *   LOADER_SHARES lists (test/support/loader-shares.ts), each with its reason, and docs/developing.md
 *   says the same;
 * - no island imports another's files: what two islands share lives in src/shared/.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LOADER_SHARES } from './support/loader-shares.ts';
import { sourceImportGraph } from './support/source-import-graph.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CODE = /\.(ts|tsx|js)$/;
const NOT_SHIPPED = /\.test\.(ts|tsx)$|\.d\.ts$/;

const shipped = (file: string) => /^(src|widgets)\//.test(file) && CODE.test(file) && !NOT_SHIPPED.test(file);

const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => CODE.test(file) && !NOT_SHIPPED.test(file))
    .map((file) => path.join(dir, file));

/** Module → the modules it imports (static or dynamic), from the repository's root. */
async function importGraph(entryPoints: string[]): Promise<Map<string, string[]>> {
  const { metafile } = await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    packages: 'external',
    format: 'esm',
    splitting: true,
    outdir: 'import-graph',
    write: false,
    metafile: true,
    // Styles, markup and pictures import nothing back.
    loader: { '.css': 'empty', '.html': 'empty', '.png': 'empty', '.svg': 'empty' },
    logLevel: 'silent',
  });
  return new Map(
    Object.entries(metafile.inputs).map(([file, input]) => [
      file,
      input.imports.filter((i) => !i.external).map((i) => i.path),
    ]),
  );
}

/**
 * Every knot of circles, each once: the strongly connected components of more than one module (or a
 * module that imports itself), each as its modules in a sorted list. Tarjan's algorithm.
 */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/**
 * A knot's shortest circle through its first module, in import order and back to where it starts
 * (`a.ts → b.ts → a.ts`): the files to open, in the order to read them. A knot of several circles shows
 * the others once this one is undone.
 */
function circleThrough(knot: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string {
  const members = new Set(knot);
  const start = knot[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const module of queue) {
    for (const next of graph.get(module) ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, module);
      queue.push(next);
    }
    if (cameFrom.has(start)) break;
  }
  const circle = [start];
  for (let module = cameFrom.get(start) as string; module !== start; module = cameFrom.get(module) as string)
    circle.unshift(module);
  return [start, ...circle].join(' → ');
}

const circles = (graph: ReadonlyMap<string, readonly string[]>) =>
  findCycles(graph).map((knot) => circleThrough(knot, graph));

const graph = await importGraph([...sources('src'), ...sources('widgets')]);
const source = sourceImportGraph(root, shipped);

/** Every module `from` reaches through its imports, itself included. */
function reachable(from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const next of graph.get(module) ?? []) visit(next);
  };
  visit(from);
  return seen;
}

const islandOf = (module: string) => module.match(/^widgets\/([^/]+)\//)?.[1];

describe('the import graph of src/ and widgets/', () => {
  it('has no circle, type-only imports included', () => {
    expect(source.size).toBeGreaterThan(80);
    expect(circles(source)).toEqual([]);
  });

  it('keeps the loader out of every island’s folder', () => {
    const loader = reachable('src/loader/index.ts');
    expect(loader.has('src/loader/page-conditions.ts')).toBe(true);
    expect([...loader].filter((module) => module.startsWith('widgets/'))).toEqual([]);
  });

  it('lets the loader and its strategies import only the listed modules of src/shared/, from the listed files', () => {
    const loaderModules = sources('src/loader');
    const shared = loaderModules.flatMap((module) =>
      (graph.get(module) ?? [])
        .filter((imported) => imported.startsWith('src/shared/'))
        .map((imported) => [imported, module]),
    );
    expect(Object.fromEntries(shared.sort())).toEqual(LOADER_SHARES);
    // What those modules import in turn stays in src/shared/ and out of the islands.
    const reached = [...Object.keys(LOADER_SHARES)].flatMap((module) => [...reachable(module)]);
    expect(reached.filter((module) => !module.startsWith('src/shared/'))).toEqual([]);
  });

  it('keeps each island out of the others’ folders', () => {
    const crossings = [...graph].flatMap(([module, imports]) =>
      imports
        .filter(
          (imported) => islandOf(module) && islandOf(imported) && islandOf(imported) !== islandOf(module),
        )
        .map((imported) => `${module} → ${imported}`),
    );
    expect(crossings).toEqual([]);
  });

  it('would name each circle’s files in import order, a module importing itself too', () => {
    const knots = new Map([
      ['a.ts', ['c.ts']],
      ['b.ts', ['a.ts']],
      ['c.ts', ['b.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(findCycles(knots)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(circles(knots)).toEqual(['a.ts → c.ts → b.ts → a.ts', 'e.ts → e.ts']);
  });

  it('reads type-only and dynamic imports in the source, which the build drops or splits', () => {
    // The tracker's setup takes the defaults' type alone, so that its chunk does not split them out.
    const typeOnly = [
      'widgets/conversion-tracker/tracker-setup.ts',
      'widgets/conversion-tracker/analytics-defaults.ts',
    ];
    expect(source.get(typeOnly[0] as string)).toContain(typeOnly[1]);
    expect(graph.get(typeOnly[0] as string)).not.toContain(typeOnly[1]);
    expect(source.get('widgets/conversion-tracker/index.ts')).toContain(
      'widgets/conversion-tracker/tracker-setup.ts',
    );
  });
});
