/**
 * No code is shipped twice: every source module the build bundles is in one file only, among the files
 * a page can download together (the loader, React's file and the islands' chunks from one code-split
 * pass). Read from the build's own record of which module went where, dist/meta.json.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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
 * What the loader must know to decide whether a page may report a conversion, and so whether the
 * tracker's chunk is downloaded at all: the default conversion paths and whether the config sets
 * `analytics`. The tracker needs the same to report; a page that downloads the tracker pays these
 * bytes twice, at most MAY_REPORT_BYTES, and no other module may join them.
 */
const PAGE_CONDITION_MODULES = ['src/shared/conversion-pages.ts'];
const MAY_REPORT_BYTES = 160;

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
  it('is none: no module’s code is in two of the files a page can download, but the page conditions', () => {
    const twice = [...modulesInFiles(meta.outputs)].filter(([, files]) => files.length > 1);
    expect(
      twice
        .filter(([input]) => !PAGE_CONDITION_MODULES.includes(input))
        .map(([input, files]) => `${input}: ${files.join(', ')}`),
    ).toEqual([]);
    const loader = meta.outputs['dist/donation-widgets.js']?.inputs ?? {};
    const conditions = PAGE_CONDITION_MODULES.reduce((sum, m) => sum + (loader[m]?.bytesInOutput ?? 0), 0);
    expect(conditions).toBeLessThanOrEqual(MAY_REPORT_BYTES);
  });

  it('would be seen: a module in two files is found', () => {
    const module = { 'src/shared/read-key.ts': { bytesInOutput: 100 } };
    const twice = modulesInFiles({ 'dist/a.js': { inputs: module }, 'dist/b.js': { inputs: module } });
    expect(twice.get('src/shared/read-key.ts')).toEqual(['dist/a.js', 'dist/b.js']);
  });
});
