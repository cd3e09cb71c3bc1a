// @ts-check
/**
 * The zip code centroids "use my location" looks a position up in, split by area: a grid of cells
 * CELL_DEGREES on a side, one file per cell that has a zip code near it, holding every centroid that can be
 * the nearest (within NEAR_KM) to a position inside the cell, so that one file answers for any of them. Plain JavaScript,
 * shared by the build (tools/zip-centroids.mjs writes the files) and the island (which reads one), so
 * both agree on the grid, the distance and the file's shape.
 */

/** The side of a cell, in degrees of latitude and of longitude. */
export const CELL_DEGREES = 3;

/** How far the nearest zip code's centroid may be from the position: 50 miles. */
export const NEAR_KM = 50 * 1.609344;

/** Coordinates are written in ten-thousandths of a degree (about 11 m), as the source has them. */
const SCALE = 1e4;

/**
 * The cell a position lies in, named as its file is: its south-west corner, `39_-90` for 39–42°N,
 * 90–87°W.
 * @param {number} lat
 * @param {number} lng
 */
export function cellOf(lat, lng) {
  const corner = (/** @type {number} */ degrees) => Math.floor(degrees / CELL_DEGREES) * CELL_DEGREES;
  return `${corner(lat)}_${corner(((((lng + 180) % 360) + 360) % 360) - 180)}`;
}

/**
 * Kilometres between two positions on the earth's surface (haversine).
 * @param {{ lat: number, lng: number }} a
 * @param {{ lat: number, lng: number }} b
 */
export function kmBetween(a, b) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * @typedef {{ zip: string, lat: number, lng: number }} Centroid
 * @typedef {{ zip: number[], lat: number[], lng: number[] }} CellFile a cell's file: each column's
 *   values as differences from the one before (zip codes as numbers, coordinates in ten-thousandths of
 *   a degree), which gzip packs into a third of the plain list
 */

/**
 * A cell's file for `centroids`, sorted by zip code.
 * @param {readonly Centroid[]} centroids
 * @returns {CellFile}
 */
export function encodeCell(centroids) {
  /** @type {CellFile} */
  const file = { zip: [], lat: [], lng: [] };
  const last = { zip: 0, lat: 0, lng: 0 };
  for (const centroid of [...centroids].sort((a, b) => a.zip.localeCompare(b.zip))) {
    const value = {
      zip: Number(centroid.zip),
      lat: Math.round(centroid.lat * SCALE),
      lng: Math.round(centroid.lng * SCALE),
    };
    for (const key of /** @type {const} */ (['zip', 'lat', 'lng'])) {
      file[key].push(value[key] - last[key]);
      last[key] = value[key];
    }
  }
  return file;
}

/**
 * The centroids of a cell's file, or undefined for anything that is not one (the file is the site's
 * own, but what a browser receives is checked all the same).
 * @param {unknown} json
 * @returns {Centroid[] | undefined}
 */
export function decodeCell(json) {
  if (typeof json !== 'object' || json === null) return undefined;
  const file = /** @type {Record<string, unknown>} */ (json);
  /** @type {(key: string) => number[] | undefined} */
  const column = (key) => {
    const values = file[key];
    return Array.isArray(values) && values.every((value) => Number.isSafeInteger(value)) ? values : undefined;
  };
  const [zip, lat, lng] = [column('zip'), column('lat'), column('lng')];
  if (!zip || !lat || !lng || lat.length !== zip.length || lng.length !== zip.length) return undefined;
  /** @type {Centroid[]} */
  const centroids = [];
  const sum = { zip: 0, lat: 0, lng: 0 };
  for (let i = 0; i < zip.length; i++) {
    sum.zip += zip[i] ?? 0;
    sum.lat += lat[i] ?? 0;
    sum.lng += lng[i] ?? 0;
    if (sum.zip < 0 || sum.zip > 99_999) return undefined;
    centroids.push({ zip: String(sum.zip).padStart(5, '0'), lat: sum.lat / SCALE, lng: sum.lng / SCALE });
  }
  return centroids;
}

/**
 * The zip code whose centroid is nearest to `position` among `centroids`, when it is within NEAR_KM;
 * of two as near, the first (a cell's file lists them by zip code: the lower one).
 * @param {readonly Centroid[]} centroids
 * @param {{ lat: number, lng: number }} position
 * @returns {string | undefined}
 */
export function nearestZip(centroids, position) {
  let best;
  let bestKm = NEAR_KM;
  for (const centroid of centroids) {
    const km = kmBetween(position, centroid);
    if (km < bestKm) {
      best = centroid.zip;
      bestKm = km;
    }
  }
  return best;
}
