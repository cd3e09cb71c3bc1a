import type { FeatureCollection } from 'geojson';
import { untilAborted, withTimeout } from '../../../src/shared/abort-timeout.ts';
import {
  BUNDLE_FORMAT,
  BUNDLE_INDEX,
  BUNDLE_OBJECT,
  bundleFile,
  kmlFile,
} from '../../../src/shared/boundary-names.js';
import { mapLimit } from '../concurrency.ts';

/** How many boundary files are fetched at once: enough to fill a connection, few enough to be polite. */
export const BOUNDARY_CONCURRENCY = 6;

/** How long one boundary file may take, body included, before the map is drawn without it. */
export const BOUNDARY_TIMEOUT_MS = 10_000;

/** How a boundary file failed: not there (404, 410), not readable (KML or bundle), or not reachable. */
export type BoundaryFailure = 'missing' | 'unreadable' | 'unreachable';
/** After this many failures of one kind (see `createBoundaryLoader`), no more files are asked for. */
export const BOUNDARY_FAILURE_LIMIT = 3;

type Outcome<T> = T | BoundaryFailure;

/** What the index says: the bundle holding each area, and the TopoJSON object holding the zips. */
interface BundleIndex {
  bundleOf: ReadonlyMap<string, string>;
  object: string;
}

const AREA = /^\d{3}$/;

/** The index's text, or null when it is not an index this map can read. */
function parseBundleIndex(text: string): BundleIndex | null {
  try {
    const index = JSON.parse(text) as { format?: unknown; object?: unknown; bundles?: unknown };
    if (index?.format !== BUNDLE_FORMAT || typeof index.bundles !== 'object' || index.bundles === null)
      return null;
    const bundleOf = new Map<string, string>();
    for (const [name, areas] of Object.entries(index.bundles)) {
      if (!AREA.test(name) || !Array.isArray(areas)) continue;
      for (const area of areas) if (typeof area === 'string' && AREA.test(area)) bundleOf.set(area, name);
    }
    return { bundleOf, object: typeof index.object === 'string' ? index.object : BUNDLE_OBJECT };
  } catch {
    return null;
  }
}

/** Answers that will not change if asked again: the file is not there. */
const isFinalStatus = (status: number) => status === 404 || status === 410;

/** One file under the base URL, read by `parse` (null: unreadable). */
async function fetchFile<T>(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
  parse: (text: string) => T | null | Promise<T | null>,
): Promise<Outcome<T>> {
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
    return (await parse(text)) ?? 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** The readers are chunks of their own: a map downloads the one its boundary host needs. */
const readKml = async (text: string) => (await import('./kml-boundary.ts')).parseKml(text);
const readBundle = (object: string) => async (text: string) =>
  (await import('./boundary-bundle.ts')).parseBundle(text, object);

const FAILURE_TEXT: Record<BoundaryFailure, string> = {
  missing: 'were not found (404)',
  unreadable: 'could not be read (KML or bundle)',
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
 * The loader first asks for the bundle index under the base URL: when there is one, each zip's
 * outline comes from its area's bundle (one request for all the zips of one or a few areas); when
 * there is none (a host that serves only the KML files), from the zip's own KML file. Missing (404) or broken
 * files, network failures and files slower than the timeout are skipped. A final answer is fetched
 * once per loader, which the map makes once and keeps for its life; a request a newer search also
 * needs is shared rather than cancelled; a transient failure or an abort is forgotten, so a later
 * search asks again.
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

  const count = (outcome: BoundaryFailure | 'loaded', url: string) => {
    if (outcome === 'loaded') {
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

  /** Final answers and requests under way, by URL: this map's, kept for its life (see above). */
  const files = new Map<string, Promise<Outcome<unknown>>>();
  const fetchOnce = <T>(url: string, parse: (text: string) => Promise<T | null>): Promise<Outcome<T>> => {
    const cached = files.get(url) as Promise<Outcome<T>> | undefined;
    if (cached) return cached;
    const forget = () => {
      if (files.get(url) === pending) files.delete(url);
    };
    const pending = fetchFile(url, island, timeoutMs, parse).then(
      (outcome) => {
        count(typeof outcome === 'string' ? (outcome as BoundaryFailure) : 'loaded', url);
        if (outcome === 'unreachable') forget();
        return outcome;
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    files.set(url, pending);
    return pending;
  };

  // The index is not counted as a failure when missing: a KML-only host has none.
  let index: Promise<BundleIndex | null> | undefined;
  const bundleIndex = (): Promise<BundleIndex | null> => {
    if (index) return index;
    const pending = fetchFile(`${baseUrl}${BUNDLE_INDEX}`, island, timeoutMs, parseBundleIndex).then(
      (outcome) => {
        // Unreachable: this search reads the KML files; the next asks for the index again.
        if (outcome === 'unreachable' && index === pending) index = undefined;
        return typeof outcome === 'string' ? null : outcome;
      },
      (error: unknown) => {
        if (index === pending) index = undefined;
        throw error;
      },
    );
    index = pending;
    return pending;
  };

  const fromKml = async (zips: readonly string[], search: AbortSignal, each?: Each) => {
    const loaded = await mapLimit(
      zips,
      BOUNDARY_CONCURRENCY,
      async (zip) => {
        if (stopped) return undefined;
        const outcome = await fetchOnce(kmlFile(baseUrl, zip), readKml);
        if (each && drawable(outcome) && !search.aborted) each(outcome);
        return outcome;
      },
      search,
    );
    return loaded.filter(drawable);
  };

  const fromBundles = async (
    { bundleOf, object }: BundleIndex,
    zips: readonly string[],
    search: AbortSignal,
    each?: Each,
  ) => {
    // The zips of a bundle share its request; bundles in the order of their first zip (the searched one first).
    const byBundle = new Map<string, string[]>();
    for (const zip of zips) {
      const name = bundleOf.get(zip.slice(0, 3));
      if (name === undefined) continue;
      const members = byBundle.get(name);
      if (members) members.push(zip);
      else byBundle.set(name, [zip]);
    }
    const found = new Map<string, FeatureCollection>();
    await mapLimit(
      [...byBundle],
      BOUNDARY_CONCURRENCY,
      async ([name, members]) => {
        if (stopped) return;
        const bundle = await fetchOnce(bundleFile(baseUrl, name), readBundle(object));
        if (typeof bundle === 'string') return;
        for (const zip of members) {
          const outline = bundle.get(zip);
          if (!drawable(outline)) continue;
          found.set(zip, outline);
          if (each && !search.aborted) each(outline);
        }
      },
      search,
    );
    return zips.map((zip) => found.get(zip)).filter(drawable);
  };

  return {
    async load(zips, search, each) {
      if (stopped || zips.length === 0) return [];
      const bundles = await bundleIndex();
      return bundles ? fromBundles(bundles, zips, search, each) : fromKml(zips, search, each);
    },
  };
}

type Each = (boundary: FeatureCollection) => void;

const drawable = (outcome: Outcome<FeatureCollection> | undefined): outcome is FeatureCollection =>
  outcome !== undefined && typeof outcome !== 'string' && outcome.features.length > 0;
