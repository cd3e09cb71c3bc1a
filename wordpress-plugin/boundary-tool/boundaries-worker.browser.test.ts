/**
 * The settings screen's boundary worker in Chromium makes the very bytes `npm run boundaries` writes for
 * the same input: the Census's zipped shapefile, an unpacked one picked with its parts, and GeoJSON, from
 * real county polygons (us-atlas) and from synthetic zips (Voronoi cells at real zip centroids, with
 * wiggled shared borders), limited by zips, prefixes and state codes. It runs the built dist/admin/.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nationalCells } from '../../bench/lib/national-zcta.mjs';
import { runWorker, serveTool, TOOL_ORIGIN } from '../../test/boundary-worker-page.mjs';
import { describeBrowser } from '../../test/browser.ts';
import { CHROMIUM_ARGS, findChromium } from '../../test/chromium.ts';
import { makeBoundaryFiles } from '../../tools/zip-boundaries/make-boundary-files.js';
import { regionFilter } from '../../tools/zip-boundaries/region.js';
import {
  counties,
  DEFAULTS,
  tempFolders,
  writeGeojson,
  writeShapefile,
} from '../../tools/zip-boundaries/test-helpers.ts';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const newFolder = tempFolders();

/** Synthetic zips of Massachusetts and Rhode Island (02…), as a Census-shaped collection. */
const synthetic = () => {
  const all = nationalCells();
  return { ...all, features: all.features.filter((zip) => zip.properties.ZCTA5CE20.startsWith('02')) };
};

/** What the command writes for `input`: every file by name. */
async function commandFiles(input: string, only?: string) {
  const outDir = await newFolder();
  await makeBoundaryFiles({ input, outDir, ...DEFAULTS, only: only ? regionFilter(only) : undefined });
  const names = (await readdir(outDir)).sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(outDir, name), 'utf8')])),
  ) as Record<string, string>;
}

describeBrowser('the boundary worker in Chromium against the command', { timeout: 120_000 }, () => {
  const inputs = new Map<string, Buffer>();
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    const context = await browser.newContext();
    await serveTool(context, { dist, inputs });
    page = await context.newPage();
    await page.goto(TOOL_ORIGIN);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Puts the files of `paths` where the page fetches them, by their names. */
  const offer = async (paths: string[]) => {
    for (const file of paths) inputs.set(path.basename(file), await readFile(file));
    return paths.map((file) => path.basename(file));
  };

  it('writes the same bytes from the Census-shaped zip of real counties (Rhode Island and Connecticut)', async () => {
    const collection = counties('44');
    collection.features.push(...counties('09').features);
    const zip = await writeShapefile(await newFolder(), collection, 'cb_2020_us_zcta520_500k', true);
    const run = await runWorker(page, { names: await offer([zip]) });
    expect(run.failed).toBeNull();
    expect(run.stages).toEqual(['read', 'simplify', 'write']);
    const expected = await commandFiles(zip);
    expect(Object.keys(run.files).sort()).toEqual(Object.keys(expected));
    expect(Object.keys(expected)).toHaveLength(5 + 8 + 3);
    for (const [name, text] of Object.entries(expected)) expect(run.files[name], name).toBe(text);
  });

  it('writes the same bytes from GeoJSON, and a feature a line, limited to a zip and a prefix (Illinois counties)', async () => {
    const folder = await newFolder();
    const illinois = counties('17');
    const geojson = await writeGeojson(folder, illinois, 'illinois.geojson');
    const lines = path.join(folder, 'illinois.geojsonl');
    await writeFile(lines, illinois.features.map((county) => JSON.stringify(county)).join('\n'));
    const expected = await commandFiles(geojson, '17031, 171');
    expect(Object.keys(expected)).toContain('zip17031.kml');
    expect(await commandFiles(lines, '17031, 171')).toEqual(expected);
    for (const file of [geojson, lines]) {
      const run = await runWorker(page, { names: await offer([file]), only: '17031, 171' });
      expect(run.failed).toBeNull();
      expect(run.files).toEqual(expected);
    }
  });

  it('writes the same bytes from an unpacked shapefile picked with its parts, limited by state code (synthetic zips)', async () => {
    const folder = await newFolder();
    const shp = await writeShapefile(folder, synthetic(), 'zcta', false);
    const parts = (await readdir(folder)).map((name) => path.join(folder, name));
    expect(parts.map((part) => path.extname(part)).sort()).toEqual(['.cpg', '.dbf', '.prj', '.shp', '.shx']);
    const run = await runWorker(page, { names: await offer(parts), only: 'RI' });
    expect(run.failed).toBeNull();
    const expected = await commandFiles(shp, 'RI');
    // Rhode Island's zips start 028 and 029.
    expect(Object.keys(expected).filter((name) => name.endsWith('.kml')).length).toBeGreaterThan(50);
    expect(Object.keys(expected).every((name) => /^zips?(02[89]\d*)?\.(kml|json)$/.test(name))).toBe(true);
    expect(Object.keys(run.files).sort()).toEqual(Object.keys(expected));
    for (const [name, text] of Object.entries(expected)) expect(run.files[name], name).toBe(text);
  });

  it('refuses what it cannot read in words that name the file or the field, like the command', async () => {
    const folder = await newFolder();
    const shp = await writeShapefile(folder, counties('44'), 'lonely', false);
    const alone = await runWorker(page, { names: await offer([shp]) });
    expect(alone.failed).toEqual({
      message: 'lonely.shp: choose lonely.dbf with it, which holds the zip codes',
      input: true,
    });
    const typo = await runWorker(page, { names: await offer([shp]), only: 'IL, ZZ' });
    expect(typo.failed).toEqual({
      message: 'Only these zips: "ZZ" is not a US state or territory code',
      input: true,
    });
    const text = await offer([
      await writeGeojson(folder, { type: 'FeatureCollection', features: [] }, 'empty.json'),
    ]);
    expect((await runWorker(page, { names: text })).failed).toEqual({
      message: 'empty.json: holds no features',
      input: true,
    });
  });
});
