/**
 * No code is shipped twice: every source module the build bundles is in one file only, among the files
 * a page can download together (the loader, React's file and the islands' chunks from one code-split
 * pass). Read from the build's own record of which module went where, dist/meta.json.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOADER_SHARES } from './support/loader-shares.ts';

interface Output {
  inputs: Record<string, { bytesInOutput: number }>;
}
const meta = JSON.parse(readFileSync(new URL('../dist/meta.json', import.meta.url), 'utf8')) as {
  outputs: Record<string, Output>;
};

/**
 * Files no page loads beside the others. The clustering worker runs in a worker of its own, with its
 * index inside (the page loads that index's chunk only where workers are refused).
 */
const APART = /chunks\/cluster-worker-/;

/**
 * The loader is built apart from the islands' chunks: a module of src/shared/ that both import is in
 * both, and LOADER_SHARES lists the ones the loader may import, each a decision (the default conversion
 * paths the may-report page condition needs, which the tracker needs too). The modules the intent
 * strategy imports are not among them: it is built with the islands. What the loader holds of them
 * stays under LOADER_SHARED_BYTES, and no other module may be in two files.
 */
const EXCUSED = Object.keys(LOADER_SHARES);
const LOADER_SHARED_BYTES = 160;

/** Source module → the page files that hold some of its code. */
function modulesInFiles(outputs: Record<string, Output>): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || APART.test(file)) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput === 0) continue;
      where.set(input, [...(where.get(input) ?? []), file]);
    }
  }
  return where;
}

describe('code shipped twice', () => {
  it('is none: no module’s code is in two of the files a page can download, but what the loader shares', () => {
    const twice = [...modulesInFiles(meta.outputs)].filter(([, files]) => files.length > 1);
    expect(
      twice
        .filter(([input]) => !EXCUSED.includes(input))
        .map(([input, files]) => `${input}: ${files.join(', ')}`),
    ).toEqual([]);
    const loader = meta.outputs['dist/donation-widgets.js']?.inputs ?? {};
    const shared = EXCUSED.reduce((sum, m) => sum + (loader[m]?.bytesInOutput ?? 0), 0);
    expect(shared).toBeLessThanOrEqual(LOADER_SHARED_BYTES);
  });

  it('would be seen: a module in two files is found', () => {
    const module = { 'src/shared/read-key.ts': { bytesInOutput: 100 } };
    const twice = modulesInFiles({ 'dist/a.js': { inputs: module }, 'dist/b.js': { inputs: module } });
    expect(twice.get('src/shared/read-key.ts')).toEqual(['dist/a.js', 'dist/b.js']);
  });
});
