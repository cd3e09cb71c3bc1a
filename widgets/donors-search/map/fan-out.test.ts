import { fanOut } from './fan-out.ts';

describe('fanOut', () => {
  test('markers alone on their point stay on it', () => {
    expect(
      fanOut([
        { lat: 1, lng: 1 },
        { lat: 2, lng: 2 },
      ]),
    ).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  test('markers sharing a point get distinct offsets, the first staying on the point', () => {
    const offsets = fanOut(Array.from({ length: 50 }, () => ({ lat: 1, lng: 1 })));
    expect(offsets[0]).toEqual([0, 0]);
    expect(new Set(offsets.map((offset) => offset.join()))).toHaveProperty('size', 50);
  });
});
