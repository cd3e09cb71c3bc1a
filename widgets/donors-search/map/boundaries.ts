import { kml } from '@tmcw/togeojson';
import type { FeatureCollection } from 'geojson';
import { mapLimit } from './map-limit.ts';

/** How many boundary files are fetched at once: enough to fill a connection, few enough to be polite. */
export const BOUNDARY_CONCURRENCY = 6;

/** How long one boundary file may take, body included, before the map is drawn without it. */
export const BOUNDARY_TIMEOUT_MS = 10_000;

/**
 * Final answers only, kept for the page's life: a zip's outline (or its lack of one: a 404, a file
 * that does not parse) does not change between searches. A request under way is kept too, so that
 * searches needing the same file share it; one that ends in a transient failure is forgotten.
 */
const cache = new Map<string, Promise<FeatureCollection | null>>();

/** The boundary file of a zip code is `zip{zipcode}.kml` under the configured base URL. */
export function boundaryUrl(baseUrl: string, zip: string): string {
  return `${baseUrl}zip${encodeURIComponent(zip)}.kml`;
}

/** A KML document as GeoJSON, or null when the text is not well-formed XML. */
export function parseKml(text: string): FeatureCollection | null {
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  return kml(doc) as FeatureCollection;
}

/** Answers that will not change if asked again: the file is not there. */
const isFinalStatus = (status: number) => status === 404 || status === 410;

/** A failure worth retrying on a later search: a network error, a timeout, a 5xx, a cut-off body. */
const TRANSIENT = Symbol('transient');

/**
 * `signal` that also aborts after `ms`. Written out rather than `AbortSignal.any` + `AbortSignal.timeout`
 * because `any` needs Chrome 116, Firefox 124 and Safari 17.4, newer than the build's targets.
 */
function withTimeout(signal: AbortSignal, ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    },
  };
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function fetchBoundary(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<FeatureCollection | null | typeof TRANSIENT> {
  const request = withTimeout(signal, timeoutMs);
  let text: string;
  try {
    const response = await fetch(url, { signal: request.signal, credentials: 'same-origin' });
    if (isFinalStatus(response.status)) return null;
    if (!response.ok) return TRANSIENT;
    // Fetch aborts a body being read too, but not every implementation does: race it as well.
    text = await untilAborted(response.text(), request.signal);
  } catch (error) {
    // The island went away: pass the abort on. Anything else (a network failure, the timeout, a body
    // cut off while read) loses one outline, never the search, and is tried again by a later search.
    if (signal.aborted) throw error;
    return TRANSIENT;
  } finally {
    request.done();
  }
  try {
    return parseKml(text);
  } catch {
    return null;
  }
}

export interface BoundarySignals {
  /** The search's signal: once a newer search starts, files not yet requested are skipped. */
  search: AbortSignal;
  /** The island's signal: requests under way are aborted only when the island goes away. */
  island: AbortSignal;
}

/**
 * The boundary of every zip in `zips` that has a readable file, in the order given. Missing (404) or
 * broken files, network failures and files slower than `timeoutMs` are skipped. A final answer is
 * fetched once per page; a request a newer search also needs is shared rather than cancelled; a
 * transient failure or an abort is forgotten, so a later search asks again.
 */
export async function loadBoundaries(
  baseUrl: string,
  zips: readonly string[],
  signals: BoundarySignals,
  timeoutMs = BOUNDARY_TIMEOUT_MS,
): Promise<FeatureCollection[]> {
  const load = (zip: string) => {
    const url = boundaryUrl(baseUrl, zip);
    const cached = cache.get(url);
    if (cached) return cached;
    const forget = () => {
      if (cache.get(url) === pending) cache.delete(url);
    };
    const pending: Promise<FeatureCollection | null> = fetchBoundary(url, signals.island, timeoutMs).then(
      (outcome) => {
        if (outcome !== TRANSIENT) return outcome;
        forget();
        return null;
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    cache.set(url, pending);
    return pending;
  };
  const loaded = await mapLimit(zips, BOUNDARY_CONCURRENCY, load, signals.search);
  return loaded.filter(
    (boundary): boundary is FeatureCollection => boundary != null && boundary.features.length > 0,
  );
}
