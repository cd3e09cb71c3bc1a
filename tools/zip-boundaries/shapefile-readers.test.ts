import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openDbf } from './dbf.js';
import { openShp } from './shp.js';
import { fixture } from './test-helpers.ts';

/** The bytes as a stream hands them over, `size` at a time, so records straddle chunks. */
async function* chunked(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function shapes(size: number) {
  const bytes = await readFile(fixture('tiny-zcta.shp'));
  const shp = await openShp(chunked(bytes, size), 'tiny-zcta.shp');
  const found = [];
  for (let shape = await shp.next(); shape !== undefined; shape = await shp.next()) found.push(shape);
  expect(shp.position()).toBe(shp.byteLength);
  return found;
}

async function records(size: number, change: (bytes: Buffer) => Buffer = (bytes) => bytes) {
  const bytes = change(await readFile(fixture('tiny-zcta.dbf')));
  const dbf = await openDbf(chunked(bytes, size), 'tiny-zcta.dbf');
  const found = [];
  for (let record = await dbf.next(); record !== null; record = await dbf.next()) found.push(record);
  return { fields: dbf.fields, found };
}

describe('the shapefile readers, a record at a time', () => {
  it.each([1, 3, 100, 1 << 16])(
    'read the same shapes from a .shp handed over %i bytes at a time',
    async (size) => {
      const found = await shapes(size);
      expect(found.map((shape) => shape?.type ?? null)).toEqual(['Polygon', 'MultiPolygon', 'Polygon', null]);
      expect(found).toEqual(await shapes(1 << 20));
    },
  );

  it('groups shapefile parts into polygons: clockwise rings are land, counter-clockwise ones holes in the land around them', async () => {
    const [, multi] = await shapes(1 << 20);
    expect(multi?.type).toBe('MultiPolygon');
    expect(((multi?.coordinates ?? []) as number[][][][]).map((rings) => rings.length)).toEqual([3, 1, 1]);
  });

  it.each([1, 5, 1 << 16])(
    'read the same records from a .dbf handed over %i bytes at a time',
    async (size) => {
      const { fields, found } = await records(size);
      expect(fields).toEqual(['ZCTA5CE20', 'AFFGEOID20', 'GEOID20', 'NAME20', 'LSAD20', 'ALAND20']);
      expect(found.map((record) => record.values.ZCTA5CE20)).toEqual(['60601', '60602', '00501', '60603']);
      expect(found[0]).toEqual({
        deleted: false,
        values: {
          ZCTA5CE20: '60601',
          AFFGEOID20: '860Z200US60601',
          GEOID20: '60601',
          NAME20: '60601',
          LSAD20: 'Z5',
          ALAND20: '1840000',
        },
      });
    },
  );

  it('flags a record the .dbf marks deleted', async () => {
    const { found } = await records(7, (bytes) => {
      const copy = Buffer.from(bytes);
      copy[copy.readUInt16LE(8) + copy.readUInt16LE(10)] = 0x2a; // the second record's flag
      return copy;
    });
    expect(found.map((record) => record.deleted)).toEqual([false, true, false, false]);
  });
});
