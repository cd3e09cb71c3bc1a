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
import { centroidsNeededIn } from './zip-cell-needs.mjs';

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

/**
 * Each cell's centroids: those within NEAR_KM of the cell (a box around each a little wider than NEAR_KM,
 * since a degree of longitude narrows towards the poles) that can be the nearest to some position inside
 * it. The rest are left out, which is what keeps the files small: in a town a position's nearest
 * centroid is a few kilometres away, so the cell needs little beyond its own.
 * @param {ReturnType<typeof zipCentroids>} centroids
 */
export function cellsOf(centroids) {
  const latDegrees = (NEAR_KM / 6371.0088) * (180 / Math.PI) * 1.01;
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
    const needed = centroidsNeededIn(cell, near);
    if (needed.length > 0) cells.set(cell, needed);
    else cells.delete(cell);
  }
  return cells;
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
