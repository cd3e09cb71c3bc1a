import { kml } from '@tmcw/togeojson';
import type { FeatureCollection } from 'geojson';
import { mapLimit } from './map-limit.ts';

/** How many boundary files are fetched at once: enough to fill a connection, few enough to be polite. */
export const BOUNDARY_CONCURRENCY = 6;

/** How long one boundary file may take, body included, before the map is drawn without it. */
export const BOUNDARY_TIMEOUT_MS = 10_000;

/** How a boundary file failed: not there (404, 410), not readable as KML, or not reachable. */
export type BoundaryFailure = 'missing' | 'unreadable' | 'unreachable';
/** After this many failures of one kind (see `createBoundaryLoader`), no more files are asked for. */
export const BOUNDARY_FAILURE_LIMIT = 3;

type Outcome = FeatureCollection | BoundaryFailure;

/**
 * Final answers only, kept for the page's life: a zip's outline (or its lack of one: a 404, a file
 * that does not parse) does not change between searches. A request under way is kept too, so that
 * searches needing the same file share it; one that ends in a transient failure is forgotten.
 */
const cache = new Map<string, Promise<Outcome>>();

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

async function fetchBoundary(url: string, signal: AbortSignal, timeoutMs: number): Promise<Outcome> {
  const request = withTimeout(signal, timeoutMs);
  let text: string;
  try {
    const response = await fetch(url, { signal: request.signal, credentials: 'same-origin' });
    if (isFinalStatus(response.status)) return 'missing';
    // A failure worth retrying on a later search: a 5xx, like a network error, a timeout or a cut-off body.
    if (!response.ok) return 'unreachable';
    // Fetch aborts a body being read too, but not every implementation does: race it as well.
    text = await untilAborted(response.text(), request.signal);
  } catch (error) {
    // The island went away: pass the abort on. Anything else (a network failure, the timeout, a body
    // cut off while read) loses one outline, never the search, and is tried again by a later search.
    if (signal.aborted) throw error;
    return 'unreachable';
  } finally {
    request.done();
  }
  try {
    return parseKml(text) ?? 'unreadable';
  } catch {
    return 'unreadable';
  }
}

const FAILURE_TEXT: Record<BoundaryFailure, string> = {
  missing: 'were not found (404)',
  unreadable: 'could not be read as KML',
  unreachable: 'could not be fetched (network error, timeout or server error)',
};

export interface BoundaryLoaderOptions {
  baseUrl: string;
  /** The island's signal: requests under way are aborted only when the island goes away. */
  island: AbortSignal;
  /** Tells the site's admin, once, why the map stopped asking for boundaries. */
  report: (error: Error) => void;
  timeoutMs?: number;
}

/** Loads zip boundaries for one island's map; see `createBoundaryLoader`. */
export interface BoundaryLoader {
  /**
   * The boundary of every zip in `zips` that has a readable file, in the order given, at most
   * `BOUNDARY_CONCURRENCY` files at once. Once `search` aborts (a newer search), files not yet
   * requested are skipped. `each`, when given, gets every boundary as soon as it has loaded (while
   * `search` has not aborted), so that a map can draw them as they arrive.
   */
  load(
    zips: readonly string[],
    search: AbortSignal,
    each?: (boundary: FeatureCollection) => void,
  ): Promise<FeatureCollection[]>;
}

/**
 * Missing (404) or broken files, network failures and files slower than the timeout are skipped. A
 * final answer is fetched once per page; a request a newer search also needs is shared rather than
 * cancelled; a transient failure or an abort is forgotten, so a later search asks again.
 *
 * A wrong `boundaryBaseUrl`, or a host that is down, would otherwise cost a request and a console
 * error for every zip of every search. So the loader stops asking for the rest of the page after
 * `BOUNDARY_FAILURE_LIMIT` failures of one kind: files missing or unreadable before any file has
 * loaded (once one has, the base URL is right and a missing zip is just a zip without a file), or
 * files unreachable with no success in between. It reports that once; the visitor sees a map without
 * outlines, nothing more.
 */
export function createBoundaryLoader({
  baseUrl,
  island,
  report,
  timeoutMs = BOUNDARY_TIMEOUT_MS,
}: BoundaryLoaderOptions): BoundaryLoader {
  const failures: Record<BoundaryFailure, number> = { missing: 0, unreadable: 0, unreachable: 0 };
  let loadedAny = false;
  let stopped = false;

  const count = (outcome: Outcome, url: string) => {
    if (typeof outcome !== 'string') {
      loadedAny = true;
      failures.unreachable = 0;
      return;
    }
    if (outcome !== 'unreachable' && loadedAny) return;
    failures[outcome]++;
    if (stopped || failures[outcome] < BOUNDARY_FAILURE_LIMIT) return;
    stopped = true;
    report(
      new Error(
        `Zip boundaries: ${BOUNDARY_FAILURE_LIMIT} files under boundaryBaseUrl "${baseUrl}" ${FAILURE_TEXT[outcome]} (the last was ${url}); no more are requested on this page.`,
      ),
    );
  };

  const fetchOnce = (zip: string): Promise<Outcome> => {
    const url = boundaryUrl(baseUrl, zip);
    const cached = cache.get(url);
    if (cached) return cached;
    const forget = () => {
      if (cache.get(url) === pending) cache.delete(url);
    };
    const pending = fetchBoundary(url, island, timeoutMs).then(
      (outcome) => {
        count(outcome, url);
        if (outcome === 'unreachable') forget();
        return outcome;
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    cache.set(url, pending);
    return pending;
  };

  return {
    async load(zips, search, each) {
      const drawable = (outcome: Outcome | undefined): outcome is FeatureCollection =>
        outcome !== undefined && typeof outcome !== 'string' && outcome.features.length > 0;
      const loaded = await mapLimit(
        zips,
        BOUNDARY_CONCURRENCY,
        async (zip) => {
          if (stopped) return undefined;
          const outcome = await fetchOnce(zip);
          if (each && drawable(outcome) && !search.aborted) each(outcome);
          return outcome;
        },
        search,
      );
      return loaded.filter(drawable);
    },
  };
}
