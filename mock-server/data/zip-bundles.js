/**
 * The mock's zip boundaries as area bundles, the layout `npm run boundaries` writes beside the per-zip
 * KML (see src/shared/boundary-names.js): an index of the bundles and their areas (a zip's
 * first three digits), and TopoJSON files holding the Voronoi cell of each zip of their areas, the
 * same ring the zip's KML holds. mapshaper builds each bundle on first request; it is kept for the process's life.
 */
import { areaOf, BUNDLE_FORMAT, BUNDLE_OBJECT, groupAreas } from '../../src/shared/boundary-names.js';
import { zipCell } from './zip-cell.js';
import { zipTable } from './zip-table.js';

/** Decimals of the cells' coordinates (see zip-cell.js). */
const PRECISION = 6;

/** @type {Map<string, number[]> | undefined} */
let rowsByBundle;
/** @type {Record<string, string[]>} */
let areasByBundle = {};

/** The zip rows of each bundle, grouped as the command groups them. */
function bundleRows() {
  if (!rowsByBundle) {
    /** @type {Map<string, number[]>} */
    const byArea = new Map();
    for (let row = 0; row < zipTable.size; row++) {
      const area = areaOf(zipTable.zip[row]);
      const rows = byArea.get(area) ?? [];
      rows.push(row);
      byArea.set(area, rows);
    }
    const groups = groupAreas(new Map([...byArea].map(([area, rows]) => [area, rows.length])));
    areasByBundle = Object.fromEntries(groups);
    rowsByBundle = new Map(
      [...groups].map(([name, areas]) => [name, areas.flatMap((area) => byArea.get(area) ?? [])]),
    );
  }
  return rowsByBundle;
}

/** The index's text: every bundle and its areas. */
export function bundleIndex() {
  bundleRows();
  return JSON.stringify({
    format: BUNDLE_FORMAT,
    object: BUNDLE_OBJECT,
    precision: PRECISION,
    bundles: areasByBundle,
  });
}

/** @type {Map<string, Promise<string>>} */
const bundles = new Map();

/**
 * A bundle as TopoJSON text, or undefined for a name that is no bundle.
 * @param {string} name three digits, the bundle's first area
 * @returns {Promise<string> | undefined}
 */
export function zipBundle(name) {
  const rows = bundleRows().get(name);
  if (!rows) return undefined;
  let bundle = bundles.get(name);
  if (!bundle) {
    bundle = buildBundle(rows);
    bundles.set(name, bundle);
  }
  return bundle;
}

/** @param {number[]} rows */
async function buildBundle(rows) {
  const cells = {
    type: 'FeatureCollection',
    features: rows.map((row) => ({
      type: 'Feature',
      properties: { zip: zipTable.zip[row] },
      geometry: { type: 'Polygon', coordinates: [zipCell(row)] },
    })),
  };
  // Imported on first use: mapshaper is large, and most runs of the mock never ask for a bundle.
  const { default: mapshaper } = await import('mapshaper');
  // Not quantized, as the command writes them: each corner is the number the zip's KML holds.
  const output = await mapshaper.applyCommands(
    `-i cells.json -rename-layers ${BUNDLE_OBJECT} -o bundle.json format=topojson no-quantization`,
    { 'cells.json': cells },
  );
  return String(output['bundle.json']);
}
