import type { FeatureCollection } from 'geojson';
import type { LatLng } from '../donation.ts';
import type { MarkerSpec } from '../map-picture.ts';

/**
 * What the island needs from a map provider (Google Maps or Leaflet), so that the rest of the island
 * never touches a provider's API. One view lives as long as the island and is redrawn per search.
 */
export interface MapView {
  /** Centres the map on `center` at zoom 10 with a marker titled `title` there. */
  show(center: LatLng, title: string): void;
  /** Replaces the donation markers; markers on one point must stay readable. */
  setDonations(markers: readonly MarkerSpec[]): void;
  /** Replaces the zip boundary outlines, all drawn on one layer. */
  setBoundaries(boundaries: readonly FeatureCollection[]): void;
  /** Removes the map and everything it listens to. */
  destroy(): void;
}

/** The zoom of every search's map (docs/how-it-works.md#the-map). */
export const MAP_ZOOM = 10;
