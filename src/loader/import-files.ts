/**
 * Downloads a built chunk by its files (build.mjs lists them: the chunk's own first, then those it
 * imports) and resolves with the first one's exports. The imported files are asked for with it, not
 * only once it has arrived and been read; their failures are the chunk's own (it imports them). A
 * `retry` asks for the chunk's own file again, at another address.
 */
export function importFiles<T>(
  importChunk: (file: string) => Promise<T>,
  [file, ...imported]: readonly string[],
  retry = '',
): Promise<T> {
  if (!retry) for (const other of imported) importChunk(other).catch(() => {});
  return importChunk(`${file}${retry}`);
}
