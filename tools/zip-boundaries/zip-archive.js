/**
 * The files inside a .zip, such as the Census's `cb_2020_us_zcta520_500k.zip`, read in place
 * without unpacking them to disk.
 */
import yauzl from 'yauzl';
import { InputError } from './input-error.js';

/**
 * @typedef {object} ZipArchive
 * @property {string[]} names every file's path inside the archive
 * @property {(name: string) => number} size a file's uncompressed size in bytes
 * @property {(name: string) => Promise<NodeJS.ReadableStream>} open a file's contents, inflated
 * @property {() => void} close
 */

/**
 * @param {string} path
 * @returns {Promise<ZipArchive>}
 */
export async function openZipArchive(path) {
  let zipfile;
  try {
    zipfile = await yauzl.openPromise(path, { autoClose: false });
  } catch (error) {
    throw new InputError(`${path}: not a readable .zip archive (${/** @type {Error} */ (error).message})`, {
      cause: error,
    });
  }
  /** @type {Map<string, import('yauzl').Entry>} */
  const entries = new Map();
  for await (const entry of zipfile.eachEntry()) {
    if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
  }
  const entry = (/** @type {string} */ name) => {
    const found = entries.get(name);
    if (!found) throw new InputError(`${path}: has no file ${name}`);
    return found;
  };
  return {
    names: [...entries.keys()],
    size: (name) => entry(name).uncompressedSize,
    open: (name) => zipfile.openReadStreamPromise(entry(name)),
    close: () => zipfile.close(),
  };
}
