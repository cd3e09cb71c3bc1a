/**
 * `npm ci` on a fresh clone runs no install script the project has not decided on: every package of the
 * lockfile that has one is named in package.json's `allowScripts`, either allowed (it is used and needs
 * its script) or refused (unused, or fine without it). A new dependency bringing a native build (as
 * mapshaper's GeoPackage reader brought better-sqlite3, minutes of C compilation on every install for a
 * format nothing here reads) fails this test until someone decides.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
const lock = read('package-lock.json') as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
const allowScripts = (read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};

/** The package's own name from its lockfile path (`node_modules/a/node_modules/@b/c` → `@b/c`). */
const packageName = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

it('names every package with an install script in allowScripts', () => {
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => packageName(path));
  expect(withScripts.length).toBeGreaterThan(0);
  expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
});

it('refuses the native build of the GeoPackage reader, which nothing here uses', () => {
  expect(allowScripts['better-sqlite3']).toBe(false);
});
