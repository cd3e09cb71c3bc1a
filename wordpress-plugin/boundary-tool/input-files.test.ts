import { describe, expect, it } from 'vitest';
import { chooseInput, inputSource } from './input-files.ts';

const picked = (...names: string[]) =>
  names.map((name) => ({
    name,
    arrayBuffer: async () => new TextEncoder().encode(`bytes of ${name}`).buffer,
  }));
const choose = (...names: string[]) => {
  const { input, path, parts } = chooseInput(picked(...names));
  return { input: input.name, path, parts: [...parts.keys()] };
};

describe('the files an admin picks, as the input', () => {
  it('takes the Census zip or a GeoJSON file alone', () => {
    expect(choose('cb_2020_us_zcta520_500k.zip')).toEqual({
      input: 'cb_2020_us_zcta520_500k.zip',
      path: 'cb_2020_us_zcta520_500k.zip',
      parts: ['cb_2020_us_zcta520_500k.zip'],
    });
    expect(choose('zcta.GeoJSON').path).toBe('zcta.geojson');
  });

  it('takes a .shp with the parts beside it, whatever the case of their extensions', () => {
    expect(choose('zcta.shx', 'zcta.SHP', 'zcta.DBF', 'zcta.prj')).toMatchObject({
      input: 'zcta.SHP',
      path: 'zcta.shp',
    });
    expect(choose('zcta.shx', 'zcta.shp', 'zcta.DBF', 'zcta.prj', 'zcta.cpg')).toEqual({
      input: 'zcta.shp',
      path: 'zcta.shp',
      parts: ['zcta.shp', 'zcta.shx', 'zcta.dbf', 'zcta.prj', 'zcta.cpg'],
    });
  });

  it.each([
    [[], /^No file chosen; expected a \.zip/],
    [['notes.txt'], /^notes\.txt: unknown kind of file; expected a \.zip/],
    [['a.zip', 'b.geojson'], 'a.zip, b.geojson: choose one of them, not both'],
    [['zcta.shp'], 'zcta.shp: choose zcta.dbf with it, which holds the zip codes'],
    [
      ['zcta.shp', 'other.dbf'],
      /^other\.dbf: does not go with zcta\.shp; choose zcta\.shp with the zcta\.dbf/,
    ],
    [['a.zip', 'a.dbf'], 'a.dbf: does not go with a.zip; choose a.zip alone'],
  ])('refuses %j, naming the file', (names, message) => {
    expect(() => chooseInput(picked(...names))).toThrow(message);
  });

  it('reads the shapefile’s bytes as bytes and its .prj as text, under the names mapshaper looks for', async () => {
    const source = await inputSource(picked('Z.SHP', 'Z.dbf', 'Z.prj'));
    expect(source.name).toBe('Z.SHP');
    expect(source.path).toBe('Z.shp');
    expect(source.files?.['Z.shp']).toBeInstanceOf(ArrayBuffer);
    expect(source.files?.['Z.prj']).toBe('bytes of Z.prj');
  });
});
