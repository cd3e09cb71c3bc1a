/**
 * The names of what `npm run boundaries` writes, shared with the mock server that serves the same
 * layout: one KML file per zip, the name the product promises and a KML-only host already serves,
 * and beside them one TopoJSON bundle per area (the zip's first three digits, which the Postal
 * Service assigns by region) with a small index naming the areas. The map reads the index first and
 * asks for a handful of bundles instead of hundreds of files; without an index it reads the KML.
 */

/** The index: `{ format, object, precision, areas: ["005", "010", …] }`. */
export const BUNDLE_INDEX = 'zips.json';

/** What the index's `format` says, so that a later layout is not misread. */
export const BUNDLE_FORMAT = 1;

/** The TopoJSON object in each bundle that holds the zips, each with `properties.zip`. */
export const BUNDLE_OBJECT = 'zips';

/** @param {string} zip five digits */
export const areaOf = (zip) => zip.slice(0, 3);

/** @param {string} area three digits */
export const bundleName = (area) => `zips${area}.json`;

/** @param {string} zip five digits */
export const kmlName = (zip) => `zip${zip}.kml`;
