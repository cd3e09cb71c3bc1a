/**
 * The names of what `npm run boundaries` writes, shared with the mock server that serves the same
 * layout: one KML file per zip, the name the product promises and a KML-only host already serves,
 * and beside them TopoJSON bundles by area (a zip's first three digits, which the Postal Service
 * assigns by region; areas with few zips share a bundle with their numeric neighbours) with a small
 * index naming them. The map reads the index first and asks for a handful of bundles instead of
 * hundreds of files; without an index it reads the KML. The map (widgets/donors-search/map/boundaries.ts)
 * asks for these names, the mock serves them, and the plugin's PHP takes no others
 * (includes/boundaries/boundaries-files.php), held to them by boundary-names.cases.json.
 */

/** The index: `{ format, object, precision, bundles: { "100": ["100"], "101": ["101", "102"], … } }`. */
export const BUNDLE_INDEX = 'zips.json';

/** What the index's `format` says, so that a later layout is not misread. */
export const BUNDLE_FORMAT = 1;

/** The TopoJSON object in each bundle that holds the zips, each with `properties.zip`. */
export const BUNDLE_OBJECT = 'zips';

/** @param {string} zip five digits */
export const areaOf = (zip) => zip.slice(0, 3);

/**
 * A bundle, named after its first area, under a base URL (or '' for the file's name alone).
 * @param {string} base a URL ending in /, or ''
 * @param {string} area three digits
 */
export const bundleFile = (base, area) => `${base}zips${encodeURIComponent(area)}.json`;

/**
 * A zip's KML file under a base URL (or '' for the file's name alone).
 * @param {string} base a URL ending in /, or ''
 * @param {string} zip five digits
 */
export const kmlFile = (base, zip) => `${base}zip${encodeURIComponent(zip)}.kml`;

/**
 * About how many zips a bundle holds at most before the next area starts a bundle of its own: small
 * areas (a few PO-box zips, a city's unique zips) then cost no request of their own, while a rural
 * search never downloads more than a few areas' outlines. Chosen by counting the bundles the demo's
 * dense search (10001 at 15 miles, bench/scripts/boundary-requests.mjs) needs at a few sizes: well under the
 * bench's goal here, while most areas keep a bundle of their own.
 */
export const BUNDLE_ZIPS = 80;

/**
 * Which bundle each area goes in: areas in numeric order, each joining the bundle before it when
 * they share their first two digits and the bundle stays within BUNDLE_ZIPS. A bundle is named after
 * its first area.
 * @param {Map<string, number>} zipsByArea how many zips each area has
 * @returns {Map<string, string[]>} each bundle's name and its areas
 */
export function groupAreas(zipsByArea) {
  /** @type {Map<string, string[]>} */
  const bundles = new Map();
  let name = '';
  let size = 0;
  for (const area of [...zipsByArea.keys()].sort()) {
    const count = zipsByArea.get(area) ?? 0;
    const members = bundles.get(name);
    if (members && name.slice(0, 2) === area.slice(0, 2) && size + count <= BUNDLE_ZIPS) {
      members.push(area);
      size += count;
    } else {
      name = area;
      size = count;
      bundles.set(name, [area]);
    }
  }
  return bundles;
}
