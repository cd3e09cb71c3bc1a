/**
 * The command's conversion: the shared one (boundary-set.js) reading a file from disk and writing
 * into a folder. The settings screen's tool runs the same conversion in the admin's browser.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import mapshaper from 'mapshaper';
import { makeBoundarySet } from './boundary-set.js';
import { InputError } from './input-error.js';
import { checkInput } from './read-input.js';

/** Metres in a degree of latitude (on the mean Earth radius): turns a tolerance in degrees into a distance. */
export const METRES_PER_DEGREE = 111_195;

/**
 * @typedef {import('./boundary-set.js').SetOptions & {
 *   input: string,
 *   outDir: string,
 * }} BoundaryOptions `input` is the Census .zip, a .shp, or GeoJSON; `outDir` is made if missing, and
 *   files already there are replaced, others left alone
 */

/** @typedef {import('./boundary-set.js').BoundarySummary} BoundarySummary */

/**
 * @param {BoundaryOptions} options
 * @returns {Promise<BoundarySummary>}
 */
export async function makeBoundaryFiles(options) {
  const { input, outDir } = options;
  const source = await checkInput(input);
  await makeOutDir(outDir);
  return makeBoundarySet(mapshaper, source, options, (name, text) =>
    writeFile(path.join(outDir, name), text),
  );
}

/** @param {string} dir */
async function makeOutDir(dir) {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new InputError(
      `${dir}: cannot be made a folder for the files (${/** @type {Error} */ (error).message})`,
      { cause: error },
    );
  }
}
