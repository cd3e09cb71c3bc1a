/**
 * GET /zipcodes/zip{ZIP}.kml: a zip's boundary as a KML 2.2 document, the file the original site
 * hosted for Google's KmlLayer. Served with `Access-Control-Allow-Origin: *` because the islands fetch
 * it from any site that embeds them.
 */

import { zipCell } from '../data/zip-cell.js';
import { zipTable } from '../data/zip-table.js';
import { readFaults } from '../faults/switches.js';
import { escapeHtml as escapeXml } from '../lib/html.js';

export const KML_CONTENT_TYPE = 'application/vnd.google-earth.kml+xml';

/** @param {number} row */
export function zipKml(row) {
  const zip = zipTable.zip[row];
  const coordinates = zipCell(row)
    .map(([lng, lat]) => `${lng},${lat},0`)
    .join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>ZIP ${zip}</name>
    <Style id="zip-boundary">
      <LineStyle><color>ff9c5a1f</color><width>2</width></LineStyle>
      <PolyStyle><color>339c5a1f</color></PolyStyle>
    </Style>
    <Placemark>
      <name>${zip}</name>
      <description>${escapeXml(`${zipTable.city[row]}, ${zipTable.state[row]}`)}</description>
      <styleUrl>#zip-boundary</styleUrl>
      <ExtendedData><Data name="zipcode"><value>${zip}</value></Data></ExtendedData>
      <Polygon>
        <outerBoundaryIs>
          <LinearRing><coordinates>${coordinates}</coordinates></LinearRing>
        </outerBoundaryIs>
      </Polygon>
    </Placemark>
  </Document>
</kml>
`;
}

/** @type {import('express').RequestHandler} */
export function kmlRoute(req, res) {
  res.set('Access-Control-Allow-Origin', '*');
  const faults = readFaults(req);
  const row = zipTable.rowOf(/^zip(\d{5})\.kml$/.exec(req.params.file ?? '')?.[1] ?? '');
  if (row < 0 || faults.has('kml404')) return void res.status(404).type('text/plain').send('Not Found');
  const kml = zipKml(row);
  // Cut off mid-coordinates, as an interrupted upload leaves a file.
  const body = faults.has('kmlbroken') ? kml.slice(0, kml.indexOf('<coordinates>') + 40) : kml;
  res.status(200).set('Content-Type', KML_CONTENT_TYPE).send(Buffer.from(body));
}
