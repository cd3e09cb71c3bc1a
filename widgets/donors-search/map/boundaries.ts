import { kml } from '@tmcw/togeojson';
import type { FeatureCollection } from 'geojson';
import { mapLimit } from './map-limit.ts';

/** How many boundary files are fetched at once: enough to fill a connection, few enough to be polite. */
export const BOUNDARY_CONCURRENCY = 6;

/** Kept for the page's life: a zip's outline does not change between searches. */
const cache = new Map<string, Promise<FeatureCollection | null>>();

/** SPEC §9: the boundary file of a zip code is `zip{zipcode}.kml` under the configured base URL. */
export function boundaryUrl(baseUrl: string, zip: string): string {
  return `${baseUrl}zip${encodeURIComponent(zip)}.kml`;
}

/** A KML document as GeoJSON, or null when the text is not well-formed XML. */
export function parseKml(text: string): FeatureCollection | null {
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  return kml(doc) as FeatureCollection;
}

async function fetchBoundary(url: string, signal: AbortSignal): Promise<FeatureCollection | null> {
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'same-origin' });
  } catch (error) {
    // A network failure loses one outline, never the search; an abort is passed on.
    if (error instanceof TypeError) return null;
    throw error;
  }
  if (!response.ok) return null;
  return parseKml(await response.text());
}

export interface BoundarySignals {
  /** The search's signal: once a newer search starts, files not yet requested are skipped. */
  search: AbortSignal;
  /** The island's signal: requests under way are aborted only when the island goes away. */
  island: AbortSignal;
}

/**
 * The boundary of every zip in `zips` that has a readable file, in the order given. Missing (404) or
 * broken files and network failures are skipped. Each URL is fetched once per page, and a request a
 * newer search also needs is shared rather than cancelled; an aborted one is forgotten.
 */
export async function loadBoundaries(
  baseUrl: string,
  zips: readonly string[],
  signals: BoundarySignals,
): Promise<FeatureCollection[]> {
  const load = (zip: string) => {
    const url = boundaryUrl(baseUrl, zip);
    let pending = cache.get(url);
    if (!pending) {
      pending = fetchBoundary(url, signals.island);
      cache.set(url, pending);
      pending.catch(() => cache.delete(url));
    }
    return pending;
  };
  const loaded = await mapLimit(zips, BOUNDARY_CONCURRENCY, load, signals.search);
  return loaded.filter(
    (boundary): boundary is FeatureCollection => boundary != null && boundary.features.length > 0,
  );
}
