/**
 * A box on the map, by the latitudes and longitudes of its edges: what a view shows, what a radius
 * spans, what a zip's markers cover. Its own file, as the map's views, its clusters and the radius's
 * arithmetic all speak of it and none of them owns the others.
 */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}
