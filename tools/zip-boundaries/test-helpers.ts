/**
 * What the command's tests share: the committed fixtures, a fresh folder per test, and the files
 * read back the way the donors search reads them (togeojson over an XML DOM).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { afterEach } from 'vitest';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A committed fixture's path: tiny-zcta.zip, .shp, .dbf, .geojson… */
export const fixture = (name: string) => path.join(fixtures, name);

/** The options the command uses when none are given. */
export const DEFAULTS = { tolerance: 0.0001, precision: 5, minArea: 10_000 } as const;

/** A new empty folder, removed after the test. */
export function tempFolders() {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'zip-boundaries-'));
    made.push(dir);
    return dir;
  };
}

/** The file names in a folder, sorted. */
export const filesIn = async (dir: string) => (await readdir(dir)).sort();

/** A boundary file as the map gets it: the GeoJSON that togeojson makes of it. */
export async function readBoundary(file: string): Promise<FeatureCollection> {
  const text = await readFile(file, 'utf8');
  const doc = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${file}: ${level}: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
  return kml(doc as unknown as Document) as FeatureCollection;
}

/** The polygons of a feature togeojson read: one Polygon, or a GeometryCollection of them. */
export function polygonsOf(feature: Feature): Polygon['coordinates'][] {
  const { geometry } = feature;
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'GeometryCollection') {
    return geometry.geometries.map((part) => {
      if (part.type !== 'Polygon') throw new Error(`a ${part.type} inside the collection`);
      return part.coordinates;
    });
  }
  throw new Error(`a ${geometry.type}, expected polygons`);
}

/** Shoelace area in square degrees: positive counter-clockwise. */
export function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax = 0, ay = 0] = ring[i] ?? [];
    const [bx = 0, by = 0] = ring[i + 1] ?? [];
    sum += ax * by - bx * ay;
  }
  return sum / 2;
}
