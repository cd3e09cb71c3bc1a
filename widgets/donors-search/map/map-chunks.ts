import { chooseProvider, type SearchConfig } from './search-config.ts';

/**
 * Written by build.mjs at the end of this module's built file, once every file's name is known: for
 * each map chunk imported below, named by its module, the other files of its static graph that this
 * file's own imports do not hold. Undefined where the source runs unbuilt (the unit tests).
 */
declare const __MAP_FILES__: Readonly<Record<string, readonly string[]>> | undefined;

const ignore = () => {};

/** Asks for the files `module`'s chunk imports with the chunk, not once it has arrived and been read. */
function importFilesOf(module: 'search-map' | 'leaflet-map-view' | 'google-map-view'): void {
  if (typeof __MAP_FILES__ === 'undefined') return;
  for (const file of __MAP_FILES__[module] ?? []) import(new URL(file, import.meta.url).href).catch(ignore);
}

/**
 * Asks for the map's code all at once, the map and its view (Leaflet or Google) and every file they
 * import, and resolves with the map's module: so that the markers do not wait, after the rows, for one
 * file after another. The map imports its view itself when it is made, and gets it from the browser's
 * module map; a download that fails beside the map's fails again there, and is reported there.
 */
export function importSearchMap(maps: SearchConfig['maps']): Promise<typeof import('./search-map.ts')> {
  const map = import('./search-map.ts');
  const google = chooseProvider(maps) === 'google';
  if (google) import('./google-map-view.ts').catch(ignore);
  else import('./leaflet-map-view.ts').catch(ignore);
  importFilesOf('search-map');
  importFilesOf(google ? 'google-map-view' : 'leaflet-map-view');
  return map;
}

/**
 * The map's code, asked for while a search request is out (importSearchMap). Called once the request
 * has left, never before: the search goes first on a slow connection.
 */
export function preloadMapChunks(maps: SearchConfig['maps']): void {
  importSearchMap(maps).catch(ignore);
}
