import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Raw, gzip and brotli bytes at the settings build.mjs uses for dist/sizes.json, so a baseline
 * measured here compares like with like. (build.mjs runs a build when imported, so it cannot be
 * imported for its own `sizeOf`.)
 * @param {Buffer} contents
 */
export function compressedSize(contents) {
  return {
    raw: contents.length,
    gzip: gzipSync(contents, { level: 9 }).length,
    brotli: brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
