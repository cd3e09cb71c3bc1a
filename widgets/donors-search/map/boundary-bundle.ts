/**
 * Reads an area bundle, the TopoJSON file that `npm run boundaries` writes beside the KML files for
 * each zip prefix: its own chunk, downloaded only when the boundary host has bundles.
 */
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Each zip's outline in the bundle, as the collection a zip's KML would give (one feature named
 * after the zip), by zip; null when the text is not a bundle holding `object`.
 */
export function parseBundle(text: string, object: string): Map<string, FeatureCollection> | null {
  try {
    const topology = JSON.parse(text) as Topology;
    const zips = topology?.type === 'Topology' ? topology.objects?.[object] : undefined;
    if (zips?.type !== 'GeometryCollection') return null;
    const byZip = new Map<string, FeatureCollection>();
    for (const zip of feature(topology, zips as GeometryCollection).features) {
      const code = (zip.properties as { zip?: unknown } | null)?.zip;
      if (typeof code !== 'string' || !zip.geometry) continue;
      byZip.set(code, {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { name: code, zipcode: code }, geometry: zip.geometry }],
      });
    }
    return byZip;
  } catch {
    return null;
  }
}
