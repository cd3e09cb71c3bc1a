import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeBoundaryFiles } from './make-boundary-files.js';
import { regionFilter } from './region.js';
import {
  counties,
  DEFAULTS,
  filesIn,
  polygonsOf,
  RHODE_ISLAND_FILES,
  readBoundary,
  rhodeIsland,
  tempFolders,
  writeGeojson,
  writeShapefile,
} from './test-helpers.ts';

const newFolder = tempFolders();

describe('npm run boundaries: from the input to the files', () => {
  it('reads a Census-shaped zipped shapefile, its unpacked .shp, and GeoJSON, and writes the same files from each', async () => {
    const source = await newFolder();
    const inputs = [
      await writeShapefile(source, rhodeIsland(), 'cb_2020_us_zcta520_500k', true),
      await writeShapefile(source, rhodeIsland(), 'unpacked', false),
      await writeGeojson(source, rhodeIsland()),
    ];
    const outputs = [];
    for (const input of inputs) {
      const outDir = await newFolder();
      const summary = await makeBoundaryFiles({ input, outDir, ...DEFAULTS });
      expect(summary).toMatchObject({
        field: 'ZCTA5CE20',
        read: 5,
        written: 5,
        bundles: 1,
        filteredOut: 0,
        empty: [],
      });
      expect(await filesIn(outDir)).toEqual(RHODE_ISLAND_FILES);
      outputs.push(
        await Promise.all(RHODE_ISLAND_FILES.map((name) => readFile(path.join(outDir, name), 'utf8'))),
      );
    }
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  it('names each KML placemark after its zip, with the zip in its data, and places it where the input has it', async () => {
    const outDir = await newFolder();
    await makeBoundaryFiles({
      input: await writeGeojson(await newFolder(), rhodeIsland()),
      outDir,
      ...DEFAULTS,
    });
    const [placemark] = (await readBoundary(path.join(outDir, 'zip44007.kml'))).features;
    expect(placemark?.properties).toMatchObject({ name: '44007', zipcode: '44007' });
    // Providence County lies round Providence (41.82 N, 71.41 W).
    const ring = polygonsOf(placemark as NonNullable<typeof placemark>)[0]?.[0] ?? [];
    const lngs = ring.map(([lng = 0]) => lng);
    const lats = ring.map(([, lat = 0]) => lat);
    expect(Math.min(...lngs)).toBeLessThan(-71.41);
    expect(Math.max(...lngs)).toBeGreaterThan(-71.41);
    expect(Math.min(...lats)).toBeLessThan(41.82);
    expect(Math.max(...lats)).toBeGreaterThan(41.82);
  });

  it('rounds every coordinate to --precision decimals', async () => {
    const outDir = await newFolder();
    await makeBoundaryFiles({
      input: await writeGeojson(await newFolder(), rhodeIsland()),
      outDir,
      ...DEFAULTS,
      precision: 3,
    });
    const text = await readFile(path.join(outDir, 'zip44007.kml'), 'utf8');
    const numbers = text.match(/-?\d+\.\d+/g) ?? [];
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.every((n) => (n.split('.')[1] ?? '').length <= 3)).toBe(true);
    expect(numbers.some((n) => (n.split('.')[1] ?? '').length === 3)).toBe(true);
  });

  it('keeps every corner with --tolerance 0, and fewer with a coarse one', async () => {
    const corners = async (tolerance: number) => {
      const outDir = await newFolder();
      const input = await writeGeojson(await newFolder(), rhodeIsland());
      await makeBoundaryFiles({ input, outDir, ...DEFAULTS, tolerance });
      const text = await readFile(path.join(outDir, 'zip44007.kml'), 'utf8');
      return (text.match(/-?\d+\.\d+,-?\d+\.\d+/g) ?? []).length;
    };
    const input = rhodeIsland().features.find((county) => county.properties?.ZCTA5CE20 === '44007');
    const inputCorners = polygonsOf(input as NonNullable<typeof input>).flat(2).length;
    expect(await corners(0)).toBe(inputCorners);
    expect(await corners(5000)).toBeLessThan(inputCorners);
  });

  it('writes only the zips --only names, and bundles only their areas', async () => {
    const outDir = await newFolder();
    const input = await writeGeojson(await newFolder(), {
      ...counties('44'),
      features: [...counties('44').features, ...counties('09').features],
    });
    const summary = await makeBoundaryFiles({ input, outDir, ...DEFAULTS, only: regionFilter('44007,090') });
    expect(summary).toMatchObject({ written: 9, bundles: 2, filteredOut: 4 });
    expect((await filesIn(outDir)).filter((name) => name.startsWith('zips'))).toEqual([
      'zips.json',
      'zips090.json',
      'zips440.json',
    ]);
    expect(JSON.parse(await readFile(path.join(outDir, 'zips.json'), 'utf8')).bundles).toEqual({
      '090': ['090'],
      '440': ['440'],
    });
  });

  it('reads the zip code from the field given with --field, in any case', async () => {
    const outDir = await newFolder();
    const input = await writeGeojson(await newFolder(), rhodeIsland());
    const summary = await makeBoundaryFiles({ input, outDir, ...DEFAULTS, field: 'geoid20' });
    expect(summary.field).toBe('GEOID20');
    expect(summary.written).toBe(5);
  });

  it('counts a record without a shape and names its zip, and writes the others', async () => {
    const collection = rhodeIsland();
    const [first] = collection.features;
    (first as { geometry: unknown }).geometry = null;
    const outDir = await newFolder();
    const summary = await makeBoundaryFiles({
      input: await writeGeojson(await newFolder(), collection),
      outDir,
      ...DEFAULTS,
    });
    expect(summary.empty).toEqual([first?.properties?.ZCTA5CE20]);
    expect(summary.written).toBe(4);
  });

  it('replaces the files of an earlier run, leaves other files alone, and makes the folder when missing', async () => {
    const outDir = path.join(await newFolder(), 'new', 'zipcodes');
    const input = await writeGeojson(await newFolder(), rhodeIsland());
    await makeBoundaryFiles({ input, outDir, ...DEFAULTS });
    const first = await readFile(path.join(outDir, 'zip44001.kml'), 'utf8');
    await writeFile(path.join(outDir, 'zip44001.kml'), 'stale');
    await writeFile(path.join(outDir, 'notes.txt'), 'mine');
    await makeBoundaryFiles({ input, outDir, ...DEFAULTS });
    expect(await readFile(path.join(outDir, 'zip44001.kml'), 'utf8')).toBe(first);
    expect(await filesIn(outDir)).toEqual([...RHODE_ISLAND_FILES, 'notes.txt'].sort());
  });
});
