/**
 * US ZIP centroids from the `zipcodes` package (BSD, see docs/developing.md), with a spatial index over them.
 * This is the mock's "zip codes" database table: the search finds the zips within a radius here,
 * then the donations filed under those zips.
 */
import { createRequire } from 'node:module';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

export const KM_PER_MILE = 1.609344;

/**
 * @typedef {object} ZipTable
 * @property {number} size
 * @property {string[]} zip
 * @property {Float64Array} lat
 * @property {Float64Array} lng
 * @property {string[]} city
 * @property {string[]} state
 * @property {(zip: string) => number} rowOf -1 for an unknown zip
 * @property {(row: number, km: number) => number[]} rowsWithin rows whose centroid lies within `km` of row's
 * @property {(lng: number, lat: number, count: number, km: number) => number[]} nearest closest rows first
 */

/** @returns {ZipTable} */
function loadZipTable() {
  const codes =
    /** @type {Record<string, {zip: string, latitude: number, longitude: number, city: string, state: string}>} */ (
      createRequire(import.meta.url)('zipcodes').codes
    );
  // The package also holds Canadian codes, and a few hundred US zips placed at 0,0 for want of data.
  const rows = Object.values(codes).filter(
    (z) => /^\d{5}$/.test(z.zip) && Number.isFinite(z.latitude) && (z.latitude !== 0 || z.longitude !== 0),
  );
  const lat = Float64Array.from(rows, (z) => z.latitude);
  const lng = Float64Array.from(rows, (z) => z.longitude);
  const index = new KDBush(rows.length);
  for (let i = 0; i < rows.length; i++) index.add(lng[i], lat[i]);
  index.finish();
  const rowByZip = new Map(rows.map((z, i) => [z.zip, i]));

  return {
    size: rows.length,
    zip: rows.map((z) => z.zip),
    lat,
    lng,
    city: rows.map((z) => z.city),
    state: rows.map((z) => z.state),
    rowOf: (zip) => rowByZip.get(zip) ?? -1,
    rowsWithin: (row, km) => around(index, lng[row], lat[row], Infinity, km),
    nearest: (pointLng, pointLat, count, km) => around(index, pointLng, pointLat, count, km),
  };
}

/** Loaded once per process: about 200 ms, shared by every server a test file starts. */
export const zipTable = loadZipTable();
