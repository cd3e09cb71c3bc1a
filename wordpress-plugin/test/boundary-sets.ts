/**
 * Zip boundary sets for the WordPress tests, made offline by the command's own conversion: synthetic
 * zips round the fixture's searches (the donations plugin stand-in answers 10001 with donations in
 * 10001, 10011 and 10451), written as the Census ships its file, and the files a set holds.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nationalCells } from '../../bench/lib/national-zcta.mjs';
import { makeBoundaryFiles } from '../../tools/zip-boundaries/make-boundary-files.js';
import { DEFAULTS, writeShapefile } from '../../tools/zip-boundaries/test-helpers.ts';

/** Synthetic zips of Manhattan and the Bronx (areas 100 to 104), as a Census-shaped collection. */
export function newYorkZips() {
  const all = nationalCells();
  return { ...all, features: all.features.filter((zip) => /^10[0-4]/.test(zip.properties.ZCTA5CE20)) };
}

/** A temporary folder for the caller's files; `remove` deletes it. */
export async function scratchFolder() {
  const dir = await mkdtemp(path.join(tmpdir(), 'boundary-sets-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** `collection` as the Census's zipped shapefile in `dir`. */
export const censusZip = (dir: string, collection: unknown) =>
  writeShapefile(dir, collection, 'cb_2020_us_zcta520_500k', true);

/** What `npm run boundaries` writes for `input`: each file's text by name. */
export async function commandSet(input: string): Promise<Record<string, string>> {
  const { dir, remove } = await scratchFolder();
  try {
    await makeBoundaryFiles({ input, outDir: dir, ...DEFAULTS });
    return filesOf(dir);
  } finally {
    await remove();
  }
}

/** Each file of a folder by name, sorted; a folder that is not there holds none. */
export async function filesOf(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name), 'utf8')])),
  );
}
