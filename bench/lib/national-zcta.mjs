/**
 * A national-sized stand-in for the Census ZCTA file, made offline: the Census download cannot be
 * fetched here. One polygon for each of 33,791 zips (the count of the 2020 ZCTA file) at the `zipcodes`
 * package's centroids: the zips' Voronoi cells over the whole country, so neighbours share their borders
 * exactly as ZCTAs do, each border wiggled by midpoint displacement until the file holds about as many
 * corners as the real 1:500,000 one (about 150 a zip, its 64 MB zip). Cells at a coast or a border end
 * where a ring of unused sites begins, as no cell reaches more than about 25 km from its centroid.
 * Written as the Census ships it: a zipped shapefile with the ZCTA fields, cached in bench/.cache/.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Delaunay } from 'd3-delaunay';
import KDBush from 'kdbush';
import mapshaper from 'mapshaper';

const require = createRequire(import.meta.url);
const CACHE = fileURLToPath(new URL('../.cache/', import.meta.url));
/** Records in the Census's 2020 ZCTA file. */
export const NATIONAL_ZIPS = 33_791;
/** Plane units (degrees of latitude) between a site and the unused sites round it. */
const REACH = 0.25;
/** Border length (plane units) per wiggle point: tuned for about 150 corners a zip. */
const STEP = 0.003;
/** How far a wiggle strays, as a share of the piece of border it splits. */
const WIGGLE = 0.12;

/** The file, made on first use (a minute or two), then read from the cache. */
export async function nationalZctaFile() {
  const file = path.join(CACHE, 'synthetic_us_zcta520.zip');
  if (existsSync(file)) return file;
  mkdirSync(CACHE, { recursive: true });
  const collection = nationalCells();
  const output = await mapshaper.applyCommands(
    '-i synthetic_us_zcta520.json -proj init=wgs84 -o synthetic_us_zcta520.zip format=shapefile zip',
    { 'synthetic_us_zcta520.json': collection },
  );
  writeFileSync(`${file}.part`, /** @type {Buffer} */ (output['synthetic_us_zcta520.zip']));
  renameSync(`${file}.part`, file);
  return file;
}

/** The zips: one per distinct centroid, in zip order, military mail left out, thinned by a hash. */
function chooseZips() {
  const codes =
    /** @type {Record<string, {zip: string, latitude: number, longitude: number, state: string}>} */ (
      require('zipcodes').codes
    );
  const seen = new Set();
  const zips = Object.values(codes)
    .filter(
      (z) =>
        /^\d{5}$/.test(z.zip) &&
        Number.isFinite(z.latitude) &&
        (z.latitude !== 0 || z.longitude !== 0) &&
        !['AA', 'AE', 'AP'].includes(z.state),
    )
    .sort((a, b) => (a.zip < b.zip ? -1 : 1))
    .filter((z) => {
      const at = `${z.latitude.toFixed(3)},${z.longitude.toFixed(3)}`;
      if (seen.has(at)) return false;
      seen.add(at);
      return true;
    });
  return zips
    .map((z) => ({ z, rank: hash(Number(z.zip)) }))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, NATIONAL_ZIPS)
    .map(({ z }) => z)
    .sort((a, b) => (a.zip < b.zip ? -1 : 1));
}

/** The cells as a GeoJSON FeatureCollection with the Census's fields. */
export function nationalCells() {
  const zips = chooseZips();
  // A sinusoidal plane: x is longitude shrunk by the latitude's cosine, so cells come out round.
  const toPlane = (/** @type {number} */ lng, /** @type {number} */ lat) => [
    lng * Math.cos((lat * Math.PI) / 180),
    lat,
  ];
  const fromPlane = (/** @type {number} */ x, /** @type {number} */ y) => [
    x / Math.cos((y * Math.PI) / 180),
    y,
  ];
  const sites = zips.map((z) => toPlane(z.longitude, z.latitude));
  const index = new KDBush(sites.length);
  for (const [x, y] of sites) index.add(x, y);
  index.finish();
  // Unused sites round each zip where no zip is near: the coast and the borders.
  const phantoms = new Map();
  for (const [x, y] of sites) {
    for (let i = 0; i < 8; i++) {
      const px = x + REACH * Math.cos((i * Math.PI) / 4);
      const py = y + REACH * Math.sin((i * Math.PI) / 4);
      if (index.within(px, py, REACH * 0.8).length > 0) continue;
      phantoms.set(`${Math.round(px * 10)},${Math.round(py * 10)}`, [px, py]);
    }
  }
  const points = [...sites, ...phantoms.values()];
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const voronoi = Delaunay.from(points).voronoi([
    Math.min(...xs) - 1,
    Math.min(...ys) - 1,
    Math.max(...xs) + 1,
    Math.max(...ys) + 1,
  ]);
  const features = zips.map((z, i) => {
    const cell = voronoi.cellPolygon(i);
    /** @type {number[][]} */
    const ring = [];
    for (let k = 0; k + 1 < cell.length; k++) {
      ring.push(cell[k], ...wiggle(cell[k], cell[k + 1]));
    }
    ring.push(ring[0]);
    // d3's cells run counter-clockwise, as GeoJSON wants outer rings, and the plane's x only stretches.
    const lngLat = ring.map(([x, y]) => fromPlane(x, y));
    return {
      type: 'Feature',
      properties: {
        ZCTA5CE20: z.zip,
        AFFGEOID20: `860Z200US${z.zip}`,
        GEOID20: z.zip,
        NAME20: z.zip,
        LSAD20: 'Z5',
      },
      geometry: { type: 'Polygon', coordinates: [lngLat] },
    };
  });
  return { type: 'FeatureCollection', features };
}

/**
 * The corners between `a` and `b` (ends left out): the same for both cells that share the border,
 * since they are made from the ends in a fixed order and seeded by them.
 * @param {number[]} a @param {number[]} b
 */
function wiggle(a, b) {
  const forward = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  const [p, q] = forward ? [a, b] : [b, a];
  let seed = hash(Math.round(p[0] * 1e6) ^ hash(Math.round(p[1] * 1e6) ^ hash(Math.round(q[0] * 1e6))));
  const random = () => {
    seed = hash(seed + 1);
    return seed / 2 ** 32 - 0.5;
  };
  const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
  const depth = Math.max(0, Math.min(9, Math.round(Math.log2(length / STEP + 1))));
  /** @type {number[][]} */
  let line = [p, q];
  for (let level = 0; level < depth; level++) {
    /** @type {number[][]} */
    const next = [];
    for (let k = 0; k + 1 < line.length; k++) {
      const [x0, y0] = /** @type {number[]} */ (line[k]);
      const [x1, y1] = /** @type {number[]} */ (line[k + 1]);
      const shift = WIGGLE * random();
      next.push([x0, y0], [(x0 + x1) / 2 - shift * (y1 - y0), (y0 + y1) / 2 + shift * (x1 - x0)]);
    }
    next.push(q);
    line = next;
  }
  const inner = line.slice(1, -1);
  return forward ? inner : inner.reverse();
}

/** A 32-bit integer hash (a Murmur3 finaliser). @param {number} n */
function hash(n) {
  let h = n >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
