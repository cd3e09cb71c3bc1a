import { radiusBounds, radiusZoom } from './radius-view.ts';

const chicago = { lat: 41.886, lng: -87.618 };

describe('the first view of a search', () => {
  test('is zoom 10 when the whole radius fits in the map at zoom 10', () => {
    expect(radiusZoom(chicago, 5, 1200, 420)).toBe(10);
  });

  test('zooms out just enough for a radius that does not fit, wider or taller than the map', () => {
    // 60 miles either way is about 1.74° of latitude: 1,780 px tall at zoom 10 at Chicago's latitude.
    expect(radiusZoom(chicago, 60, 1200, 420)).toBe(7);
    expect(radiusZoom(chicago, 15, 390, 420)).toBe(9);
    expect(radiusZoom(chicago, 15, 1200, 420)).toBe(9);
  });

  test('the radius box fits at the zoom chosen and not at the next one', () => {
    const box = radiusBounds(chicago, 30);
    const pxPerDegreeLng = (zoom: number) => (256 * 2 ** zoom) / 360;
    const zoom = radiusZoom(chicago, 30, 800, 2000);
    expect((box.east - box.west) * pxPerDegreeLng(zoom)).toBeLessThanOrEqual(800);
    expect((box.east - box.west) * pxPerDegreeLng(zoom + 1)).toBeGreaterThan(800);
  });

  test('a map not laid out yet, or a radius that is not a number, gets zoom 10', () => {
    expect(radiusZoom(chicago, 60, 0, 0)).toBe(10);
    expect(radiusZoom(chicago, Number.NaN, 1200, 420)).toBe(10);
  });
});
