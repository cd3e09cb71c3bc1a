/**
 * Reads whatever the admin downloaded or exported (the Census .zip as it comes, its unpacked
 * shapefile, or GeoJSON) with mapshaper, into one TopoJSON layer of polygons with its attributes.
 * mapshaper does the reading and builds the topology; this file only checks that what came out is
 * one layer of polygons in degrees, and words mapshaper's complaints so that they name the file.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import mapshaper from 'mapshaper';
import { InputError } from './input-error.js';

const SUPPORTED =
  'a .zip holding a shapefile or GeoJSON, a .shp (with its .dbf beside it), or .geojson / .json';
const KINDS = /\.(zip|shp|geojson|json|geojsonl|ndjson)$/i;

/**
 * @typedef {object} InputLayer
 * @property {import('topojson-specification').Topology} topology one object
 * @property {import('topojson-specification').GeometryCollection<Record<string, unknown>>} layer that object
 */

/**
 * @param {string} file
 * @returns {Promise<InputLayer>}
 */
export async function readInput(file) {
  try {
    if (!(await stat(file)).isFile()) throw new InputError(`${file}: is not a file; expected ${SUPPORTED}`);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${file}: cannot be read (${/** @type {Error} */ (error).message})`, {
      cause: error,
    });
  }
  if (!KINDS.test(file)) throw new InputError(`${file}: unknown kind of file; expected ${SUPPORTED}`);
  if (/\.shp$/i.test(file)) await needDbf(file);
  const ndjson = /\.(geojsonl|ndjson)$/i.test(file) ? ' ndjson' : '';
  // Quantized finely (a step of a few millimetres to half a metre, the file's extent over 10^8): the
  // national file's text stays well under the longest string V8 can hold, and nothing visible moves.
  const output = await runMapshaper(
    `-i ${quote(file)}${ndjson} -o read.json format=topojson quantization=100000000 bbox`,
    {},
    file,
  );
  const topology = JSON.parse(String(output['read.json'] ?? '{}'));
  const names = Object.keys(topology.objects ?? {});
  if (names.length !== 1)
    throw new InputError(
      `${file}: holds ${names.length === 0 ? 'no layer' : `${names.length} layers (${names.join(', ')})`}; expected one layer of zip code polygons`,
    );
  const layer = topology.objects[/** @type {string} */ (names[0])];
  const geometries = layer.geometries ?? [];
  if (geometries.length === 0) throw new InputError(`${file}: holds no features`);
  const other = geometries.findIndex(
    (/** @type {{ type: string | null }} */ g) =>
      g.type !== null && g.type !== 'Polygon' && g.type !== 'MultiPolygon',
  );
  if (other >= 0)
    throw new InputError(
      `${file}: record ${other + 1} is a ${geometries[other].type}; zip code boundaries are polygons`,
    );
  const [west, south, east, north] = topology.bbox ?? [0, 0, 0, 0];
  if (west < -180.5 || east > 180.5 || south < -90.5 || north > 90.5)
    throw new InputError(
      `${file}: coordinates reach ${[west, south, east, north].map((n) => Math.round(n)).join(', ')}, which are not longitude and latitude; export the file in degrees (WGS 84 or NAD 83)`,
    );
  return { topology, layer: { ...layer, geometries } };
}

/**
 * mapshaper reads a .shp without its .dbf as shapes without attributes; say what is missing instead.
 * @param {string} shp
 */
async function needDbf(shp) {
  const base = shp.slice(0, -4);
  for (const dbf of [`${base}.dbf`, `${base}.DBF`]) {
    if (
      await stat(dbf).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return;
  }
  throw new InputError(`${shp}: no ${path.basename(base)}.dbf beside it, which holds the zip codes`);
}

/**
 * mapshaper's applyCommands, with its errors told as the file's.
 * @param {string} commands
 * @param {Record<string, unknown>} inputs
 * @param {string} file named in errors
 * @returns {Promise<Record<string, string | Buffer>>}
 */
export async function runMapshaper(commands, inputs, file) {
  try {
    return await mapshaper.applyCommands(commands, inputs);
  } catch (error) {
    const message = String(/** @type {Error} */ (error)?.message ?? error)
      .replace(/^Error:?\s*/, '')
      .replace(/^\[\w+\]\s*/, '');
    throw new InputError(`${file}: ${message}`, { cause: error });
  }
}

/** A path as one mapshaper argument: quoted, since a folder name may hold spaces. */
const quote = (/** @type {string} */ file) => `"${file.replace(/"/g, '\\"')}"`;
