/**
 * The files an admin picked, as mapshaper's input: one file (the Census .zip, GeoJSON) or a shapefile's
 * parts (.shp with its .dbf, and .shx, .prj, .cpg when picked), named so that mapshaper finds each part
 * beside the .shp as it does on disk. A pick it cannot read is refused in the command's words.
 */
import { InputError } from '../../tools/zip-boundaries/input-error.js';
import type { InputSource } from '../../tools/zip-boundaries/read-topology.js';
import { INPUT_KINDS, SUPPORTED } from '../../tools/zip-boundaries/read-topology.js';

/** What a picked file must offer: a File, or a stand-in in tests. */
export interface PickedFile {
  name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const SHAPEFILE_PARTS = /\.(dbf|shx|prj|cpg)$/i;
/** What mapshaper reads as bytes when it reads from memory; the rest (.prj, .cpg, .geojsonl) as text. */
const BINARY = /\.(shp|shx|dbf|zip|[a-z]*json)$/i;

const split = (name: string) => {
  const dot = name.lastIndexOf('.');
  return { base: name.slice(0, dot), extension: name.slice(dot + 1).toLowerCase() };
};

/**
 * Which file is the input and which go with it, by name alone.
 * @returns the input (mapshaper's path for it is its name with the extension in lower case) and the
 *   files that go with it, each under its name for mapshaper
 */
export function chooseInput<T extends { name: string }>(files: readonly T[]) {
  if (files.length === 0) throw new InputError(`No file chosen; expected ${SUPPORTED}`);
  const inputs = files.filter((file) => INPUT_KINDS.test(file.name) && file.name.includes('.'));
  const [input, second] = inputs;
  if (!input) {
    const [first] = files;
    throw new InputError(`${first?.name}: unknown kind of file; expected ${SUPPORTED}`);
  }
  if (second) throw new InputError(`${input.name}, ${second.name}: choose one of them, not both`);
  const { base, extension } = split(input.name);
  const parts = new Map<string, T>([[`${base}.${extension}`, input]]);
  for (const file of files) {
    if (file === input) continue;
    const part = split(file.name);
    if (extension !== 'shp' || !SHAPEFILE_PARTS.test(file.name) || part.base !== base)
      throw new InputError(
        `${file.name}: does not go with ${input.name}; choose ${extension === 'shp' ? `${base}.shp with the ${base}.dbf, .shx, .prj and .cpg beside it` : `${input.name} alone`}`,
      );
    parts.set(`${part.base}.${part.extension}`, file);
  }
  if (extension === 'shp' && !parts.has(`${base}.dbf`))
    throw new InputError(`${input.name}: choose ${base}.dbf with it, which holds the zip codes`);
  return { input, path: `${base}.${extension}`, parts };
}

/** The picked files, read, as the shared reader's input. */
export async function inputSource(files: readonly PickedFile[]): Promise<InputSource> {
  const { input, path, parts } = chooseInput(files);
  const read: Record<string, ArrayBuffer | string> = {};
  for (const [name, file] of parts)
    read[name] = BINARY.test(name)
      ? await file.arrayBuffer()
      : new TextDecoder().decode(await file.arrayBuffer());
  return { name: input.name, path, files: read };
}
