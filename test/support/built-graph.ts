/**
 * The build's record of which file imports which (dist/meta.json, esbuild's metafile), read the way a
 * browser meets the files: a file's static imports are found only once the file has arrived.
 */
export interface BuildRecord {
  inputs: Record<string, { imports: { path: string; kind: string }[] }>;
  outputs: Record<
    string,
    { entryPoint?: string; imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }
  >;
}

/** A built file's name, without its folder: what the request log and the lists name. */
export const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** The files `file` imports statically, by their paths in the record. */
export const staticImports = (record: BuildRecord, file: string) =>
  (record.outputs[file]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path);

/** The path of the file built for the entry `source`, a module's path from the repository's root. */
export const entryFile = (record: BuildRecord, source: string) =>
  Object.keys(record.outputs).find((file) => record.outputs[file]?.entryPoint === source) ?? source;

/** Every file that must arrive before `file` runs, itself included, by name. */
export function staticGraph(record: BuildRecord, file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(nameOf(path))) return;
    seen.add(nameOf(path));
    for (const imported of staticImports(record, path)) visit(imported);
  };
  visit(file);
  return seen;
}
