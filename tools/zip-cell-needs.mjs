// @ts-check
// Which zip code centroids a cell's file of "use my location" must hold (tools/zip-centroids.mjs writes
// the files): those that can be the nearest to some position inside the cell, worked out on a grid of
// sample points with a margin that makes the answer hold between them too.
import { CELL_DEGREES, NEAR_KM } from '../widgets/donors-search/locate/zip-cells.js';

/** @typedef {import('../widgets/donors-search/locate/zip-cells.js').Centroid} Centroid */

/** Where the cells' answers are checked: a grid of sample points SAMPLE_DEGREES apart, edges included. */
const SAMPLE_DEGREES = 0.05;

/** The earth's mean radius in kilometres, as kmBetween() has it. */
const EARTH_KM = 6371.0088;

/**
 * A position as a point on the unit sphere: of two centroids, the one nearer a position has the greater
 * dot product with it, so the nearest is found without a sine or a root per centroid.
 * @param {{ lat: number, lng: number }} position
 * @returns {[number, number, number]}
 */
function unit({ lat, lng }) {
  const [phi, lambda] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/**
 * The centroids among `near` that can answer for a position inside `cell`. Each sample point q of the
 * cell's grid keeps every centroid within r(q) + 2δ of it, where r(q) is the distance to q's nearest
 * centroid (at most NEAR_KM) and δ the farthest any position of the cell lies from its nearest sample.
 * That keeps the answer for every position p, not only the samples': p's nearest centroid c lies
 * within r(p) of it, so within r(p) + δ of q, and r(p) ≤ r(q) + δ (a distance to the nearest moves no
 * faster than the position), so c lies within r(q) + 2δ of q. Every centroid as near as c, which a tie
 * could pick, is kept by the same reasoning.
 * @param {string} cell
 * @param {readonly Centroid[]} near
 */
export function centroidsNeededIn(cell, near) {
  const [south = 0, west = 0] = cell.split('_').map(Number);
  // The widest gap between samples is at the cell's edge nearest the equator.
  const equatorward = Math.min(Math.abs(south), Math.abs(south + CELL_DEGREES));
  /** Half the diagonal of a box of the cell, in kilometres, where a degree of longitude is widest. */
  const halfDiagonal = (/** @type {number} */ latDegrees, /** @type {number} */ lngDegrees) => {
    const km = (/** @type {number} */ degrees) => (degrees * Math.PI * EARTH_KM) / 180;
    return (Math.hypot(km(latDegrees), km(lngDegrees) * Math.cos((equatorward * Math.PI) / 180)) / 2) * 1.001;
  };
  const delta = halfDiagonal(SAMPLE_DEGREES, SAMPLE_DEGREES);
  const samples = Math.round(CELL_DEGREES / SAMPLE_DEGREES);
  const keep = new Uint8Array(near.length);
  // x, y, z of each centroid side by side: the loops below run tens of millions of times a build.
  const all = Float64Array.from(near.flatMap(unit));
  const indices = near.map((_, index) => index);
  // The samples go in blocks, each with only the centroids any of its samples can keep: a sample q lies
  // within h of the block's centre c, and r(q) ≤ r(c) + h, so what q keeps lies within
  // h + min(NEAR_KM, r(c) + h) + 2δ of c; q's nearest too, when it is within NEAR_KM.
  for (let bi = 0; bi <= samples; bi += BLOCK_SAMPLES)
    for (let bj = 0; bj <= samples; bj += BLOCK_SAMPLES) {
      const [rows, columns] = [bi, bj].map((first) => Math.min(BLOCK_SAMPLES, samples + 1 - first) - 1);
      const h = halfDiagonal((rows ?? 0) * SAMPLE_DEGREES, (columns ?? 0) * SAMPLE_DEGREES);
      const centre = unit({
        lat: south + (bi + (rows ?? 0) / 2) * SAMPLE_DEGREES,
        lng: west + (bj + (columns ?? 0) / 2) * SAMPLE_DEGREES,
      });
      const reachOfBlock = Math.cos(
        Math.min(
          Math.PI,
          (h + Math.min(NEAR_KM, nearestKm(all, indices, centre) + h) + 2 * delta) / EARTH_KM,
        ),
      );
      const block = indices.filter((k) => dot(all, k, centre) >= reachOfBlock);
      const points = new Float64Array(3 * block.length);
      for (const [n, k] of block.entries()) points.set(all.subarray(3 * k, 3 * k + 3), 3 * n);
      for (let i = bi; i < Math.min(bi + BLOCK_SAMPLES, samples + 1); i++)
        for (let j = bj; j < Math.min(bj + BLOCK_SAMPLES, samples + 1); j++) {
          const [x, y, z] = unit({ lat: south + i * SAMPLE_DEGREES, lng: west + j * SAMPLE_DEGREES });
          let best = -1;
          for (let k = 0; k < points.length; k += 3) {
            const product = (points[k] ?? 0) * x + (points[k + 1] ?? 0) * y + (points[k + 2] ?? 0) * z;
            if (product > best) best = product;
          }
          const nearest = Math.min(NEAR_KM, Math.acos(Math.min(1, best)) * EARTH_KM);
          const reach = Math.cos(Math.min(Math.PI, (nearest + 2 * delta) / EARTH_KM));
          for (let n = 0, k = 0; n < block.length; n++, k += 3)
            if ((points[k] ?? 0) * x + (points[k + 1] ?? 0) * y + (points[k + 2] ?? 0) * z >= reach)
              keep[block[n] ?? 0] = 1;
        }
    }
  return near.filter((_, index) => keep[index] === 1);
}

/** How many samples a side a block of them has. */
const BLOCK_SAMPLES = 6;

/**
 * The dot product of centroid `k` of `points` (x, y, z side by side) with `position`.
 * @param {Float64Array} points
 * @param {number} k
 * @param {[number, number, number]} position
 */
function dot(points, k, [x, y, z]) {
  return (points[3 * k] ?? 0) * x + (points[3 * k + 1] ?? 0) * y + (points[3 * k + 2] ?? 0) * z;
}

/**
 * Kilometres from `position` to the nearest of the centroids `indices` names (π × the earth's radius
 * when it names none).
 * @param {Float64Array} points
 * @param {number[]} indices
 * @param {[number, number, number]} position
 */
function nearestKm(points, indices, position) {
  let best = -1;
  for (const k of indices) best = Math.max(best, dot(points, k, position));
  return Math.acos(Math.min(1, best)) * EARTH_KM;
}
