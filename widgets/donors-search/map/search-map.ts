import type { MapPicture } from '../map-picture.ts';
import type { SearchConfig } from '../search-config.ts';
import { loadBoundaries } from './boundaries.ts';
import type { MapView } from './map-view.ts';

/** The island's one map, redrawn for every search. */
export interface SearchMap {
  /** Draws a search's picture; resolves once its boundaries are drawn or `signal` has aborted. */
  draw(picture: MapPicture, signal: AbortSignal): Promise<void>;
  destroy(): void;
}

/** Google Maps with a key; without one (or by choice) the map is Leaflet with open tiles. */
export function chooseProvider(maps: SearchConfig['maps']): 'google' | 'leaflet' {
  if (maps.provider === 'auto') return maps.googleApiKey ? 'google' : 'leaflet';
  return maps.provider;
}

/**
 * Loads the configured provider (its code is a chunk of its own, downloaded now and not before) and
 * creates the map in `container`. Rejects when the provider cannot load, e.g. a blocked Maps script.
 */
export async function createSearchMap(
  container: HTMLElement,
  config: SearchConfig,
  islandSignal: AbortSignal,
): Promise<SearchMap> {
  const view: MapView =
    chooseProvider(config.maps) === 'google'
      ? await (await import('./google-map-view.ts')).createGoogleMapView(container, config.maps)
      : (await import('./leaflet-map-view.ts')).createLeafletMapView(container, config.maps);
  return {
    async draw(picture, signal) {
      view.show(picture.center, picture.centerTitle);
      view.setDonations(picture.markers);
      view.setBoundaries([]);
      const boundaries = await loadBoundaries(config.boundaryBaseUrl, picture.boundaryZips, {
        search: signal,
        island: islandSignal,
      });
      if (!signal.aborted) view.setBoundaries(boundaries);
    },
    destroy: () => view.destroy(),
  };
}
