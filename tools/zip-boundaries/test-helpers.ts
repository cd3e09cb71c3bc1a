/**
 * What the command's tests share: real county polygons as inputs in each format, a fresh folder per
 * test, and the files read back the way the donors search reads them (togeojson over an XML DOM).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import mapshaper from 'mapshaper';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { afterEach } from 'vitest';
import { SET_DEFAULTS } from './boundary-set.js';

/** The options the command uses when none are given (tolerance in metres). */
export const DEFAULTS = SET_DEFAULTS;

const atlas = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('us-atlas/counties-10m.json'), 'utf8'),
) as Topology<{ counties: GeometryCollection<{ name: string }> }>;

/**
 * Real Census polygons with shared borders that nobody here drew: the counties of npm `us-atlas`
 * whose five-digit FIPS code starts with `prefix` (17 is Illinois), the code standing in for a zip,
 * with the fields a Census ZCTA file has.
 */
export function counties(prefix: string): FeatureCollection<Polygon | MultiPolygon> {
  const all = feature(atlas, atlas.objects.counties) as FeatureCollection<
    Polygon | MultiPolygon,
    { name: string }
  >;
  return {
    type: 'FeatureCollection',
    features: all.features
      .filter((county) => String(county.id).startsWith(prefix))
      .map((county) => ({
        type: 'Feature',
        properties: {
          ZCTA5CE20: String(county.id),
          AFFGEOID20: `860Z200US${county.id}`,
          GEOID20: String(county.id),
          NAME20: county.properties.name,
          LSAD20: 'Z5',
        },
        geometry: county.geometry,
      })),
  };
}

/** Rhode Island's five counties: small enough for quick runs, with real shared borders. */
export const rhodeIsland = () => counties('44');

/** What the command writes for Rhode Island: a KML file per county and one bundle with its index. */
export const RHODE_ISLAND_FILES = [
  'zip44001.kml',
  'zip44003.kml',
  'zip44005.kml',
  'zip44007.kml',
  'zip44009.kml',
  'zips.json',
  'zips440.json',
];

/** Writes `collection` as GeoJSON into `dir`; returns the file. */
export async function writeGeojson(dir: string, collection: unknown, name = 'zcta.geojson') {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(collection));
  return file;
}

/**
 * `collection` as the Census ships its files: a shapefile (.shp, .shx, .dbf, .prj) named `base`,
 * written by mapshaper, zipped when `zipped`. Returns the .zip or the .shp.
 */
export async function writeShapefile(dir: string, collection: unknown, base: string, zipped: boolean) {
  const out = path.join(dir, zipped ? `${base}.zip` : `${base}.shp`);
  const files = await mapshaper.applyCommands(
    `-i in.json -proj init=wgs84 -o ${JSON.stringify(out)} format=shapefile${zipped ? ' zip' : ''}`,
    { 'in.json': collection },
  );
  for (const [name, content] of Object.entries(files)) await writeFile(name, content);
  return out;
}

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
