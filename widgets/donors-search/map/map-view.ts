import type { FeatureCollection } from 'geojson';
import type { LatLng } from '../search/donation.ts';
import type { DonationClusters, MapItem } from './donation-clusters.ts';
import type { Bounds } from './map-bounds.ts';

/** What a map view tells the island: the visitor chose a marker, or the view moved. */
export interface MapViewEvents {
  chose(item: MapItem): void;
  moved(): void;
}

/**
 * What the island needs from a map provider (Google Maps or Leaflet), so that the rest of the island
 * never touches a provider's API. One view lives as long as the island and is redrawn per search.
 */
export interface MapView {
  /**
   * Centres the map on `center` with a marker titled `title` there, at zoom 10 when a radius of
   * `radiusMiles` fits in the map at that zoom, else at the zoom that shows all of it.
   */
  show(center: LatLng, title: string, radiusMiles: number): void;
  /** Replaces the donations, drawn as the clusters of the view's zoom. */
  setDonations(clusters: DonationClusters): void;
  /** Draws the markers again, e.g. after the chosen donations changed. */
  redraw(): void;
  /** Removes every zip boundary outline. */
  clearBoundaries(): void;
  /** Adds zip boundary outlines, all drawn on one layer. */
  addBoundaries(boundaries: readonly FeatureCollection[]): void;
  /** What the visitor sees now. */
  bounds(): Bounds;
  /** Centres the map on `position` at `zoom` (or deeper, if it already is). */
  zoomTo(position: LatLng, zoom: number): void;
  /** Removes the map and everything it listens to. */
  destroy(): void;
}

/** The zoom of a search's first view when its radius fits in it (docs/how-it-works.md#the-map). */
export const MAP_ZOOM = 10;
/** The zoom at which a chosen row's marker is shown: streets and blocks. */
export const FOCUS_ZOOM = 14;
