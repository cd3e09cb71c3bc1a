/**
 * GET /zipcodes/{file}: the zip boundary files, laid out as `npm run boundaries` writes them.
 * zip{ZIP}.kml is a zip's boundary as a KML 2.2 document, the file the original site hosted for
 * Google's KmlLayer; zips.json indexes the bundles, zips{AREA}.json, which hold the same outlines
 * for all the zips of one or a few areas. Served with `Access-Control-Allow-Origin: *` because the islands fetch
 * them from any site that embeds them.
 */

import { bundleIndex, zipBundle } from '../data/zip-bundles.js';
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

/**
 * The faults apply to every boundary file, the index included: kml404 leaves a host with nothing,
 * kmlbroken one whose files are all cut off (the map then falls back to KML, broken too).
 * @type {import('express').RequestHandler}
 */
export async function boundaryRoute(req, res, next) {
  res.set('Access-Control-Allow-Origin', '*');
  // The same address answers differently with a fault switched on (a cookie, a header): a browser must
  // ask again rather than reuse an earlier answer, whatever json-server's defaults say.
  res.set('Cache-Control', 'no-cache');
  res.vary('Cookie');
  res.vary('X-Mock-Fault');
  const faults = readFaults(req);
  const file = req.params.file ?? '';
  const notFound = () => void res.status(404).type('text/plain').send('Not Found');
  /** @param {string} body @param {string} type @param {number} cutAt */
  const send = (body, type, cutAt) =>
    void res
      .status(200)
      .set('Content-Type', type)
      .send(Buffer.from(faults.has('kmlbroken') ? body.slice(0, cutAt) : body));
  if (faults.has('kml404')) return notFound();
  if (file === 'zips.json') return send(bundleIndex(), 'application/json', 20);
  const name = /^zips(\d{3})\.json$/.exec(file)?.[1];
  if (name) {
    const bundle = zipBundle(name);
    if (!bundle) return notFound();
    try {
      const text = await bundle;
      return send(text, 'application/json', text.length >> 1);
    } catch (error) {
      return next(error);
    }
  }
  const row = zipTable.rowOf(/^zip(\d{5})\.kml$/.exec(file)?.[1] ?? '');
  if (row < 0) return notFound();
  const kml = zipKml(row);
  // Cut off mid-coordinates, as an interrupted upload leaves a file.
  send(kml, KML_CONTENT_TYPE, kml.indexOf('<coordinates>') + 40);
}
