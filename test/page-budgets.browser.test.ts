/**
 * The byte budgets (docs/how-it-works.md#byte-budgets), on what a real page downloads: each page is opened in
 * Chromium, every `/dist/` script it requested (dynamic imports included) is matched to its gzip size in
 * dist/sizes.json, and the sum is held to package.json's `budgets`. Bytes from the build, never timings or
 * the wire, so the result is the same on every run.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { BEHAVIOUR_ISLANDS, PAGE_ROWS, type PageRow, scriptsOfPage } from '../bench/lib/page-rows.mjs';
import {
  type BuiltFile,
  inputsMatching,
  MAPS_CODE,
  readBuiltFiles,
  totalBytes,
  UI_LIBRARY,
} from '../bench/lib/page-scripts.mjs';
import { describeBrowser, useBrowserSuite } from './browser.ts';

const { budgets } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  budgets: Record<string, number>;
};
const built = readBuiltFiles();

const row = (key: string) => PAGE_ROWS.find((r) => r.key === key) as PageRow;
/** Names every file and its bytes, so a failure says what grew. */
const describeFiles = (files: BuiltFile[]) =>
  `${totalBytes(files)} bytes gzip: ${files.map((f) => `${f.file} ${f.gzip}`).join(', ')}`;

// Chromium only: the budgets are measured from Chromium's own network events, the bytes it really downloads.
describeBrowser('what each page downloads stays within its gzip budget', () => {
  const suite = useBrowserSuite();
  const open = (path: string) => suite.open(path);

  it(`a page with no island downloads the loader alone, at most ${budgets.noIsland} bytes`, async () => {
    const files = await scriptsOfPage(row('noIsland'), open, built);
    expect(files.map((f) => f.file)).toEqual(['donation-widgets.js']);
    expect(totalBytes(files), describeFiles(files)).toBeLessThanOrEqual(budgets.noIsland as number);
  });

  it(`the five behaviour islands together cost at most ${budgets.behaviourIslands} bytes and no UI library`, async () => {
    const files = await scriptsOfPage(row('behaviourIslands'), open, built);
    // An island is a folder of widgets/; the files beside them (Donation Manager's names) are not.
    const islands = inputsMatching(files, /^widgets\/[^/]+\//).map((input) => input.split('/')[1]);
    // Without all five the budget would pass for the wrong reason.
    expect(new Set(islands)).toEqual(new Set(BEHAVIOUR_ISLANDS));
    expect(inputsMatching(files, UI_LIBRARY)).toEqual([]);
    expect(totalBytes(files), describeFiles(files)).toBeLessThanOrEqual(budgets.behaviourIslands as number);
  });

  it(`donors-search before the first search costs at most ${budgets.donorsSearchBeforeSearch} bytes and no maps code`, async () => {
    const files = await scriptsOfPage(row('donorsSearchBeforeSearch'), open, built);
    expect(inputsMatching(files, /^widgets\/donors-search\//).length).toBeGreaterThan(0);
    expect(inputsMatching(files, MAPS_CODE)).toEqual([]);
    expect(totalBytes(files), describeFiles(files)).toBeLessThanOrEqual(
      budgets.donorsSearchBeforeSearch as number,
    );
  });

  // The search's form is in the page's HTML and its code waits for the visitor's intent: in view or far
  // below the fold, an untouched page pays the loader and the behaviour islands its form calls for.
  it.each(['donorsSearchBeforeIntent', 'donorsSearchBelowTheFold'])(
    '%s downloads no search code and no UI library, within its budget',
    async (key) => {
      const files = await scriptsOfPage(row(key), open, built);
      expect(inputsMatching(files, /^widgets\/donors-search\//)).toEqual([]);
      expect(inputsMatching(files, UI_LIBRARY)).toEqual([]);
      expect(totalBytes(files), describeFiles(files)).toBeLessThanOrEqual(budgets[key] as number);
    },
  );

  // A page with Donation Manager's markup is held to the budget of the island's own page like it: its
  // search before the visitor reaches for it (the takeover's chunk comes only with the search's code), and
  // its pick-up dates step, whose priority alert and form bring the behaviour islands.
  it.each([
    [
      'donorsSearchBeforeIntent',
      '/donation-manager/donors-in-your-area/',
      ['submit-lock'],
      ['donors-search'],
    ],
    ['behaviourIslands', '/donation-manager/pick-up-dates/', ['priority-alert', 'submit-lock'], []],
  ])("Donation Manager's markup within %s: %s", async (key, path, islands, absent) => {
    const files = await scriptsOfPage({ key, label: path, path }, open, built);
    const found = new Set(inputsMatching(files, /^widgets\//).map((input) => input.split('/')[1]));
    for (const island of islands) expect(found).toContain(island);
    for (const island of absent) expect(found).not.toContain(island);
    expect(inputsMatching(files, UI_LIBRARY)).toEqual([]);
    expect(totalBytes(files), describeFiles(files)).toBeLessThanOrEqual(budgets[key] as number);
  });

  it('donors-search after the first results has downloaded the maps code only now (reported, no budget)', async () => {
    const files = await scriptsOfPage(row('donorsSearchAfterResults'), open, built);
    expect(inputsMatching(files, MAPS_CODE).some((input) => input.includes('node_modules/leaflet/'))).toBe(
      true,
    );
    console.log(`donors-search after the first results (Leaflet): ${describeFiles(files)}`);
  });
});
