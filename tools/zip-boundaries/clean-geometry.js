/**
 * One zip's shape made ready to serve: tiny islands and holes dropped, every ring simplified and
 * rounded, then checked again, since rounding can fold a small ring flat.
 */
import { InputError } from './input-error.js';
import { signedArea } from './ring-math.js';
import { simplifyRing } from './simplify.js';

/** Metres in a degree of latitude (mean Earth radius 6,371,008.8 m). */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/**
 * @typedef {object} CleanOptions
 * @property {number} tolerance Douglas–Peucker tolerance, degrees of latitude
 * @property {number} precision decimals kept in each coordinate
 * @property {number} minArea square metres under which an island or a hole is dropped
 */

/** @typedef {import('./shp.js').PolygonGeometry} PolygonGeometry */

/**
 * @param {unknown} geometry a Polygon or MultiPolygon, as GeoJSON has it
 * @param {CleanOptions} options
 * @param {string} where named in errors: the file and record
 * @returns {{ geometry: PolygonGeometry, droppedParts: number } | null} the shape and the number of islands
 *   dropped under minArea; null when nothing of the shape is left
 */
export function cleanGeometry(geometry, options, where) {
  const polygons = polygonsOf(geometry, where);
  if (polygons.length === 0) return null;
  const measured = polygons
    .map((rings) => ({ rings, area: areaInSquareMetres(/** @type {number[][]} */ (rings[0])) }))
    .sort((a, b) => b.area - a.area);
  /** @type {number[][][][]} */
  const kept = [];
  let droppedParts = 0;
  measured.forEach(({ rings, area }, i) => {
    // The largest part always stays: a zip that is one small island is still that zip.
    if (i > 0 && area < options.minArea) {
      droppedParts++;
      return;
    }
    const polygon = cleanPolygon(rings, options);
    if (polygon) kept.push(polygon);
  });
  if (kept.length === 0) return null;
  if (kept.length === 1)
    return {
      geometry: { type: 'Polygon', coordinates: /** @type {number[][][]} */ (kept[0]) },
      droppedParts,
    };
  return { geometry: { type: 'MultiPolygon', coordinates: kept }, droppedParts };
}

/**
 * @param {number[][][]} rings outer first, then holes
 * @param {CleanOptions} options
 * @returns {number[][][] | null} null when rounding left the outer ring flat
 */
function cleanPolygon(rings, options) {
  const [outer, ...holes] = rings.map(closed);
  if (!outer) return null;
  const xScale = Math.cos(((outer[0]?.[1] ?? 0) * Math.PI) / 180);
  // Wound before simplifying, so that a shapefile (clockwise) and a GeoJSON export of it (often
  // counter-clockwise) give the same files byte for byte.
  const shell = finishRing(simplifyRing(wound(outer, 1), options.tolerance, xScale), options.precision);
  if (!shell) return null;
  const kept = [shell];
  for (const hole of holes) {
    if (areaInSquareMetres(hole) < options.minArea) continue;
    const ring = finishRing(simplifyRing(wound(hole, -1), options.tolerance, xScale), options.precision);
    if (ring) kept.push(ring);
  }
  return kept;
}

/**
 * Rounded, without repeated positions, closed; or null when rounding left fewer than three corners
 * or none that enclose anything.
 * @param {number[][]} ring
 * @param {number} precision
 */
function finishRing(ring, precision) {
  const factor = 10 ** precision;
  /** @type {number[][]} */
  const out = [];
  for (const [lng = 0, lat = 0] of ring) {
    const point = [Math.round(lng * factor) / factor, Math.round(lat * factor) / factor];
    const previous = out.at(-1);
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) out.push(point);
  }
  const first = out[0];
  const last = out.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push(first);
  return out.length < 4 || signedArea(out) === 0 ? null : out;
}

/**
 * Wound as RFC 7946 asks, outer rings counter-clockwise and holes clockwise (some renderers fill
 * the other way inside out). Rounding keeps a ring's winding unless it flattens the ring.
 * @param {number[][]} ring
 * @param {1 | -1} winding 1 for counter-clockwise
 */
const wound = (ring, winding) => (Math.sign(signedArea(ring)) === -winding ? [...ring].reverse() : ring);

/**
 * Shapefiles always close their rings; GeoJSON from elsewhere may not.
 * @param {number[][]} ring
 */
function closed(ring) {
  const first = ring[0];
  const last = ring.at(-1);
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
}

/** @param {number[][]} ring */
function areaInSquareMetres(ring) {
  const latitude = ring[0]?.[1] ?? 0;
  return Math.abs(signedArea(ring)) * METRES_PER_DEGREE ** 2 * Math.cos((latitude * Math.PI) / 180);
}

/**
 * The polygons of a GeoJSON geometry, each as rings, after checking that it is one and that its
 * numbers are longitudes and latitudes.
 * @param {unknown} geometry
 * @param {string} where
 * @returns {number[][][][]}
 */
function polygonsOf(geometry, where) {
  if (geometry === null || geometry === undefined) return [];
  const { type, coordinates } = /** @type {{ type?: unknown, coordinates?: unknown }} */ (geometry);
  /** @type {unknown[]} */
  let polygons;
  if (type === 'Polygon') polygons = [coordinates];
  else if (type === 'MultiPolygon' && Array.isArray(coordinates)) polygons = coordinates;
  else throw new InputError(`${where}: has a ${String(type)} geometry, expected a Polygon or MultiPolygon`);
  for (const polygon of polygons) {
    if (!Array.isArray(polygon)) throw badCoordinates(where, 'a polygon is not a list of rings');
    for (const ring of polygon) {
      if (!Array.isArray(ring)) throw badCoordinates(where, 'a ring is not a list of positions');
      for (const position of ring) {
        if (!Array.isArray(position))
          throw badCoordinates(where, 'a position is not a [longitude, latitude] pair');
        const [lng, lat] = position;
        if (
          typeof lng !== 'number' ||
          typeof lat !== 'number' ||
          !(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)
        ) {
          throw badCoordinates(
            where,
            `${JSON.stringify(position)} is no longitude, latitude; a projected file (metres, feet) must be reprojected first, e.g. ogr2ogr -t_srs EPSG:4326`,
          );
        }
      }
    }
  }
  return /** @type {number[][][][]} */ (
    polygons.filter((polygon) => /** @type {unknown[]} */ (polygon).length > 0)
  );
}

/**
 * @param {string} where
 * @param {string} problem
 */
const badCoordinates = (where, problem) => new InputError(`${where}: bad coordinates: ${problem}`);
