import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from './input-error.js';
import { makeBoundaryFiles } from './make-boundary-files.js';
import { counties, DEFAULTS, filesIn, tempFolders, writeGeojson, writeShapefile } from './test-helpers.ts';

const newFolder = tempFolders();

/** The InputError a run ends with; the test fails if the run succeeds or fails otherwise. */
async function failure(input: string, options: { field?: string } = {}) {
  const outDir = await newFolder();
  const error = await makeBoundaryFiles({ input, outDir, ...DEFAULTS, ...options }).then(
    () => new Error('the run succeeded'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InputError);
  expect(await filesIn(outDir)).toEqual([]);
  return (error as Error).message;
}

/** Rhode Island's counties as GeoJSON, changed by `change` first. */
async function geojsonWith(
  change: (collection: ReturnType<typeof counties>) => unknown,
  name = 'zcta.geojson',
) {
  const collection = counties('44');
  return writeGeojson(await newFolder(), change(collection) ?? collection, name);
}

describe('a broken input gets an error that names the file and what is wrong', () => {
  it('a file that is not there, or not a file', async () => {
    const missing = path.join(await newFolder(), 'cb_2020_us_zcta520_500k.zip');
    expect(await failure(missing)).toMatch(new RegExp(`^${missing}: cannot be read \\(ENOENT`));
    const folder = await newFolder();
    expect(await failure(folder)).toBe(
      `${folder}: is not a file; expected a .zip holding a shapefile or GeoJSON, a .shp (with its .dbf beside it), or .geojson / .json`,
    );
  });

  it('a kind of file the command does not read', async () => {
    const file = path.join(await newFolder(), 'zcta.kml');
    await writeFile(file, '<kml/>');
    expect(await failure(file)).toMatch(new RegExp(`^${file}: unknown kind of file; expected a \\.zip`));
  });

  it('GeoJSON that is not JSON', async () => {
    const file = await geojsonWith(() => undefined);
    await writeFile(file, (await readFile(file, 'utf8')).slice(0, 300));
    expect(await failure(file)).toMatch(new RegExp(`^${file}: .*JSON`, 'i'));
  });

  it('a shapefile cut off in the middle', async () => {
    const shp = await writeShapefile(await newFolder(), counties('44'), 'zcta', false);
    const bytes = await readFile(shp);
    await writeFile(shp, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await failure(shp)).toMatch(new RegExp(`^${shp}: \\S`));
  });

  it('a shapefile without the .dbf that holds the zip codes', async () => {
    const shp = await writeShapefile(await newFolder(), counties('44'), 'zcta', false);
    await rm(shp.replace(/\.shp$/, '.dbf'));
    expect(await failure(shp)).toBe(`${shp}: no zcta.dbf beside it, which holds the zip codes`);
  });

  it('no field that holds zip codes, or not the one given with --field', async () => {
    const file = await geojsonWith((collection) => ({
      ...collection,
      features: collection.features.map((county) => ({ ...county, properties: { NAME: 'x' } })),
    }));
    expect(await failure(file)).toBe(
      `${file}: no ZCTA code field found (looked for ZCTA5CE20, ZCTA5CE10, GEOID20, ZCTA5, ZIP…); its fields are NAME. Name the right one with --field`,
    );
    expect(await failure(await geojsonWith(() => undefined), { field: 'ZIP' })).toMatch(
      /: has no field ZIP \(--field\); its fields are ZCTA5CE20, AFFGEOID20, GEOID20, NAME20, LSAD20$/,
    );
  });

  it('a record whose zip is not five digits, or a zip given twice', async () => {
    const bad = await geojsonWith((collection) => {
      (collection.features[2]?.properties as Record<string, unknown>).ZCTA5CE20 = 'Providence';
    });
    expect(await failure(bad)).toBe(
      `${bad}: record 3: ZCTA5CE20 is "Providence", expected a five-digit zip code`,
    );
    const twice = await geojsonWith((collection) => {
      (collection.features[3]?.properties as Record<string, unknown>).ZCTA5CE20 =
        collection.features[1]?.properties?.ZCTA5CE20;
    });
    expect(await failure(twice)).toMatch(
      /: record 4: zip \d{5} again \(first at record 2\); one shape per zip is expected$/,
    );
  });

  it('points instead of polygons, and coordinates that are not degrees', async () => {
    const points = await geojsonWith((collection) => ({
      ...collection,
      features: collection.features.map((county) => ({
        ...county,
        geometry: { type: 'Point', coordinates: [-71.4, 41.8] },
      })),
    }));
    expect(await failure(points)).toBe(`${points}: record 1 is a Point; zip code boundaries are polygons`);
    const projected = await geojsonWith((collection) => ({
      ...collection,
      features: collection.features.map((county) => ({
        ...county,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [1e6, 4e6],
              [1.1e6, 4e6],
              [1.1e6, 4.1e6],
              [1e6, 4e6],
            ],
          ],
        },
      })),
    }));
    expect(await failure(projected)).toMatch(
      /: coordinates reach 1000000, 4000000, 1100000, 4100000, which are not longitude and latitude/,
    );
  });

  it('a file without features', async () => {
    const file = await geojsonWith((collection) => ({ ...collection, features: [] }));
    expect(await failure(file)).toMatch(new RegExp(`^${file}: holds no`));
  });
});
