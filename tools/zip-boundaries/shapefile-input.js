/**
 * A shapefile's two halves read side by side: the shapes from the .shp, the zip codes from the
 * .dbf, record N of one with record N of the other.
 */
import { openDbf } from './dbf.js';
import { InputError } from './input-error.js';
import { openShp } from './shp.js';

/**
 * @param {NodeJS.ReadableStream} shpStream
 * @param {NodeJS.ReadableStream} dbfStream
 * @param {string} shpName
 * @param {string} dbfName
 * @returns {Promise<Omit<import('./input.js').Input, 'close'>>}
 */
export async function openShapefile(shpStream, dbfStream, shpName, dbfName) {
  const shp = await openShp(/** @type {AsyncIterable<Buffer>} */ (shpStream), shpName);
  const dbf = await openDbf(/** @type {AsyncIterable<Buffer>} */ (dbfStream), dbfName);
  async function* features() {
    for (let number = 1; ; number++) {
      const [geometry, record] = await Promise.all([shp.next(), dbf.next()]);
      if (geometry === undefined && record === null) return;
      if (geometry === undefined || record === null) {
        const [ended, other] = geometry === undefined ? [shpName, dbfName] : [dbfName, shpName];
        throw new InputError(
          `${ended}: ends after ${number - 1} records while ${other} goes on; the .shp and .dbf must come from the same download`,
        );
      }
      if (!record.deleted) yield { number, properties: record.values, geometry };
    }
  }
  return {
    file: dbfName,
    fields: dbf.fields,
    features: features(),
    progress: () => (shp.byteLength > 0 ? shp.position() / shp.byteLength : 0),
  };
}

/**
 * The command simplifies in degrees and writes KML, which is longitude/latitude by definition: a
 * projected file (metres, feet) would come out in the Atlantic.
 * @param {string} wkt the .prj's text
 * @param {string} where
 */
export function checkProjection(wkt, where) {
  if (/^\s*PROJCS\[/i.test(wkt)) {
    const name = /^\s*PROJCS\["([^"]*)"/i.exec(wkt)?.[1] ?? 'a projected system';
    throw new InputError(
      `${where}: coordinates are projected (${name}); the command needs longitude/latitude, as the Census publishes them. Reproject first, e.g. ogr2ogr -t_srs EPSG:4326`,
    );
  }
}
