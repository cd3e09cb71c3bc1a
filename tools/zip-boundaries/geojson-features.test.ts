import { describe, expect, it } from 'vitest';
import { geojsonFeatures } from './geojson-features.js';

const feature = (zip: string, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties: { ZCTA5CE20: zip, ...extra },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
});

/** Text in chunks of `size` characters, as a stream would hand it over. */
async function* chunked(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function read(text: string, size = text.length) {
  const features = [];
  for await (const found of geojsonFeatures(chunked(text, size), 'zcta.geojson')) features.push(found);
  return features;
}

const TRICKY = [
  feature('60601', { NAME: 'a "quoted" name with } and ] and { inside', features: [{ nested: true }] }),
  feature('60602', { NOTE: 'back\\slash\\" and "features": [' }),
  feature('00501'),
];

describe('geojsonFeatures: features one at a time from a file of any size', () => {
  it.each([1, 2, 7, 64, 100_000])(
    'reads the features of a FeatureCollection handed over %i characters at a time, whatever their strings hold',
    async (size) => {
      const text = JSON.stringify({
        type: 'FeatureCollection',
        name: 'cb_2020_us_zcta520_500k',
        crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4269' } },
        features: TRICKY,
        bbox: [0, 0, 1, 1],
      });
      expect(await read(text, size)).toEqual(TRICKY);
    },
  );

  it('reads a FeatureCollection whose "features" come before its "type"', async () => {
    expect(await read(JSON.stringify({ features: TRICKY, type: 'FeatureCollection' }), 5)).toEqual(TRICKY);
  });

  it('reads a sequence of Features, one per line (GeoJSONSeq), with or without RFC 8142 record separators', async () => {
    const lines = TRICKY.map((f) => JSON.stringify(f));
    expect(await read(`${lines.join('\n')}\n`, 3)).toEqual(TRICKY);
    expect(await read(lines.map((line) => `\x1e${line}\n`).join(''), 3)).toEqual(TRICKY);
  });

  it('reads a file that is one Feature', async () => {
    expect(await read(JSON.stringify(TRICKY[0], null, 2), 4)).toEqual([TRICKY[0]]);
  });

  it('reads nothing from an empty collection', async () => {
    expect(await read('{"type":"FeatureCollection","features":[]}')).toEqual([]);
  });

  it.each([
    [
      '[{"type":"Feature"}]',
      'zcta.geojson: not GeoJSON: the text starts with "[", expected a FeatureCollection or Features',
    ],
    [
      '<html>Not Found</html>',
      'zcta.geojson: not GeoJSON: the text has "<" outside any object, expected a FeatureCollection or Features',
    ],
    ['{"type":"Feature"]', 'zcta.geojson: not GeoJSON: the text has an unmatched "]" at character 18'],
    ['{"type":"Polygon","coordinates":[]}', 'zcta.geojson: feature 1 has type "Polygon", expected "Feature"'],
    [
      '{"type":"FeatureCollection","features":[{"type":"Feature"},{"type":"Feature",}]}',
      'zcta.geojson: feature 2 is not valid JSON (',
    ],
    [
      '{"type":"FeatureCollection","features":[{"type":"Feature"}',
      'zcta.geojson: the file ends inside an unfinished JSON value (after 1 feature)',
    ],
  ])('says what is wrong with %s', async (text, message) => {
    await expect(read(text, 3)).rejects.toThrow(message);
  });
});
