import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import polygonClipping, { type MultiPolygon as Rings } from 'polygon-clipping';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { makeBoundaryFiles } from './make-boundary-files.js';
import {
  counties,
  DEFAULTS,
  polygonsOf,
  readBoundary,
  signedArea,
  tempFolders,
  writeGeojson,
} from './test-helpers.ts';

const newFolder = tempFolders();

/** A coarse tolerance, 0.01° (1.1 km), that moves every shared border a lot: where a gap would show. */
const COARSE = { ...DEFAULTS, tolerance: 1112 };

/** Square degrees under which an area is rounding noise: about 0.01 m² at these latitudes. */
const NOISE = 1e-12;

const ringsOf = (geometry: Polygon | MultiPolygon): Rings =>
  geometry.type === 'Polygon' ? [geometry.coordinates as Rings[number]] : (geometry.coordinates as Rings);

const areaOf = (polygons: Rings) =>
  polygons.reduce(
    (sum, [outer = [], ...holes]) =>
      sum + Math.abs(signedArea(outer)) - holes.reduce((h, hole) => h + Math.abs(signedArea(hole)), 0),
    0,
  );

/**
 * How a set of shapes fails to tile: overlap is the area covered twice (the shapes' areas less their
 * union's), gaps the holes of the union, as area and count.
 */
function tiling(shapes: Rings[]) {
  const [first = [], ...rest] = shapes;
  const union = polygonClipping.union(first, ...rest);
  const holes = union.flatMap(([, ...inner]) => inner);
  return {
    overlap: shapes.reduce((sum, shape) => sum + areaOf(shape), 0) - areaOf(union),
    gapArea: holes.reduce((sum, hole) => sum + Math.abs(signedArea(hole)), 0),
    gaps: holes.length,
  };
}

/** Each zip's KML as polygons, read the way the map reads it. */
async function kmlShapes(outDir: string, zips: string[]) {
  const shapes = new Map<string, Rings>();
  for (const zip of zips) {
    const [placemark] = (await readBoundary(path.join(outDir, `zip${zip}.kml`))).features;
    if (placemark) shapes.set(zip, polygonsOf(placemark) as Rings);
  }
  return shapes;
}

describe('real county polygons through the command (us-atlas, FIPS codes standing in for zips)', () => {
  it('Illinois at a coarse tolerance: every county present, neighbours neither overlap nor leave gaps', async () => {
    const input = counties('17');
    expect(input.features).toHaveLength(102);
    const before = tiling(input.features.map((county) => ringsOf(county.geometry)));
    expect(before.gaps).toBe(0);

    const outDir = await newFolder();
    const summary = await makeBoundaryFiles({
      input: await writeGeojson(await newFolder(), input),
      outDir,
      ...COARSE,
    });
    expect(summary.written).toBe(102);
    const zips = input.features.map((county) => String(county.properties?.ZCTA5CE20));
    const shapes = await kmlShapes(outDir, zips);
    expect([...shapes.keys()].sort()).toEqual([...zips].sort());

    const after = tiling([...shapes.values()]);
    expect(after.overlap).toBeLessThan(NOISE);
    expect(after.gapArea).toBeLessThan(NOISE);
    expect(after.gaps).toBe(0);
    // Simplified for real: fewer corners than the input has (us-atlas is coarse already).
    const corners = (shape: Rings) => shape.flat(2).length;
    const inputCorners = input.features.reduce((sum, county) => sum + corners(ringsOf(county.geometry)), 0);
    const outputCorners = [...shapes.values()].reduce((sum, shape) => sum + corners(shape), 0);
    expect(outputCorners).toBeLessThan(inputCorners * 0.95);
  });

  it('Virginia: a county with a city inside keeps its hole, which the city fills exactly', async () => {
    const input = counties('51');
    const outDir = await newFolder();
    await makeBoundaryFiles({ input: await writeGeojson(await newFolder(), input), outDir, ...COARSE });
    // Fairfax County (51059) surrounds the city of Fairfax (51600).
    const shapes = await kmlShapes(outDir, ['51059', '51600']);
    const county = shapes.get('51059') ?? [];
    const city = shapes.get('51600') ?? [];
    expect(county.some((polygon) => polygon.length > 1)).toBe(true);
    expect(city).not.toEqual([]);
    const both = tiling([county, city]);
    expect(both.overlap).toBeLessThan(NOISE);
    expect(both.gaps).toBe(0);
  });

  it('a bundle draws the same shapes as the per-zip KML files of its zips', async () => {
    const input = counties('17');
    const outDir = await newFolder();
    await makeBoundaryFiles({ input: await writeGeojson(await newFolder(), input), outDir, ...COARSE });
    const index = JSON.parse(await readFile(path.join(outDir, 'zips.json'), 'utf8'));
    // Areas 171 (50 counties) and 172 (2) share a bundle; 170 (50) has its own.
    expect(index).toEqual({
      format: 1,
      object: 'zips',
      precision: 5,
      bundles: { '170': ['170'], '171': ['171', '172'] },
    });
    let seen = 0;
    for (const [name, areas] of Object.entries(index.bundles as Record<string, string[]>)) {
      const bundle = JSON.parse(await readFile(path.join(outDir, `zips${name}.json`), 'utf8')) as Topology<{
        zips: GeometryCollection<{ zip: string }>;
      }>;
      const decoded = feature(bundle, bundle.objects.zips) as FeatureCollection<
        Polygon | MultiPolygon,
        { zip: string }
      >;
      const kml = await kmlShapes(
        outDir,
        decoded.features.map((zip) => zip.properties.zip),
      );
      for (const zip of decoded.features) {
        expect(areas).toContain(zip.properties.zip.slice(0, 3));
        const fromBundle = ringsOf(zip.geometry).map((polygon) =>
          polygon.map((ring) => ring.map(([x = 0, y = 0]) => [round5(x), round5(y)])),
        );
        expect(kml.get(zip.properties.zip)).toEqual(fromBundle);
        seen++;
      }
    }
    expect(seen).toBe(102);
  });
});

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
