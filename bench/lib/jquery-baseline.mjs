/**
 * What the original site shipped on every page before any of its own code: jQuery 3.7.1, minified.
 * Measured from the npm package, fetched once with `npm pack` into bench/.cache/ (gitignored) so the
 * project does not depend on jQuery.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compressedSize } from './compressed-size.mjs';

const VERSION = '3.7.1';
const cache = fileURLToPath(new URL('../.cache/', import.meta.url));
const tarball = `${cache}jquery-${VERSION}.tgz`;

/** @returns {{ version: string, raw: number, gzip: number, brotli: number }} */
export function jqueryBaseline() {
  if (!existsSync(tarball)) {
    mkdirSync(cache, { recursive: true });
    execFileSync('npm', ['pack', `jquery@${VERSION}`, '--silent', '--pack-destination', cache], {
      stdio: 'ignore',
    });
  }
  const minified = execFileSync('tar', ['-xzOf', tarball, 'package/dist/jquery.min.js'], {
    maxBuffer: 1 << 24,
  });
  return { version: VERSION, ...compressedSize(minified) };
}
