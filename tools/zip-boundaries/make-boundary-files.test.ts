import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeBoundaryFiles } from './make-boundary-files.js';
import { regionFilter } from './region.js';
import {
  DEFAULTS,
  filesIn,
  fixture,
  polygonsOf,
  readBoundary,
  signedArea,
  tempFolders,
} from './test-helpers.ts';

const newFolder = tempFolders();
const INPUTS = ['tiny-zcta.zip', 'tiny-zcta.shp', 'tiny-zcta.geojson'];
const ALL_FILES = ['zip00501.kml', 'zip60601.kml', 'zip60602.kml'];

async function run(input: string, options: Partial<Parameters<typeof makeBoundaryFiles>[0]> = {}) {
  const outDir = await newFolder();
  const summary = await makeBoundaryFiles({ input: fixture(input), outDir, ...DEFAULTS, ...options });
  return { outDir, summary, files: await filesIn(outDir) };
}

async function boundary(outDir: string, zip: string) {
  const { features } = await readBoundary(path.join(outDir, `zip${zip}.kml`));
  expect(features).toHaveLength(1);
  return polygonsOf(features[0] as GeoJSON.Feature);
}

/** Distance in degrees (longitude scaled to latitude's length) from a point to a ring's outline. */
function distanceToRing([x = 0, y = 0]: number[], ring: number[][], xScale: number) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax = 0, ay = 0] = ring[i] ?? [];
    const [bx = 0, by = 0] = ring[i + 1] ?? [];
    const dx = (bx - ax) * xScale;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * xScale * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot((x - ax) * xScale - t * dx, y - ay - t * dy));
  }
  return best;
}

describe('npm run boundaries: the Census ZCTA file as one zip{ZIP}.kml per zip', () => {
  it.each(INPUTS)(
    'writes a file for each zip with a shape in %s, and counts the one without',
    async (input) => {
      const { files, summary } = await run(input);
      expect(files).toEqual(ALL_FILES);
      expect(summary).toMatchObject({
        field: 'ZCTA5CE20',
        read: 4,
        written: 3,
        empty: 1,
        filteredOut: 0,
        droppedParts: 1,
      });
      expect(summary.sizes).toHaveLength(3);
      expect(summary.largest?.zip).toBe('60602');
    },
  );

  it('writes the same bytes from the .zip as downloaded, its unpacked shapefile, and a GeoJSON export', async () => {
    const outputs = await Promise.all(
      INPUTS.map(async (input) => {
        const { outDir } = await run(input);
        return Promise.all(ALL_FILES.map((file) => readFile(path.join(outDir, file), 'utf8')));
      }),
    );
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  it.each(INPUTS)(
    "writes files from %s that the map's KML parser reads as that zip's valid polygons",
    async (input) => {
      const { outDir } = await run(input);
      for (const zip of ['00501', '60601', '60602']) {
        const { features } = await readBoundary(path.join(outDir, `zip${zip}.kml`));
        expect(features).toHaveLength(1);
        expect(features[0]?.properties).toMatchObject({ name: zip, zipcode: zip });
        for (const [outer, ...holes] of polygonsOf(features[0] as GeoJSON.Feature)) {
          for (const ring of [outer ?? [], ...holes]) {
            expect(ring.length, zip).toBeGreaterThanOrEqual(4);
            expect(ring.at(-1), zip).toEqual(ring[0]);
            for (const value of ring.flat()) expect(String(value), zip).toMatch(/^-?\d+(\.\d{1,5})?$/);
          }
          expect(signedArea(outer ?? []), `${zip}: outer rings run counter-clockwise`).toBeGreaterThan(0);
          for (const hole of holes) expect(signedArea(hole), `${zip}: holes run clockwise`).toBeLessThan(0);
        }
      }
    },
  );

  it('places each zip where the file has it', async () => {
    const { outDir } = await run('tiny-zcta.zip');
    const bounds = async (zip: string) => {
      const points = (await boundary(outDir, zip)).flat(2);
      const xs = points.map((p) => p[0] ?? 0);
      const ys = points.map((p) => p[1] ?? 0);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    };
    expect(await bounds('60601')).toEqual([-87.63, 41.87998, -87.61, 41.89]);
    expect(await bounds('60602')).toEqual([-87.61, 41.88, -87.586, 41.89]);
    expect(await bounds('00501')).toEqual([-73.0456, 40.8151, -73.0446, 40.8157]);
  });

  it('simplifies a wobbling edge to its corners, keeps a notch wider than the tolerance, and strays no further than it', async () => {
    const { outDir } = await run('tiny-zcta.shp');
    const [polygon] = await boundary(outDir, '60601');
    const ring = polygon?.[0] ?? [];
    expect(ring).toHaveLength(9);
    expect(ring).toEqual(
      expect.arrayContaining([
        [-87.619, 41.888],
        [-87.621, 41.888],
      ]),
    );
    const source = JSON.parse(await readFile(fixture('tiny-zcta.geojson'), 'utf8')).features[0].geometry
      .coordinates[0];
    expect(source.length).toBeGreaterThan(60);
    const xScale = Math.cos((41.88 * Math.PI) / 180);
    for (const point of source) {
      expect(distanceToRing(point, ring, xScale), JSON.stringify(point)).toBeLessThanOrEqual(
        DEFAULTS.tolerance + 1e-5,
      );
    }
  });

  it('rounds every coordinate to --precision decimals, merging the points that meet', async () => {
    const { outDir } = await run('tiny-zcta.zip', { precision: 3, tolerance: 0 });
    const [polygon] = await boundary(outDir, '60601');
    const ring = polygon?.[0] ?? [];
    for (const value of ring.flat()) expect(String(value)).toMatch(/^-?\d+(\.\d{1,3})?$/);
    expect(ring).toContainEqual([-87.63, 41.88]);
    expect(new Set(ring.map(String)).size).toBe(ring.length - 1);
  });

  it('keeps every corner with --tolerance 0', async () => {
    const { outDir } = await run('tiny-zcta.zip', { tolerance: 0 });
    const [polygon] = await boundary(outDir, '60601');
    expect(polygon?.[0]).toHaveLength(68);
  });

  it('keeps a zip in several parts as several polygons with its lake, and drops an islet and a pond under a hectare', async () => {
    const { outDir } = await run('tiny-zcta.zip');
    const polygons = await boundary(outDir, '60602');
    expect(polygons.map((rings) => rings.length)).toEqual([2, 1]);
    expect(polygons.flat(2)).not.toContainEqual([-87.585, 41.884]);
    expect(polygons.flat(2)).not.toContainEqual([-87.596, 41.881]);
    const kml = await readFile(path.join(outDir, 'zip60602.kml'), 'utf8');
    expect(kml.match(/<Placemark>/g)).toHaveLength(1);
    expect(kml).toContain('<MultiGeometry>');
  });

  it('keeps every island and hole with --min-area 0', async () => {
    const { outDir, summary } = await run('tiny-zcta.geojson', { minArea: 0 });
    expect((await boundary(outDir, '60602')).map((rings) => rings.length)).toEqual([3, 1, 1]);
    expect(summary.droppedParts).toBe(0);
  });

  it('keeps a zip that is one small island, leading zero and all', async () => {
    const { outDir } = await run('tiny-zcta.zip', { minArea: 1_000_000 });
    const [polygon, ...others] = await boundary(outDir, '00501');
    expect(others).toEqual([]);
    expect(polygon?.[0]).toHaveLength(5);
  });

  it.each([
    ['606', ['zip60601.kml', 'zip60602.kml'], 1],
    ['NY', ['zip00501.kml'], 3],
    ['60602, 00501', ['zip00501.kml', 'zip60602.kml'], 2],
    ['IL,00501', ALL_FILES, 0],
  ])('writes only the zips that --only %s names', async (only, expected, filteredOut) => {
    const { files, summary } = await run('tiny-zcta.zip', { only: regionFilter(only) });
    expect(files).toEqual(expected);
    expect(summary.filteredOut).toBe(filteredOut);
  });

  it('reads the zip code from the field given with --field, in any case', async () => {
    const { files, summary } = await run('tiny-zcta.geojson', { field: 'geoid20' });
    expect(files).toEqual(ALL_FILES);
    expect(summary.field).toBe('GEOID20');
  });

  it('replaces the files of an earlier run and leaves other files in the folder alone', async () => {
    const outDir = await newFolder();
    await writeFile(path.join(outDir, 'zip60601.kml'), 'stale');
    await writeFile(path.join(outDir, '.htaccess'), 'kept');
    await makeBoundaryFiles({ input: fixture('tiny-zcta.zip'), outDir, ...DEFAULTS });
    expect(await filesIn(outDir)).toEqual(['.htaccess', ...ALL_FILES]);
    expect(await readFile(path.join(outDir, '.htaccess'), 'utf8')).toBe('kept');
    expect(await readFile(path.join(outDir, 'zip60601.kml'), 'utf8')).toContain('<name>60601</name>');
  });

  it('skips a record the .dbf marks deleted, with its shape', async () => {
    const dir = await newFolder();
    await copyFile(fixture('tiny-zcta.shp'), path.join(dir, 'zcta.shp'));
    const dbf = await readFile(fixture('tiny-zcta.dbf'));
    dbf[dbf.readUInt16LE(8) + dbf.readUInt16LE(10)] = 0x2a; // the second record, 60602
    await writeFile(path.join(dir, 'zcta.dbf'), dbf);
    const outDir = await newFolder();
    const summary = await makeBoundaryFiles({ input: path.join(dir, 'zcta.shp'), outDir, ...DEFAULTS });
    expect(await filesIn(outDir)).toEqual(['zip00501.kml', 'zip60601.kml']);
    expect(summary.read).toBe(3);
    expect(await boundary(outDir, '00501')).toHaveLength(1);
  });

  it('makes the output folder when it is missing', async () => {
    const outDir = path.join(await newFolder(), 'uploads', 'zipcodes');
    await makeBoundaryFiles({ input: fixture('tiny-zcta.zip'), outDir, ...DEFAULTS });
    expect(await filesIn(outDir)).toEqual(ALL_FILES);
  });

  it.each(INPUTS)('reports progress through %s up to the whole file', async (input) => {
    const shares: number[] = [];
    await run(input, { onProgress: (share) => shares.push(share) });
    expect(shares).toHaveLength(4);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBe(1);
  });
});
