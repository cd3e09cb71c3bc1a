import { withTimeout } from '../../../src/shared/abort-timeout.ts';
import { LocateFailure, type Position } from './current-position.ts';
import { cellOf, decodeCell, nearestZip } from './zip-cells.js';

/**
 * The zip code files the build wrote (tools/zip-centroids.mjs): their folder, from the bundle's root
 * (the folder above this chunk's), and the cells that have a file, comma-separated.
 */
declare const __ZIP_CENTROID_FOLDER__: string | undefined;
declare const __ZIP_CENTROID_CELLS__: string | undefined;

/**
 * The zip code nearest to `position` (within 50 miles), found in the browser: from the one file of
 * the site's own that covers the position's cell, downloaded now; no file when no zip code is near
 * (London, the open sea), so nothing is downloaded then. Nothing but that file's name, which names an
 * area 3 degrees on a side, leaves the browser. Resolves undefined when no zip code is near; rejects
 * with LocateFailure('not-loaded') when the file does not arrive in `timeoutMs` or at all, and with a
 * plain Error for a file the site should have and lacks or one that is not a zip code file (the site's
 * problem, worth a console error).
 */
export async function findZip(
  position: Position,
  { signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<string | undefined> {
  if (typeof __ZIP_CENTROID_FOLDER__ !== 'string' || typeof __ZIP_CENTROID_CELLS__ !== 'string')
    throw new Error('the bundle was built without its zip codes');
  const cell = cellOf(position.lat, position.lng);
  if (!__ZIP_CENTROID_CELLS__.split(',').includes(cell)) return undefined;
  const url = new URL(`${__ZIP_CENTROID_FOLDER__}${cell}.json`, new URL('../', import.meta.url));
  const timed = withTimeout(signal, timeoutMs);
  // The press given up: its own reason. Offline, or the time is up: the visitor is told.
  const lost = (error: unknown) => {
    throw signal.aborted ? error : new LocateFailure('not-loaded');
  };
  try {
    const response = await fetch(url, { signal: timed.signal }).catch(lost);
    if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
    const text = await response.text().catch(lost);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const centroids = decodeCell(json);
    if (!centroids) throw new Error(`${url.pathname} holds no zip codes`);
    return nearestZip(centroids, position);
  } finally {
    timed.done();
  }
}
