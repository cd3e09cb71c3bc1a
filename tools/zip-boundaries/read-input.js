/**
 * The command's input on disk (the Census .zip as it comes, its unpacked shapefile, or GeoJSON),
 * checked before anything is made: then mapshaper reads it as the browser tool's does
 * (read-topology.js), from the path, so that a big .shp or .json is read in pieces.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from './input-error.js';
import { INPUT_KINDS, SUPPORTED } from './read-topology.js';

/**
 * @param {string} file
 * @returns {Promise<import('./read-topology.js').InputSource>}
 */
export async function checkInput(file) {
  try {
    if (!(await stat(file)).isFile()) throw new InputError(`${file}: is not a file; expected ${SUPPORTED}`);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${file}: cannot be read (${/** @type {Error} */ (error).message})`, {
      cause: error,
    });
  }
  if (!INPUT_KINDS.test(file)) throw new InputError(`${file}: unknown kind of file; expected ${SUPPORTED}`);
  if (/\.shp$/i.test(file)) await needDbf(file);
  return { name: file, path: file };
}

/**
 * mapshaper reads a .shp without its .dbf as shapes without attributes; say what is missing instead.
 * @param {string} shp
 */
async function needDbf(shp) {
  const base = shp.slice(0, -4);
  for (const dbf of [`${base}.dbf`, `${base}.DBF`]) {
    if (
      await stat(dbf).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return;
  }
  throw new InputError(`${shp}: no ${path.basename(base)}.dbf beside it, which holds the zip codes`);
}
