/**
 * The whole conversion: features in, one `zip{ZIP}.kml` per zip code out, one feature in memory at
 * a time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanGeometry } from './clean-geometry.js';
import { openInput } from './input.js';
import { InputError } from './input-error.js';
import { boundaryKml } from './kml.js';
import { chooseZctaField, zctaCode } from './zcta-field.js';

/**
 * @typedef {object} BoundaryOptions
 * @property {string} input the Census .zip, a .shp, or GeoJSON
 * @property {string} outDir created if missing; files already there are replaced, others left alone
 * @property {string} [field] the attribute holding the zip; found by name when not given
 * @property {(zip: string) => boolean} [only] the zips to write; all when not given
 * @property {number} tolerance degrees of latitude, see simplify.js
 * @property {number} precision decimals kept
 * @property {number} minArea square metres
 * @property {(share: number, written: number) => void} [onProgress]
 */

/**
 * @typedef {object} BoundarySummary
 * @property {string} field the attribute the zips were read from
 * @property {number} read features read
 * @property {number} written files written
 * @property {number} filteredOut features --only left out
 * @property {number} empty zips without a shape (null records, or nothing left after cleanup)
 * @property {number} droppedParts islands dropped under minArea
 * @property {number[]} sizes bytes of each file written, ascending
 * @property {{ zip: string, bytes: number } | null} largest
 */

/**
 * @param {BoundaryOptions} options
 * @returns {Promise<BoundarySummary>}
 */
export async function makeBoundaryFiles(options) {
  const source = await openInput(options.input);
  try {
    await makeOutDir(options.outDir);
    return await convert(source, options);
  } finally {
    source.close();
  }
}

/**
 * @param {import('./input.js').Input} source
 * @param {BoundaryOptions} options
 * @returns {Promise<BoundarySummary>}
 */
async function convert(source, options) {
  /** @type {string | undefined} */
  let field = source.fields ? chooseZctaField(source.fields, options.field, source.file) : undefined;
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {number[]} */
  const sizes = [];
  const summary = { read: 0, filteredOut: 0, empty: 0, droppedParts: 0 };
  /** @type {{ zip: string, bytes: number } | null} */
  let largest = null;

  for await (const feature of source.features) {
    summary.read++;
    // GeoJSON declares no fields: the first feature's properties stand for all.
    field ??= chooseZctaField(Object.keys(feature.properties), options.field, `${source.file}: feature 1`);
    const where = `${source.file}: record ${feature.number}`;
    const value = feature.properties[field];
    const zip = zctaCode(value);
    if (!zip)
      throw new InputError(
        `${where}: ${field} is ${JSON.stringify(value ?? null)}, expected a five-digit zip code`,
      );
    if (options.only && !options.only(zip)) {
      summary.filteredOut++;
      continue;
    }
    const first = seen.get(zip);
    if (first !== undefined)
      throw new InputError(
        `${where}: zip ${zip} again (first at record ${first}); one shape per zip is expected`,
      );
    seen.set(zip, feature.number);
    const cleaned = cleanGeometry(feature.geometry, options, `${where} (zip ${zip})`);
    if (!cleaned) {
      summary.empty++;
    } else {
      summary.droppedParts += cleaned.droppedParts;
      const kml = boundaryKml(zip, cleaned.geometry);
      await writeFile(path.join(options.outDir, `zip${zip}.kml`), kml);
      const bytes = Buffer.byteLength(kml);
      sizes.push(bytes);
      if (!largest || bytes > largest.bytes) largest = { zip, bytes };
    }
    options.onProgress?.(source.progress(), sizes.length);
  }
  if (summary.read === 0) throw new InputError(`${source.file}: holds no features`);
  return {
    field: /** @type {string} */ (field),
    ...summary,
    written: sizes.length,
    sizes: sizes.sort((a, b) => a - b),
    largest,
  };
}

/** @param {string} dir */
async function makeOutDir(dir) {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new InputError(
      `${dir}: cannot be made a folder for the files (${/** @type {Error} */ (error).message})`,
      {
        cause: error,
      },
    );
  }
}
