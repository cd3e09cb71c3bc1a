/**
 * Reads a per-zip KML file: its own chunk, downloaded only when the boundary host has no bundles
 * (see boundaries.ts), so that a map reading bundles never pays for the KML reader.
 */
import { kml } from '@tmcw/togeojson';
import type { FeatureCollection } from 'geojson';

/** A KML document as GeoJSON, or null when the text is not well-formed XML. */
export function parseKml(text: string): FeatureCollection | null {
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  return kml(doc) as FeatureCollection;
}
