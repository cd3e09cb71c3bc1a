/**
 * An ESRI shapefile's geometry (.shp) read record by record, polygons only: the Census draws every
 * ZCTA as one Polygon record whose parts are outer rings (clockwise) and holes (counter-clockwise).
 */
import { byteReader } from './byte-reader.js';
import { InputError } from './input-error.js';
import { ringContains, signedArea } from './ring-math.js';

const FILE_CODE = 9994;
const HEADER_BYTES = 100;
const NULL_SHAPE = 0;
const POLYGON_TYPES = new Set([5, 15, 25]); // Polygon, PolygonZ, PolygonM: x and y come first in all three
const SHAPE_NAMES = /** @type {Record<number, string>} */ ({
  1: 'Point',
  3: 'PolyLine',
  8: 'MultiPoint',
  11: 'PointZ',
  13: 'PolyLineZ',
  18: 'MultiPointZ',
  21: 'PointM',
  23: 'PolyLineM',
  28: 'MultiPointM',
  31: 'MultiPatch',
});
const shapeName = (/** @type {number} */ type) => SHAPE_NAMES[type] ?? `shape type ${type}`;

/**
 * @typedef {{ type: 'Polygon', coordinates: number[][][] } | { type: 'MultiPolygon', coordinates: number[][][][] }} PolygonGeometry
 */

/**
 * @typedef {object} ShpFile
 * @property {number} byteLength the whole file, as its header states it
 * @property {() => number} position bytes read so far
 * @property {() => Promise<PolygonGeometry | null | undefined>} next the next record's shape; null for
 *   a record without one (a null shape); undefined after the last record
 */

/**
 * @param {AsyncIterable<Buffer>} chunks
 * @param {string} file named in errors
 * @returns {Promise<ShpFile>}
 */
export async function openShp(chunks, file) {
  const reader = byteReader(
    chunks,
    (wanted, left) =>
      new InputError(
        `${file}: the file ends early (${left} of ${wanted} bytes at byte ${reader.position()})`,
      ),
  );
  // A file shorter than a header is no shapefile either: say that rather than where it ends.
  const header = await reader.read(HEADER_BYTES).catch((error) => {
    if (error instanceof InputError) return null;
    throw error;
  });
  if (!header || header.readInt32BE(0) !== FILE_CODE) {
    throw new InputError(
      `${file}: not an ESRI shapefile (.shp): it does not start with the file code ${FILE_CODE}`,
    );
  }
  const type = header.readInt32LE(32);
  if (!POLYGON_TYPES.has(type)) {
    throw new InputError(
      `${file}: holds ${shapeName(type)} shapes, expected the Polygon shapes of a ZCTA boundary file`,
    );
  }
  const byteLength = header.readInt32BE(24) * 2;
  return {
    byteLength,
    position: () => reader.position(),
    async next() {
      if (reader.position() >= byteLength) return undefined;
      const recordHeader = await reader.read(8);
      if (!recordHeader) return undefined;
      const recordNumber = recordHeader.readInt32BE(0);
      const content = /** @type {Buffer} */ (await reader.read(recordHeader.readInt32BE(4) * 2));
      const recordType = content.length >= 4 ? content.readInt32LE(0) : -1;
      if (recordType === NULL_SHAPE) return null;
      if (!POLYGON_TYPES.has(recordType)) {
        throw new InputError(
          `${file}: record ${recordNumber} is a ${shapeName(recordType)}, expected a Polygon`,
        );
      }
      return polygonRecord(content, `${file}: record ${recordNumber}`);
    },
  };
}

/**
 * @param {Buffer} content one record, from its shape type on
 * @param {string} where named in errors
 * @returns {PolygonGeometry | null}
 */
function polygonRecord(content, where) {
  const partCount = content.readInt32LE(36);
  const pointCount = content.readInt32LE(40);
  const pointsAt = 44 + 4 * partCount;
  if (partCount < 0 || pointCount < 0 || pointsAt + 16 * pointCount > content.length) {
    throw new InputError(
      `${where}: ${partCount} parts and ${pointCount} points do not fit in ${content.length} bytes`,
    );
  }
  /** @type {number[][][]} */
  const rings = [];
  for (let part = 0; part < partCount; part++) {
    const start = content.readInt32LE(44 + 4 * part);
    const end = part + 1 < partCount ? content.readInt32LE(48 + 4 * part) : pointCount;
    if (start < 0 || end > pointCount || start > end) {
      throw new InputError(`${where}: part ${part} spans points ${start}–${end} of ${pointCount}`);
    }
    /** @type {number[][]} */
    const ring = [];
    for (let i = start; i < end; i++) {
      ring.push([content.readDoubleLE(pointsAt + 16 * i), content.readDoubleLE(pointsAt + 16 * i + 8)]);
    }
    rings.push(ring);
  }
  return assemblePolygons(rings);
}

/**
 * Shapefile parts as GeoJSON polygons: each clockwise ring starts a polygon, each counter-clockwise
 * ring is a hole of the smallest polygon that contains it. A hole inside no polygon is taken as a
 * polygon of its own, as GDAL does, rather than lose land.
 * @param {number[][][]} rings
 * @returns {PolygonGeometry | null}
 */
export function assemblePolygons(rings) {
  /** @type {{ rings: number[][][], area: number }[]} */
  const polygons = [];
  /** @type {number[][][]} */
  const holes = [];
  for (const ring of rings) {
    const area = signedArea(ring);
    if (area < 0) polygons.push({ rings: [ring], area: -area });
    else if (area > 0) holes.push(ring);
  }
  for (const hole of holes) {
    let owner;
    for (const polygon of polygons) {
      const outer = /** @type {number[][]} */ (polygon.rings[0]);
      if ((!owner || polygon.area < owner.area) && ringContains(/** @type {number[]} */ (hole[0]), outer)) {
        owner = polygon;
      }
    }
    if (owner) owner.rings.push(hole);
    else polygons.push({ rings: [hole], area: signedArea(hole) });
  }
  if (polygons.length === 0) return null;
  if (polygons.length === 1)
    return { type: 'Polygon', coordinates: /** @type {number[][][]} */ (polygons[0]?.rings) };
  return { type: 'MultiPolygon', coordinates: polygons.map((polygon) => polygon.rings) };
}
