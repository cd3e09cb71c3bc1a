import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { feature } from 'topojson-client';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../data/random.js';
import { randomPointInZip, zipCell } from '../data/zip-cell.js';
import { zipTable } from '../data/zip-table.js';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();

const parseKml = (/** @type {string} */ text) => kml(new DOMParser().parseFromString(text, 'text/xml'));

/** Inside a convex ring (cells are convex): on the same side of every edge. */
function inside(/** @type {number[][]} */ ring, /** @type {number} */ lng, /** @type {number} */ lat) {
  let sign = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[i + 1];
    const cross = Math.sign((bx - ax) * (lat - ay) - (by - ay) * (lng - ax));
    if (cross !== 0 && sign !== 0 && cross !== sign) return false;
    if (cross !== 0) sign = cross;
  }
  return true;
}

describe('GET /zipcodes/zip{ZIP}.kml', () => {
  it.each(['10001', '59001', '99950', '96799', '00501'])(
    'serves %s as KML 2.2 that togeojson reads as one Polygon around the centroid',
    async (zip) => {
      const { status, headers, text } = await mock.request(`/zipcodes/zip${zip}.kml`);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('application/vnd.google-earth.kml+xml');
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect(text).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
      const { features } = parseKml(text);
      expect(features).toHaveLength(1);
      const geometry = features[0]?.geometry;
      expect(features[0]?.properties?.name).toBe(zip);
      expect(geometry?.type).toBe('Polygon');
      const ring = geometry?.type === 'Polygon' ? (geometry.coordinates[0] ?? []) : [];
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring.at(-1)).toEqual(ring[0]);
      const row = zipTable.rowOf(zip);
      expect(inside(ring, zipTable.lng[row], zipTable.lat[row])).toBe(true);
      const reachKm = Math.max(
        ...ring.map(([lng, lat]) =>
          Math.hypot((lng - zipTable.lng[row]) * Math.cos((lat * Math.PI) / 180), lat - zipTable.lat[row]),
        ),
      );
      expect(reachKm).toBeLessThanOrEqual(0.16);
    },
  );

  it('answers an unknown zip or another file name with 404, still with CORS', async () => {
    for (const path of [
      'zip00000.kml',
      'zip1000.kml',
      'zip10001.kmz',
      '..%2Fserver.js',
      'zip10001.kml.bak',
    ]) {
      const { status, headers } = await mock.request(`/zipcodes/${path}`);
      expect([path, status]).toEqual([path, 404]);
      expect(headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('escapes the city name as XML', async () => {
    const row = zipTable.city.findIndex((city) => city.includes('&'));
    const { text } = await mock.request(`/zipcodes/zip${zipTable.zip[row]}.kml`);
    expect(parseKml(text).features[0]?.properties?.description).toBe(
      `${zipTable.city[row]}, ${zipTable.state[row]}`,
    );
  });
});

describe('GET /zipcodes/zips.json and zips{AREA}.json: the area bundles beside the KML', () => {
  it('indexes every area that has zips in a bundle, as the command writes its index', async () => {
    const { status, headers, text } = await mock.request('/zipcodes/zips.json');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    const index = JSON.parse(text);
    expect(index).toMatchObject({ format: 1, object: 'zips', precision: 6 });
    const areas = Object.values(index.bundles).flat();
    expect(areas.sort()).toEqual([...new Set(zipTable.zip.map((zip) => zip.slice(0, 3)))].sort());
    expect(index.bundles['100']).toEqual(['100']);
    // Areas with few zips share a bundle with their numeric neighbours.
    expect(Object.keys(index.bundles).length).toBeLessThan(areas.length);
  });

  it('holds every zip of its areas, each drawing the ring its KML draws', async () => {
    const { status, text } = await mock.request('/zipcodes/zips100.json');
    expect(status).toBe(200);
    const topology = JSON.parse(text);
    const decoded = /** @type {unknown} */ (feature(topology, topology.objects.zips));
    const zips = /** @type {import('geojson').FeatureCollection} */ (decoded).features;
    const expected = zipTable.zip.filter((zip) => zip.startsWith('100'));
    expect(zips.map((zip) => zip.properties?.zip).sort()).toEqual([...expected].sort());
    for (const zip of ['10001', '10018', '10036']) {
      const fromBundle = zips.find((z) => z.properties?.zip === zip)?.geometry;
      const fromKml = parseKml((await mock.request(`/zipcodes/zip${zip}.kml`)).text).features[0]?.geometry;
      const ring = (/** @type {any} */ g) =>
        g.coordinates[0].map((/** @type {number[]} */ [lng, lat]) => `${lng},${lat}`);
      // The same corners; mapshaper may start the ring elsewhere or turn it the other way.
      expect(new Set(ring(fromBundle))).toEqual(new Set(ring(fromKml)));
    }
  });

  it('answers an area that is part of another bundle or has no zips, or a name that is no bundle, with 404', async () => {
    const index = JSON.parse((await mock.request('/zipcodes/zips.json')).text);
    const inside = Object.entries(index.bundles).find(([, areas]) => areas.length > 1)?.[1]?.[1];
    for (const path of [
      `zips${inside}.json`,
      'zips000.json',
      'zips10.json',
      'zips1000.json',
      'zips100.topojson',
    ]) {
      const { status, headers } = await mock.request(`/zipcodes/${path}`);
      expect([path, status]).toEqual([path, 404]);
      expect(headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('boundary files and the fault switches', () => {
  it.each(['/zipcodes/zip10001.kml', '/zipcodes/zips.json', '/zipcodes/zips100.json'])(
    '%s is asked for again on every use, since a fault switch (a cookie or a header) changes its answer',
    async (file) => {
      const { status, headers } = await mock.request(file);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-cache');
      expect(headers.get('vary')?.split(/,\s*/)).toEqual(expect.arrayContaining(['Cookie', 'X-Mock-Fault']));
    },
  );
});

describe('zip cells', () => {
  it('tile neighbouring zips without overlap: a zip centroid lies in no other cell', () => {
    const row = zipTable.rowOf('10001');
    for (const other of zipTable.nearest(zipTable.lng[row], zipTable.lat[row], 20, 10)) {
      if (zipTable.lat[other] === zipTable.lat[row] && zipTable.lng[other] === zipTable.lng[row]) continue;
      expect(inside(zipCell(row), zipTable.lng[other], zipTable.lat[other]), zipTable.zip[other]).toBe(false);
    }
  });

  it('place random points inside the zip, not all on the centroid', () => {
    const random = createRandom(7);
    for (const zip of ['10001', '60601', '59001']) {
      const row = zipTable.rowOf(zip);
      const points = Array.from({ length: 200 }, () => randomPointInZip(row, random));
      expect(points.every(({ lng, lat }) => inside(zipCell(row), lng, lat))).toBe(true);
      expect(new Set(points.map(({ lat, lng }) => `${lat},${lng}`)).size).toBeGreaterThan(190);
    }
  });

  it('place every generated donation inside its own zip', () => {
    const sample = mock.server.db.donations.slice(0, 2000);
    for (const d of /** @type {any[]} */ (sample)) {
      expect(
        inside(zipCell(zipTable.rowOf(d.zipcode)), d.coordinates.lng, d.coordinates.lat),
        d.zipcode,
      ).toBe(true);
    }
  });
});
