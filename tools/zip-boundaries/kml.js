/**
 * A zip's boundary as the KML the donors search reads: one Placemark named after the zip, its shape a
 * Polygon, or a MultiGeometry of Polygons for a zip in several parts (togeojson reads that back as a
 * GeometryCollection, which Leaflet and Google's data layer both draw).
 */

/** @typedef {import('./shp.js').PolygonGeometry} PolygonGeometry */

/**
 * @param {string} zip five digits, checked by the caller: nothing in the document needs escaping
 * @param {PolygonGeometry} geometry
 */
export function boundaryKml(zip, geometry) {
  const shape =
    geometry.type === 'Polygon'
      ? polygonKml(geometry.coordinates)
      : `<MultiGeometry>\n${geometry.coordinates.map(polygonKml).join('')}</MultiGeometry>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
<Document>
<name>ZIP ${zip}</name>
<Placemark>
<name>${zip}</name>
<ExtendedData><Data name="zipcode"><value>${zip}</value></Data></ExtendedData>
${shape}</Placemark>
</Document>
</kml>
`;
}

/** @param {number[][][]} rings outer first */
function polygonKml([outer = [], ...holes]) {
  const inner = holes.map((hole) => `<innerBoundaryIs>${ringKml(hole)}</innerBoundaryIs>\n`).join('');
  return `<Polygon>\n<outerBoundaryIs>${ringKml(outer)}</outerBoundaryIs>\n${inner}</Polygon>\n`;
}

/**
 * Longitude,latitude only: the altitude is optional in KML, and a boundary has none.
 * @param {number[][]} ring
 */
function ringKml(ring) {
  return `<LinearRing><coordinates>${ring.map(([lng, lat]) => `${lng},${lat}`).join(' ')}</coordinates></LinearRing>`;
}
