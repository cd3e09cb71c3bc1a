/**
 * Opens whatever the admin downloaded or exported: the Census .zip as it comes, its unpacked
 * shapefile (.shp beside its .dbf), or GeoJSON. Each yields the same stream of features, read a
 * record at a time whatever the file's size.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { openGeojson } from './geojson-input.js';
import { InputError } from './input-error.js';
import { checkProjection, openShapefile } from './shapefile-input.js';
import { openZipArchive } from './zip-archive.js';

/**
 * @typedef {object} InputFeature
 * @property {number} number the record's place in the file, from 1
 * @property {Record<string, unknown>} properties
 * @property {unknown} geometry a PolygonGeometry from a shapefile; anything from GeoJSON, checked later
 */

/**
 * @typedef {object} Input
 * @property {string} file the file that holds the attributes, for messages ("x.zip: y.dbf")
 * @property {string[] | null} fields attribute names when the file declares them up front (a .dbf)
 * @property {AsyncIterable<InputFeature>} features
 * @property {() => number} progress share of the input read, 0 to 1
 * @property {() => void} close
 */

const GEOJSON = /\.(geo)?json(seq|l|s)?$/i;
const SUPPORTED =
  'a .zip holding a shapefile or GeoJSON, a .shp (with its .dbf beside it), or .geojson / .json';

/**
 * @param {string} file
 * @returns {Promise<Input>}
 */
export async function openInput(file) {
  try {
    if (!(await stat(file)).isFile()) throw new InputError(`${file}: is not a file; expected ${SUPPORTED}`);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${file}: cannot be read (${/** @type {Error} */ (error).message})`, {
      cause: error,
    });
  }
  if (/\.zip$/i.test(file)) return openZipInput(file);
  if (/\.(shp|dbf)$/i.test(file)) return openShapefileOnDisk(file);
  if (GEOJSON.test(file)) {
    const stream = createReadStream(file);
    const input = await openGeojson(file, stream, (await stat(file)).size);
    return { ...input, close: () => stream.destroy() };
  }
  throw new InputError(`${file}: unknown kind of file; expected ${SUPPORTED}`);
}

/** @param {string} file */
async function openZipInput(file) {
  const archive = await openZipArchive(file);
  try {
    const shps = archive.names.filter((name) => /\.shp$/i.test(name));
    const geojsons = archive.names.filter((name) => GEOJSON.test(name));
    if (shps.length > 1) {
      throw new InputError(
        `${file}: holds ${shps.length} shapefiles (${shps.join(', ')}); unpack it and give one .shp`,
      );
    }
    const [shp] = shps;
    if (shp) {
      const base = shp.slice(0, -4);
      const sibling = (/** @type {string} */ ext) =>
        archive.names.find((name) => name.toLowerCase() === `${base}.${ext}`.toLowerCase());
      const dbf = sibling('dbf');
      if (!dbf)
        throw new InputError(
          `${file}: ${shp} has no ${path.basename(base)}.dbf beside it, which holds the zip codes`,
        );
      const prj = sibling('prj');
      if (prj) checkProjection(await streamText(await archive.open(prj)), `${file}: ${prj}`);
      const input = await openShapefile(
        await archive.open(shp),
        await archive.open(dbf),
        `${file}: ${shp}`,
        `${file}: ${dbf}`,
      );
      return { ...input, close: () => archive.close() };
    }
    const [geojson] = geojsons;
    if (geojsons.length === 1 && geojson) {
      const input = await openGeojson(
        `${file}: ${geojson}`,
        await archive.open(geojson),
        archive.size(geojson),
      );
      return { ...input, close: () => archive.close() };
    }
    throw new InputError(
      `${file}: holds ${geojsons.length > 1 ? `${geojsons.length} GeoJSON files` : 'no shapefile (.shp) or GeoJSON'}; expected one (it holds ${archive.names.join(', ') || 'nothing'})`,
    );
  } catch (error) {
    archive.close();
    throw error;
  }
}

/** @param {string} file a .shp or .dbf; the other is found beside it, in either case */
async function openShapefileOnDisk(file) {
  const base = file.slice(0, -4);
  const sibling = async (/** @type {string} */ ext) => {
    for (const candidate of [`${base}.${ext}`, `${base}.${ext.toUpperCase()}`]) {
      if (
        await stat(candidate).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return candidate;
    }
    return undefined;
  };
  const shp = await sibling('shp');
  const dbf = await sibling('dbf');
  if (!shp) throw new InputError(`${file}: no ${path.basename(base)}.shp beside it, which holds the shapes`);
  if (!dbf)
    throw new InputError(`${shp}: no ${path.basename(base)}.dbf beside it, which holds the zip codes`);
  const prj = await sibling('prj');
  if (prj) checkProjection(await readFile(prj, 'latin1'), prj);
  const shpStream = createReadStream(shp);
  const dbfStream = createReadStream(dbf);
  const input = await openShapefile(shpStream, dbfStream, shp, dbf);
  return {
    ...input,
    close: () => {
      shpStream.destroy();
      dbfStream.destroy();
    },
  };
}

/** @param {NodeJS.ReadableStream} stream */
async function streamText(stream) {
  const chunks = [];
  for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (stream)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('latin1');
}
