/**
 * mapshaper in this worker, from the browser build its npm package publishes (copied as it is into
 * dist/admin/mapshaper/ by the build), loaded the way mapshaper's own web app loads it into a page. That
 * build takes itself to be in a browser when `window.document` exists (it then unzips and reads from
 * memory instead of the disk), finds its bundled modules (the Buffer polyfill, iconv-lite, mproj…) in
 * `window.modules`, and puts itself in `window.mapshaper`. A worker has no window: a stand-in one gives it
 * those, with no DOM behind it, which the commands the tool runs never use.
 */
import type { Mapshaper } from '../../tools/zip-boundaries/read-topology.js';

interface MapshaperWindow {
  document: object;
  modules?: object;
  mapshaper?: Mapshaper;
}

interface WorkerScope {
  window?: MapshaperWindow;
  location: { href: string; search: string };
  importScripts(...urls: string[]): void;
}

/** mapshaper, loaded on first use; the scripts carry the worker's own `?ver=`, so a new release is fetched anew. */
export function loadMapshaper(): Mapshaper {
  const scope = globalThis as unknown as WorkerScope;
  if (!scope.window?.mapshaper) {
    scope.window = { document: {} };
    const url = (file: string) =>
      new URL(`mapshaper/${file}${scope.location.search}`, scope.location.href).href;
    scope.importScripts(url('modules.js'), url('mapshaper.js'));
  }
  const mapshaper = scope.window?.mapshaper;
  if (!mapshaper) throw new Error('mapshaper did not start in the worker');
  return mapshaper;
}
