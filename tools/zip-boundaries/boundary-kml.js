/**
 * A zip's boundary as the KML the donors search reads: one Placemark named after the zip, with the
 * zip in ExtendedData, written by @placemarkio/tokml.
 */
import { toKML } from '@placemarkio/tokml';

/**
 * @param {string} zip five digits, checked by the caller
 * @param {import('geojson').Geometry} geometry
 */
export function boundaryKml(zip, geometry) {
  const feature = /** @type {const} */ ({
    type: 'Feature',
    properties: { name: zip, zipcode: zip },
    geometry,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toKML({ type: 'FeatureCollection', features: [feature] })}\n`;
}
