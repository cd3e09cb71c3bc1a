/**
 * An approximate boundary for a zip: its Voronoi cell among the neighbouring centroids. Real ZCTA
 * shapes would weigh megabytes; a cell looks like a zip on a map, tiles the metro areas without
 * overlaps, and is cheap to compute on demand. Rural cells are capped by a ring of phantom sites, so
 * no zip reaches further than MAX_REACH degrees from its centroid.
 */
import { Delaunay } from 'd3-delaunay';
import { zipTable } from './zip-table.js';

const MAX_REACH = 0.15;
const PHANTOM_SITES = 16;
const NEIGHBOURS = 48;
const NEIGHBOUR_KM = 2 * MAX_REACH * 111;

/** @type {Map<number, [number, number][]>} */
const cells = new Map();

/**
 * The cell of a zip row as a closed ring of [lng, lat] pairs, counter-clockwise, 6 decimals.
 * @param {number} row
 * @returns {[number, number][]}
 */
export function zipCell(row) {
  let cell = cells.get(row);
  if (!cell) {
    cell = computeCell(row);
    cells.set(row, cell);
  }
  return cell;
}

/** @param {number} row @returns {[number, number][]} */
function computeCell(row) {
  const lat0 = zipTable.lat[row];
  const lng0 = zipTable.lng[row];
  // Degrees of longitude shrink towards the poles; work in a local plane where both axes are equal.
  const scale = Math.cos((lat0 * Math.PI) / 180);
  /** @type {number[]} */
  const points = [0, 0];
  for (const other of zipTable.nearest(lng0, lat0, NEIGHBOURS, NEIGHBOUR_KM)) {
    const x = (zipTable.lng[other] - lng0) * scale;
    const y = zipTable.lat[other] - lat0;
    // Zips that share this centroid (PO boxes, campuses) would leave it an empty cell: they share its cell instead.
    if (Math.abs(x) > 1e-9 || Math.abs(y) > 1e-9) points.push(x, y);
  }
  for (let i = 0; i < PHANTOM_SITES; i++) {
    const angle = (2 * Math.PI * i) / PHANTOM_SITES;
    points.push(2 * MAX_REACH * Math.cos(angle), 2 * MAX_REACH * Math.sin(angle));
  }
  /** @type {[number, number, number, number]} */
  const bounds = [-2 * MAX_REACH, -2 * MAX_REACH, 2 * MAX_REACH, 2 * MAX_REACH];
  const polygon = new Delaunay(points).voronoi(bounds).cellPolygon(0);
  /** @type {[number, number][]} */
  const ring = polygon.map(([x, y]) => [round6(lng0 + x / scale), round6(lat0 + y)]);
  // GeoJSON (RFC 7946) wants outer rings counter-clockwise; some renderers fill clockwise ones inside out.
  return signedArea(ring) < 0 ? ring.reverse() : ring;
}

/** @param {[number, number][]} ring */
function signedArea(ring) {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[i + 1];
    sum += ax * by - bx * ay;
  }
  return sum / 2;
}

/** @param {number} value */
const round6 = (value) => Math.round(value * 1e6) / 1e6;

/**
 * A uniformly random point inside the zip's cell. The cell is convex and contains its centroid, so
 * a fan of triangles from the centroid covers it; pick a triangle by area, then a point inside it.
 * @param {number} row
 * @param {() => number} random
 * @returns {{lat: number, lng: number}}
 */
export function randomPointInZip(row, random) {
  const ring = zipCell(row);
  const lat0 = zipTable.lat[row];
  const lng0 = zipTable.lng[row];
  const areas = [];
  let total = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[i + 1];
    total += Math.abs((ax - lng0) * (by - lat0) - (bx - lng0) * (ay - lat0));
    areas.push(total);
  }
  const target = random() * total;
  const i = Math.max(
    0,
    areas.findIndex((a) => a >= target),
  );
  const [ax, ay] = ring[i];
  const [bx, by] = ring[i + 1];
  let u = random();
  let v = random();
  if (u + v > 1) {
    u = 1 - u;
    v = 1 - v;
  }
  // Shrunk a little so a point never sits on the shared border with the next zip.
  const shrink = 0.95;
  return {
    lat: round6(lat0 + shrink * (u * (ay - lat0) + v * (by - lat0))),
    lng: round6(lng0 + shrink * (u * (ax - lng0) + v * (bx - lng0))),
  };
}
