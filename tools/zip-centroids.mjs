// @ts-check
// The files "use my location" finds a visitor's zip code in: US zip code centroids split by area
// (widgets/donors-search/locate/zip-cells.js says how), written by build.mjs into
// <outdir>/zip-centroids/<hash>/<cell>.json, where the demo and the WordPress plugin serve them from the
// site itself. The centroids are the `zipcodes` package's (BSD licence; its US data is the US Postal
// Service's list as federalgovernmentzipcodes.us publishes it), the package the mock server's zip table
// reads too.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CELL_DEGREES, cellOf, encodeCell, NEAR_KM } from '../widgets/donors-search/locate/zip-cells.js';

/** The most one lookup may download: its cell's file, gzip at a web server's usual level. */
export const LOOKUP_BYTES = 30 * 1024;

// Military post offices (APO and FPO: AA, AE, AP) are abroad or at sea: no donor stands in one.
const MILITARY = new Set(['AA', 'AE', 'AP']);
// Alaska's far islands and the Pacific's states and territories lie east of the prime meridian in
// part; anywhere else a US zip code there is a slipped sign in the source (10200, New York, in Asia).
const PACIFIC = new Set(['AK', 'HI', 'GU', 'MP', 'FM', 'MH', 'PW', 'AS']);

/**
 * Every usable US zip code centroid, by zip code. Left out: Canada's postal codes, zip codes placed at
 * 0, 0 for want of data, military post offices and slipped signs (above). Where several zip codes
 * share one centroid (a town's post office box zip codes often share its own), the lowest stands for
 * them: each would find the same donations.
 * @returns {import('../widgets/donors-search/locate/zip-cells.js').Centroid[]}
 */
export function zipCentroids() {
  /** @type {Record<string, { zip: string, latitude: number, longitude: number, state: string }>} */
  const codes = createRequire(import.meta.url)('zipcodes').codes;
  const seen = new Set();
  return Object.values(codes)
    .filter(
      (z) =>
        /^\d{5}$/.test(z.zip) &&
        Number.isFinite(z.latitude) &&
        Number.isFinite(z.longitude) &&
        (z.latitude !== 0 || z.longitude !== 0) &&
        !MILITARY.has(z.state) &&
        (PACIFIC.has(z.state) || z.longitude < 0),
    )
    .sort((a, b) => a.zip.localeCompare(b.zip))
    .filter((z) => {
      const place = `${z.latitude},${z.longitude}`;
      if (seen.has(place)) return false;
      seen.add(place);
      return true;
    })
    .map((z) => ({ zip: z.zip, lat: z.latitude, lng: z.longitude }));
}

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
 * Each cell's centroids: those within NEAR_KM of the cell (a box around each a little wider than NEAR_KM,
 * since a degree of longitude narrows towards the poles) that can be the nearest to some position inside
 * it. The rest are left out, which is what keeps the files small: in a town a position's nearest
 * centroid is a few kilometres away, so the cell needs little beyond its own.
 * @param {ReturnType<typeof zipCentroids>} centroids
 */
export function cellsOf(centroids) {
  const latDegrees = (NEAR_KM / EARTH_KM) * (180 / Math.PI) * 1.01;
  /** @type {Map<string, typeof centroids>} */
  const cells = new Map();
  for (const centroid of centroids) {
    const farthest = Math.min(89, Math.abs(centroid.lat) + latDegrees);
    const lngDegrees = latDegrees / Math.cos((farthest * Math.PI) / 180);
    const rows = [centroid.lat - latDegrees, centroid.lat + latDegrees].map((lat) =>
      Math.floor(Math.max(-90, Math.min(89.999, lat)) / CELL_DEGREES),
    );
    const columns = [centroid.lng - lngDegrees, centroid.lng + lngDegrees].map((lng) =>
      Math.floor(lng / CELL_DEGREES),
    );
    for (let row = rows[0] ?? 0; row <= (rows[1] ?? 0); row++)
      for (let column = columns[0] ?? 0; column <= (columns[1] ?? 0); column++) {
        const cell = cellOf(row * CELL_DEGREES, column * CELL_DEGREES);
        const list = cells.get(cell) ?? [];
        if (list.length === 0) cells.set(cell, list);
        list.push(centroid);
      }
  }
  for (const [cell, near] of cells) {
    const needed = neededIn(cell, near);
    if (needed.length > 0) cells.set(cell, needed);
    else cells.delete(cell);
  }
  return cells;
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
 * @param {ReturnType<typeof zipCentroids>} near
 */
function neededIn(cell, near) {
  const [south = 0, west = 0] = cell.split('_').map(Number);
  // x, y, z of each centroid side by side: the loops below run some hundred million times a build.
  const points = Float64Array.from(near.flatMap(unit));
  // The widest gap between samples is at the cell's edge nearest the equator.
  const equatorward = Math.min(Math.abs(south), Math.abs(south + CELL_DEGREES));
  const step = (SAMPLE_DEGREES * Math.PI * EARTH_KM) / 180;
  const delta = (Math.hypot(step, step * Math.cos((equatorward * Math.PI) / 180)) / 2) * 1.001;
  const samples = Math.round(CELL_DEGREES / SAMPLE_DEGREES);
  const keep = new Uint8Array(near.length);
  for (let i = 0; i <= samples; i++)
    for (let j = 0; j <= samples; j++) {
      const [x, y, z] = unit({ lat: south + i * SAMPLE_DEGREES, lng: west + j * SAMPLE_DEGREES });
      let best = -1;
      for (let k = 0; k < points.length; k += 3) {
        const dot = (points[k] ?? 0) * x + (points[k + 1] ?? 0) * y + (points[k + 2] ?? 0) * z;
        if (dot > best) best = dot;
      }
      const nearest = Math.min(NEAR_KM, Math.acos(Math.min(1, best)) * EARTH_KM);
      const reach = Math.cos(Math.min(Math.PI, (nearest + 2 * delta) / EARTH_KM));
      for (let k = 0; k < points.length; k += 3)
        if ((points[k] ?? 0) * x + (points[k + 1] ?? 0) * y + (points[k + 2] ?? 0) * z >= reach)
          keep[k / 3] = 1;
    }
  return near.filter((_, index) => keep[index] === 1);
}

/**
 * Writes every cell's file into `<outdir>/zip-centroids/<hash>/` (the hash of all of them, so a site
 * may cache them for good and a new build never meets an old file) and returns what the island's lookup
 * is built with: the folder, from `outdir`, and the cells that have a file. Throws when a file would
 * cost a lookup more than LOOKUP_BYTES.
 * @param {string} outdir
 */
export function writeZipCentroids(outdir) {
  const files = [...cellsOf(zipCentroids())]
    .map(([cell, centroids]) => ({ cell, text: JSON.stringify(encodeCell(centroids)) }))
    .sort((a, b) => a.cell.localeCompare(b.cell));
  const hash = createHash('sha256');
  let largest = 0;
  for (const { cell, text } of files) {
    hash.update(`${cell}\n${text}\n`);
    const gzip = gzipSync(text).length;
    if (gzip > LOOKUP_BYTES)
      throw new Error(`the zip code file of cell ${cell} is ${gzip} bytes gzip, over ${LOOKUP_BYTES}`);
    largest = Math.max(largest, gzip);
  }
  const folder = `zip-centroids/${hash.digest('hex').slice(0, 8)}/`;
  mkdirSync(path.join(outdir, folder), { recursive: true });
  for (const { cell, text } of files) writeFileSync(path.join(outdir, folder, `${cell}.json`), text);
  return { index: { folder, cells: files.map((file) => file.cell).join(',') }, files: files.length, largest };
}
