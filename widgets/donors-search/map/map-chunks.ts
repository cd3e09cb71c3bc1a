import { chooseProvider, type SearchConfig } from './search-config.ts';

/**
 * Asks for the map's code (the map and its view, Leaflet or Google) all at once while a search
 * request is out, so that the markers do not wait, after the rows, for one chunk after another. Called
 * once the request has left, never before: the search goes first on a slow connection. The
 * map imports the same files when it is made, and gets them from the browser's module map; a download
 * that fails here fails again there, and is reported there.
 */
export function preloadMapChunks(maps: SearchConfig['maps']): void {
  const ignore = () => {};
  import('./search-map.ts').catch(ignore);
  if (chooseProvider(maps) === 'google') import('./google-map-view.ts').catch(ignore);
  else import('./leaflet-map-view.ts').catch(ignore);
}
