import type { LatLng } from '../search/donation.ts';
import type { Bounds } from './map-bounds.ts';
import { MAP_ZOOM } from './map-view.ts';

/** Miles per degree of latitude (the Earth's mean radius, 3,958.8 miles). */
const MILES_PER_DEGREE = (Math.PI * 3958.8) / 180;
/** Web Mercator's world is 256 pixels wide at zoom 0, on Leaflet and Google alike. */
const TILE = 256;

/** The box around the circle of `miles` round `center`. */
export function radiusBounds(center: LatLng, miles: number): Bounds {
  const dLat = miles / MILES_PER_DEGREE;
  const dLng = miles / (MILES_PER_DEGREE * Math.max(0.01, Math.cos((center.lat * Math.PI) / 180)));
  return {
    south: center.lat - dLat,
    west: center.lng - dLng,
    north: center.lat + dLat,
    east: center.lng + dLng,
  };
}

/** Web Mercator's y of a latitude, 0 at the top of the world and 1 at the bottom. */
const mercatorY = (lat: number) => {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};

/**
 * The zoom of a search's first view: zoom 10 when the whole radius fits in a map of `width` × `height`
 * pixels at zoom 10, otherwise the deepest whole zoom at which it fits, so that every donation found
 * is on the first view. A map not laid out yet (no size) gets zoom 10.
 */
export function radiusZoom(center: LatLng, miles: number, width: number, height: number): number {
  if (!(miles > 0) || width <= 0 || height <= 0) return MAP_ZOOM;
  const box = radiusBounds(center, miles);
  const worldWidths = (box.east - box.west) / 360;
  const worldHeights = mercatorY(box.south) - mercatorY(box.north);
  const fit = Math.min(Math.log2(width / (TILE * worldWidths)), Math.log2(height / (TILE * worldHeights)));
  return Math.max(0, Math.min(MAP_ZOOM, Math.floor(fit)));
}
