import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Centroid,
  cellOf,
  decodeCell,
  kmBetween,
  NEAR_KM,
  nearestZip,
} from '../widgets/donors-search/locate/zip-cells.js';
import { cellsOf, LOOKUP_BYTES, writeZipCentroids, zipCentroids } from './zip-centroids.mjs';

const all = zipCentroids();
let outdir = '';
let written: ReturnType<typeof writeZipCentroids>;

// Working out which centroids each cell needs takes a few seconds of CPU, many more on a busy machine.
const WRITING = 120_000;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'zip-centroids-'));
  written = writeZipCentroids(outdir);
}, WRITING);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** What a visitor's lookup finds: the cell's file as the browser gets it, decoded. */
function lookUp(position: { lat: number; lng: number }): string | undefined {
  const cell = cellOf(position.lat, position.lng);
  if (!written.index.cells.split(',').includes(cell)) return undefined;
  const file = readFileSync(path.join(outdir, written.index.folder, `${cell}.json`), 'utf8');
  return nearestZip(decodeCell(JSON.parse(file)) ?? [], position);
}

/** The same question asked of every centroid at once. */
function nearestOfAll(position: { lat: number; lng: number }): string | undefined {
  let best: Centroid | undefined;
  let bestKm = NEAR_KM;
  for (const centroid of all) {
    const km = kmBetween(position, centroid);
    if (km < bestKm) [best, bestKm] = [centroid, km];
  }
  return best?.zip;
}

it(
  'writes one file per cell with a zip code near it, each at most 30 KB gzip, in a folder named by their hash',
  () => {
    const folder = path.join(outdir, written.index.folder);
    const files = readdirSync(folder).sort();
    expect(written.index.folder).toMatch(/^zip-centroids\/[0-9a-f]{8}\/$/);
    expect(files).toEqual(
      written.index.cells
        .split(',')
        .map((cell) => `${cell}.json`)
        .sort(),
    );
    expect(files.length).toBeGreaterThan(200);
    for (const file of files)
      expect(gzipSync(readFileSync(path.join(folder, file))).length, file).toBeLessThanOrEqual(LOOKUP_BYTES);
    // The same data writes the same folder: a new build of unchanged data keeps the visitors' cache.
    const again = mkdtempSync(path.join(tmpdir(), 'zip-centroids-'));
    try {
      expect(writeZipCentroids(again).index).toEqual(written.index);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  },
  WRITING,
);

it(
  "finds, from a position's cell alone, the zip code nearest to it among all of them, or none beyond 50 miles",
  () => {
    // A fixed walk over the country, its islands and the sea around them, and the edges of cells.
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const positions = [
      ...Array.from({ length: 300 }, () => ({ lat: 17 + next() * 55, lng: -180 + next() * 116 })),
      ...Array.from({ length: 60 }, () => ({ lat: 12 + next() * 4, lng: 143 + next() * 3 })),
      ...Array.from({ length: 60 }, () => ({
        lat: 3 * Math.round(10 + next() * 13),
        lng: -124 + next() * 56,
      })),
      ...Array.from({ length: 60 }, () => ({
        lat: 25 + next() * 24,
        lng: 3 * Math.round(-41 + next() * 19),
      })),
      // Where a file leaves centroids out, the answer turns on a few kilometres: positions among towns.
      ...Array.from({ length: 600 }, () => {
        const town = all[Math.floor(next() * all.length)] ?? { lat: 0, lng: 0 };
        return { lat: town.lat + (next() - 0.5) / 10, lng: town.lng + (next() - 0.5) / 10 };
      }),
    ];
    let found = 0;
    for (const position of positions) {
      const zip = nearestOfAll(position);
      expect(lookUp(position), JSON.stringify(position)).toBe(zip);
      if (zip) found++;
    }
    // Both answers were met often enough to mean something.
    expect(found).toBeGreaterThan(100);
    expect(positions.length - found).toBeGreaterThan(100);
  },
  WRITING,
);

it("finds a 606xx zip code in Chicago's Loop, none in London or out at sea", () => {
  expect(lookUp({ lat: 41.8819, lng: -87.6278 })).toMatch(/^606\d\d$/);
  expect(lookUp({ lat: 51.5074, lng: -0.1278 })).toBeUndefined();
  // A cell with a file, at a place more than 50 miles out in the Atlantic.
  expect(written.index.cells.split(',')).toContain(cellOf(29, -79));
  expect(lookUp({ lat: 29, lng: -79 })).toBeUndefined();
});

it(
  'leaves out military post offices, zip codes without a place and slipped signs; one zip code per centroid',
  () => {
    const zips = new Set(all.map((centroid) => centroid.zip));
    expect(zips.has('09498')).toBe(false); // an FPO AE zip code
    expect(zips.has('34001')).toBe(false); // placed at 0, 0
    expect(zips.has('10200')).toBe(false); // New York, in the source at 73.95° east
    expect(zips.has('96910')).toBe(true); // Guam, east of the meridian and real
    expect(new Set(all.map((centroid) => `${centroid.lat},${centroid.lng}`)).size).toBe(all.length);
    // A cell lists a centroid only where it can answer: within 50 miles of the cell.
    const cells = cellsOf(all);
    expect(cells.get(cellOf(41, -88))?.some((centroid) => centroid.zip === '60601')).toBe(true);
    expect(cells.get(cellOf(41, -88))?.some((centroid) => centroid.zip === '10001')).toBe(false);
  },
  WRITING,
);
