import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipArchive } from './fixtures/zip-writer.mjs';
import { InputError } from './input-error.js';
import { makeBoundaryFiles } from './make-boundary-files.js';
import { DEFAULTS, filesIn, fixture, tempFolders } from './test-helpers.ts';

const newFolder = tempFolders();

/** A folder holding the fixture's files as `tiny-zcta.*`, each optionally changed first. */
async function shapefileWith(
  changes: Partial<Record<'shp' | 'dbf' | 'prj', (bytes: Buffer) => Buffer>> = {},
  omit: string[] = [],
) {
  const dir = await newFolder();
  for (const ext of ['shp', 'shx', 'dbf', 'prj', 'cpg'] as const) {
    if (omit.includes(ext)) continue;
    const change = changes[ext as keyof typeof changes];
    const target = path.join(dir, `tiny-zcta.${ext}`);
    if (change) await writeFile(target, change(await readFile(fixture(`tiny-zcta.${ext}`))));
    else await copyFile(fixture(`tiny-zcta.${ext}`), target);
  }
  return path.join(dir, 'tiny-zcta.shp');
}

/** A GeoJSON file made of the fixture's text, changed. */
async function geojsonWith(change: (text: string) => string, name = 'zcta.geojson') {
  const file = path.join(await newFolder(), name);
  await writeFile(file, change(await readFile(fixture('tiny-zcta.geojson'), 'utf8')));
  return file;
}

/** The InputError a run ends with; the test fails if the run succeeds or fails otherwise. */
async function failure(input: string, options: { field?: string } = {}) {
  const outDir = await newFolder();
  const error = await makeBoundaryFiles({ input, outDir, ...DEFAULTS, ...options }).then(
    () => new Error('the run succeeded'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InputError);
  return { message: (error as Error).message, written: await filesIn(outDir) };
}

const patch = (bytes: Buffer, from: string, to: string) => {
  const at = bytes.indexOf(from, 0, 'latin1');
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(bytes);
  copy.write(to, at, 'latin1');
  return copy;
};

describe('npm run boundaries: input that is not what it should be', () => {
  it('names the missing .dbf that holds the zip codes', async () => {
    const shp = await shapefileWith({}, ['dbf']);
    expect((await failure(shp)).message).toBe(
      `${shp}: no tiny-zcta.dbf beside it, which holds the zip codes`,
    );
  });

  it('refuses projected coordinates, naming the .prj and the projection', async () => {
    const shp = await shapefileWith({
      prj: () => Buffer.from('PROJCS["NAD83 / Illinois East",GEOGCS["NAD83"]]'),
    });
    const { message } = await failure(shp);
    expect(message).toMatch(
      /tiny-zcta\.prj: coordinates are projected \(NAD83 \/ Illinois East\); .*ogr2ogr -t_srs EPSG:4326/,
    );
  });

  it('refuses a shapefile of points, naming the shape type', async () => {
    const shp = await shapefileWith({
      shp: (bytes) => {
        const copy = Buffer.from(bytes);
        copy.writeInt32LE(1, 32);
        return copy;
      },
    });
    expect((await failure(shp)).message).toBe(
      `${shp}: holds Point shapes, expected the Polygon shapes of a ZCTA boundary file`,
    );
  });

  it('refuses a .shp that is no shapefile', async () => {
    const shp = await shapefileWith({ shp: () => Buffer.from('<html>Not Found</html>') });
    expect((await failure(shp)).message).toMatch(/tiny-zcta\.shp: not an ESRI shapefile/);
  });

  it('says where a .shp cut short ends, after writing the zips before it', async () => {
    const shp = await shapefileWith({ shp: (bytes) => bytes.subarray(0, bytes.length - 300) });
    const { message, written } = await failure(shp);
    expect(message).toMatch(/^.*tiny-zcta\.shp: the file ends early \(\d+ of \d+ bytes at byte \d+\)$/);
    expect(written).toEqual(['zip60601.kml']);
  });

  it('says when the .dbf has fewer records than the .shp has shapes', async () => {
    const shp = await shapefileWith({
      dbf: (bytes) => {
        const copy = Buffer.from(bytes);
        copy.writeUInt32LE(3, 4);
        return copy;
      },
    });
    expect((await failure(shp)).message).toMatch(
      /tiny-zcta\.dbf: ends after 3 records while .*tiny-zcta\.shp goes on; the \.shp and \.dbf must come from the same download/,
    );
  });

  it('refuses a .dbf that is no dBASE table', async () => {
    const shp = await shapefileWith({ dbf: () => Buffer.alloc(40, 0x20) });
    expect((await failure(shp)).message).toMatch(/tiny-zcta\.dbf: not a dBASE \(\.dbf\) table/);
  });

  it('lists the fields and names --field when no field holds zip codes', async () => {
    const shp = await shapefileWith({
      dbf: (bytes) => patch(patch(bytes, 'ZCTA5CE20', 'CODE5CE20'), '\0GEOID20', '\0GEOXX20'),
    });
    expect((await failure(shp)).message).toBe(
      `${shp.replace(/shp$/, 'dbf')}: no ZCTA code field found (looked for ZCTA5CE20, ZCTA5CE10, GEOID20, ZCTA5, ZIP…); its fields are CODE5CE20, AFFGEOID20, GEOXX20, NAME20, LSAD20, ALAND20. Name the right one with --field`,
    );
  });

  it('names the field given with --field that the file lacks, and lists the ones it has', async () => {
    const { message } = await failure(fixture('tiny-zcta.geojson'), { field: 'ZIP' });
    expect(message).toBe(
      `${fixture('tiny-zcta.geojson')}: feature 1: has no field ZIP (--field); its fields are ZCTA5CE20, AFFGEOID20, GEOID20, NAME20, LSAD20, ALAND20`,
    );
  });

  it('names the record and the field whose value is no zip code', async () => {
    const { message } = await failure(fixture('tiny-zcta.zip'), { field: 'AFFGEOID20' });
    expect(message).toBe(
      `${fixture('tiny-zcta.zip')}: tiny-zcta.dbf: record 1: AFFGEOID20 is "860Z200US60601", expected a five-digit zip code`,
    );
  });

  it('says where GeoJSON stops being JSON', async () => {
    const cut = await geojsonWith((text) => text.slice(0, text.indexOf('60602') + 100));
    expect((await failure(cut)).message).toBe(
      `${cut}: the file ends inside an unfinished JSON value (after 1 feature)`,
    );
    const broken = await geojsonWith((text) =>
      text.replace('"NAME20":"60602","LSAD20":"Z5"', '"NAME20":"60602","LSAD20":Z5'),
    );
    expect((await failure(broken)).message).toMatch(/zcta\.geojson: feature 2 is not valid JSON \(/);
  });

  it('says where GeoJSON stops being UTF-8', async () => {
    const file = path.join(await newFolder(), 'latin1.geojson');
    const text = await readFile(fixture('tiny-zcta.geojson'), 'utf8');
    await writeFile(file, Buffer.from(text.replace('"LSAD20":"Z5"', '"LSAD20":"Zé"'), 'latin1'));
    expect((await failure(file)).message).toMatch(/latin1\.geojson: not UTF-8 text near byte \d+$/);
  });

  it('refuses GeoJSON in metres, naming the record and the zip', async () => {
    const projected = await geojsonWith((text) => text.replace('[-87.63,', '[-9754000.5,'));
    expect((await failure(projected)).message).toMatch(
      /zcta\.geojson: record 1 \(zip 60601\): bad coordinates: \[-9754000\.5,[\d.]+\] is no longitude, latitude; a projected file/,
    );
  });

  it('refuses lines where a zip should have an area', async () => {
    const lines = await geojsonWith((text) => text.replace('"type":"Polygon"', '"type":"LineString"'));
    expect((await failure(lines)).message).toBe(
      `${lines}: record 1 (zip 60601): has a LineString geometry, expected a Polygon or MultiPolygon`,
    );
  });

  it('refuses a zip that appears twice', async () => {
    const twice = await geojsonWith((text) => text.replaceAll('"ZCTA5CE20":"00501"', '"ZCTA5CE20":"60601"'));
    expect((await failure(twice)).message).toBe(
      `${twice}: record 3: zip 60601 again (first at record 1); one shape per zip is expected`,
    );
  });

  it('names a file of another kind, a missing file, and a .zip without a shapefile or GeoJSON', async () => {
    const dir = await newFolder();
    const text = path.join(dir, 'zcta.csv');
    await writeFile(text, 'ZCTA5CE20\n60601\n');
    expect((await failure(text)).message).toMatch(
      /zcta\.csv: unknown kind of file; expected a \.zip holding a shapefile/,
    );
    expect((await failure(path.join(dir, 'nowhere.zip'))).message).toMatch(
      /nowhere\.zip: cannot be read \(ENOENT/,
    );
    const readme = path.join(dir, 'readme.zip');
    await writeFile(readme, zipArchive([['readme.txt', Buffer.from('hello')]]));
    expect((await failure(readme)).message).toBe(
      `${readme}: holds no shapefile (.shp) or GeoJSON; expected one (it holds readme.txt)`,
    );
    const notZip = path.join(dir, 'page.zip');
    await writeFile(notZip, '<html>Not Found</html>');
    expect((await failure(notZip)).message).toMatch(/page\.zip: not a readable \.zip archive \(/);
  });

  it('reads GeoJSON inside a .zip too', async () => {
    const dir = await newFolder();
    const zip = path.join(dir, 'export.zip');
    await writeFile(zip, zipArchive([['zcta.geojson', await readFile(fixture('tiny-zcta.geojson'))]]));
    const outDir = await newFolder();
    await makeBoundaryFiles({ input: zip, outDir, ...DEFAULTS });
    expect(await filesIn(outDir)).toEqual(['zip00501.kml', 'zip60601.kml', 'zip60602.kml']);
  });
});
