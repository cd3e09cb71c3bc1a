/**
 * The mock's zip boundaries as area bundles, the layout `npm run boundaries` writes beside the per-zip
 * KML (see tools/zip-boundaries/bundle-names.js): an index of the areas (a zip's first three digits)
 * and one TopoJSON file per area holding the Voronoi cell of each of its zips, the same ring the
 * zip's KML holds. mapshaper builds each bundle on first request; it is kept for the process's life.
 */
import { areaOf, BUNDLE_FORMAT, BUNDLE_OBJECT } from '../../tools/zip-boundaries/bundle-names.js';
import { zipCell } from './zip-cell.js';
import { zipTable } from './zip-table.js';

/** Decimals of the cells' coordinates (see zip-cell.js). */
const PRECISION = 6;

/** @type {Map<string, number[]> | undefined} */
let rowsByArea;

/** The zip rows of each area, in zip order. */
function areas() {
  if (!rowsByArea) {
    rowsByArea = new Map();
    for (let row = 0; row < zipTable.size; row++) {
      const area = areaOf(zipTable.zip[row]);
      const rows = rowsByArea.get(area) ?? [];
      rows.push(row);
      rowsByArea.set(area, rows);
    }
  }
  return rowsByArea;
}

/** The index's text: every area that has zips. */
export function bundleIndex() {
  const index = {
    format: BUNDLE_FORMAT,
    object: BUNDLE_OBJECT,
    precision: PRECISION,
    areas: [...areas().keys()].sort(),
  };
  return JSON.stringify(index);
}

/** @type {Map<string, Promise<string>>} */
const bundles = new Map();

/**
 * An area's bundle as TopoJSON text, or undefined for an area without zips.
 * @param {string} area three digits
 * @returns {Promise<string> | undefined}
 */
export function zipBundle(area) {
  const rows = areas().get(area);
  if (!rows) return undefined;
  let bundle = bundles.get(area);
  if (!bundle) {
    bundle = buildBundle(rows);
    bundles.set(area, bundle);
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
