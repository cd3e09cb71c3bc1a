import { cellOf, decodeCell, encodeCell, kmBetween, NEAR_KM, nearestZip } from './zip-cells.js';

const LOOP = { lat: 41.8819, lng: -87.6278 };
const CENTROIDS = [
  { zip: '60603', lat: 41.8798, lng: -87.6285 },
  { zip: '02134', lat: 42.3539, lng: -71.1337 },
  { zip: '60601', lat: 41.8858, lng: -87.6181 },
];

test('a cell is named by its south-west corner, 3 degrees on a side, longitudes wrapped', () => {
  expect(cellOf(41.88, -87.63)).toBe('39_-90');
  expect(cellOf(39, -90)).toBe('39_-90');
  expect(cellOf(-14.28, -170.7)).toBe('-15_-171');
  expect(cellOf(13.47, 144.75)).toBe('12_144');
  expect(cellOf(52, 181)).toBe(cellOf(52, -179));
  expect(cellOf(52, 180)).toBe('51_-180');
});

test('a cell file reads back as the centroids it was written from, by zip code, leading zeros kept', () => {
  const file = encodeCell(CENTROIDS);
  expect(file.zip).toEqual([2134, 60601 - 2134, 2]);
  expect(decodeCell(JSON.parse(JSON.stringify(file)))).toEqual(
    [...CENTROIDS].sort((a, b) => a.zip.localeCompare(b.zip)),
  );
});

test.for([
  null,
  'zip codes',
  [],
  {},
  { zip: [1], lat: [1] },
  { zip: [1, 2], lat: [1], lng: [1] },
  { zip: ['60601'], lat: [1], lng: [1] },
  { zip: [1.5], lat: [1], lng: [1] },
  { zip: [100_000], lat: [1], lng: [1] },
  { zip: [-1], lat: [1], lng: [1] },
])('anything but a cell file reads as nothing: %j', (json) => {
  expect(decodeCell(json)).toBeUndefined();
});

test('the nearest zip code within 50 miles, none beyond', () => {
  expect(nearestZip(CENTROIDS, LOOP)).toBe('60603');
  expect(nearestZip(CENTROIDS, { lat: 41.886, lng: -87.619 })).toBe('60601');
  // A degree of latitude is 111 km: 0.72 degrees north of a centroid is within 50 miles, 0.73 is not.
  const [loop] = CENTROIDS as [(typeof CENTROIDS)[number]];
  expect(nearestZip([loop], { lat: loop.lat + 0.72, lng: loop.lng })).toBe('60603');
  expect(nearestZip([loop], { lat: loop.lat + 0.73, lng: loop.lng })).toBeUndefined();
  expect(NEAR_KM).toBeCloseTo(80.47, 2);
  expect(kmBetween(LOOP, LOOP)).toBe(0);
  expect(kmBetween({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(22.24, 1);
});
