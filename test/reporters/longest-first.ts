/**
 * The order files start in. Vitest runs first the files it saw take longest, and, with no record of an
 * earlier run (a fresh clone, as CI's), the largest files first. A few small files are long: their tests
 * are rows of a table kept in another file, run in every engine. Started last, such a file keeps one
 * worker busy minutes after the other has nothing left, so with no record they start first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files far longer than their size says, each with why. */
export const LONG_FOR_THEIR_SIZE = [
  // Every row of the failure matrix (failure-cases.ts) on the page with every island, in three engines.
  'test/hardening/failures.browser.test.ts',
  // axe-core over every demo page, in three engines.
  'test/hardening/a11y.browser.test.ts',
  // Real touch on the phone's map. Started after test/hardening/motion.browser.test.ts and
  // test/hardening/hostile-config.browser.test.ts in the same worker, its map showed no single marker in
  // 20 s (a state one of them leaves in the worker, not in its Chromium; not found yet). Started early,
  // it never follows them.
  'widgets/donors-search/map/map-touch.browser.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    for (const file of LONG_FOR_THEIR_SIZE)
      if (!existsSync(path.join(root, file))) throw new Error(`${file}, listed as long, does not exist`);
    const unrecorded = (entry: TestSpecification) =>
      !this.ctx.cache.getFileTestResults(`${entry.project.name}:${path.relative(root, entry.moduleId)}`);
    const rank = (entry: TestSpecification) =>
      unrecorded(entry) && LONG_FOR_THEIR_SIZE.includes(path.relative(root, entry.moduleId)) ? 0 : 1;
    // Within each project, as the projects come in the base order.
    const firstOfProject = new Map<string, number>();
    sorted.forEach((entry, index) => {
      if (!firstOfProject.has(entry.project.name)) firstOfProject.set(entry.project.name, index);
    });
    return sorted
      .map((entry, index) => ({ entry, index }))
      .sort(
        (a, b) =>
          (firstOfProject.get(a.entry.project.name) ?? 0) - (firstOfProject.get(b.entry.project.name) ?? 0) ||
          rank(a.entry) - rank(b.entry) ||
          a.index - b.index,
      )
      .map(({ entry }) => entry);
  }
}
