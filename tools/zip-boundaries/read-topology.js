/**
 * The part of reading that the command and the settings screen's browser tool share: mapshaper reads
 * the input (from a path on disk in Node, from the picked files' bytes in the browser) and builds its
 * topology; this checks that what came out is one layer of polygons in degrees, and words mapshaper's
 * complaints so that they name the file. Nothing here touches Node or the DOM.
 */
import { InputError } from './input-error.js';

/** What each file kind of the input may be, for messages. */
export const SUPPORTED =
  'a .zip holding a shapefile or GeoJSON, a .shp (with its .dbf beside it), or .geojson / .json';

/** The inputs mapshaper reads, by the end of their name. */
export const INPUT_KINDS = /\.(zip|shp|geojson|json|geojsonl|ndjson)$/i;

/**
 * mapshaper's Node and browser builds, as far as this tool uses them.
 * @typedef {{ applyCommands: (commands: string, inputs?: Record<string, unknown>) => Promise<Record<string, string | Uint8Array>> }} Mapshaper
 */

/**
 * @typedef {object} InputSource
 * @property {string} name the file as the admin knows it, named in every message
 * @property {string} path what mapshaper's `-i` reads: a path on disk, or a key of `files`
 * @property {Record<string, unknown>} [files] the input's files by name (the browser's), none on disk
 */

/**
 * @typedef {object} InputLayer
 * @property {import('topojson-specification').Topology} topology one object
 * @property {import('topojson-specification').GeometryCollection<Record<string, unknown>>} layer that object
 */

/**
 * @param {Mapshaper} mapshaper
 * @param {InputSource} source
 * @returns {Promise<InputLayer>}
 */
export async function readTopology(mapshaper, { name, path, files = {} }) {
  const ndjson = /\.(geojsonl|ndjson)$/i.test(path) ? ' ndjson' : '';
  // Quantized finely (a step of a few millimetres to half a metre, the file's extent over 10^8): the
  // national file's text stays well under the longest string V8 can hold, and nothing visible moves.
  const output = await runMapshaper(
    mapshaper,
    `-i ${quote(path)}${ndjson} -o read.json format=topojson quantization=100000000 bbox`,
    files,
    name,
  );
  const topology = JSON.parse(text(output['read.json'] ?? '{}'));
  const names = Object.keys(topology.objects ?? {});
  if (names.length !== 1)
    throw new InputError(
      `${name}: holds ${names.length === 0 ? 'no layer' : `${names.length} layers (${names.join(', ')})`}; expected one layer of zip code polygons`,
    );
  const layer = topology.objects[/** @type {string} */ (names[0])];
  const geometries = layer.geometries ?? [];
  if (geometries.length === 0) throw new InputError(`${name}: holds no features`);
  const other = geometries.findIndex(
    (/** @type {{ type: string | null }} */ g) =>
      g.type !== null && g.type !== 'Polygon' && g.type !== 'MultiPolygon',
  );
  if (other >= 0)
    throw new InputError(
      `${name}: record ${other + 1} is a ${geometries[other].type}; zip code boundaries are polygons`,
    );
  const [west, south, east, north] = topology.bbox ?? [0, 0, 0, 0];
  if (west < -180.5 || east > 180.5 || south < -90.5 || north > 90.5)
    throw new InputError(
      `${name}: coordinates reach ${[west, south, east, north].map((n) => Math.round(n)).join(', ')}, which are not longitude and latitude; export the file in degrees (WGS 84 or NAD 83)`,
    );
  return { topology, layer: { ...layer, geometries } };
}

/**
 * mapshaper's applyCommands, with its errors told as the file's.
 * @param {Mapshaper} mapshaper
 * @param {string} commands
 * @param {Record<string, unknown>} inputs
 * @param {string} file named in errors
 */
export async function runMapshaper(mapshaper, commands, inputs, file) {
  try {
    return await mapshaper.applyCommands(commands, inputs);
  } catch (error) {
    const message = String(/** @type {Error} */ (error)?.message ?? error)
      .replace(/^Error:?\s*/, '')
      .replace(/^\[\w+\]\s*/, '');
    throw new InputError(`${file}: ${message}`, { cause: error });
  }
}

/** An output file as text: mapshaper gives a Buffer in Node, a string or bytes in the browser. */
export const text = (/** @type {string | Uint8Array} */ content) =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);

/** A path as one mapshaper argument: quoted, since a folder name may hold spaces. */
const quote = (/** @type {string} */ file) => `"${file.replace(/"/g, '\\"')}"`;
