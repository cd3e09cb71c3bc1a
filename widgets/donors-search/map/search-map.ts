import { afterNextFrame } from './after-next-frame.ts';
import { createBoundaryLoader } from './boundaries.ts';
import { clusterWorkerUrl, createClusterEngine } from './cluster-engine.ts';
import type { GestureHints } from './cooperative-gestures.ts';
import { type ClusterTitle, DonationClusters, type MapItem } from './donation-clusters.ts';
import type { Bounds } from './map-bounds.ts';
import type { MapPicture, MarkerSpec } from './map-picture.ts';
import { FOCUS_ZOOM, type MapView } from './map-view.ts';
import { chooseProvider, type SearchConfig } from './search-config.ts';

/** The words the map shows by itself (the centre's title comes with each picture): English, or the site's. */
export interface MapTexts {
  hints: GestureHints;
  clusterTitle: ClusterTitle;
}

/** The island's one map, redrawn for every search. */
export interface SearchMap {
  /**
   * Draws a search's picture; resolves once the boundaries of the first view are drawn or `signal`
   * has aborted. Boundaries of zips that come into view later are fetched as the visitor moves.
   */
  draw(picture: MapPicture, signal: AbortSignal): Promise<void>;
  /** Rings the markers of the donations at `indices`; with `centre`, centres the map on the first. */
  mark(indices: readonly number[], centre: boolean): void;
  destroy(): void;
}

/** What the map tells the island. */
export interface SearchMapListener {
  /** The visitor chose a donation's marker, or a cluster that no zoom splits: its donations' indices. */
  choose(indices: readonly number[]): void;
  /** A failure for the site's admin (the console), never for the visitor. */
  report(error: unknown): void;
}

/** The box round each zip's donations, to tell which zips are in view. */
function zipBoxes(markers: readonly MarkerSpec[]): Map<string, Bounds> {
  const boxes = new Map<string, Bounds>();
  for (const { zip, position: p } of markers) {
    const box = boxes.get(zip);
    if (!box) {
      boxes.set(zip, { south: p.lat, west: p.lng, north: p.lat, east: p.lng });
      continue;
    }
    box.south = Math.min(box.south, p.lat);
    box.west = Math.min(box.west, p.lng);
    box.north = Math.max(box.north, p.lat);
    box.east = Math.max(box.east, p.lng);
  }
  return boxes;
}

const overlaps = (a: Bounds, b: Bounds) =>
  a.south <= b.north && b.south <= a.north && a.west <= b.east && b.west <= a.east;

/**
 * Loads the configured provider (its code is a chunk of its own, downloaded now and not before) and
 * creates the map in `container`. Rejects when the provider cannot load, e.g. a blocked Maps script.
 * Both providers draw the same clusters; choosing a marker either zooms in until its cluster splits or,
 * where nothing splits any more, tells the listener which donations are there.
 */
export async function createSearchMap(
  container: HTMLElement,
  config: SearchConfig,
  islandSignal: AbortSignal,
  listener: SearchMapListener,
  texts: MapTexts,
): Promise<SearchMap> {
  let clusters: DonationClusters | undefined;
  let markers: readonly MarkerSpec[] = [];
  let moved = () => {};
  // The clustering worker starts with the first draw (the first results) and ends with the map.
  const workerUrl = clusterWorkerUrl();
  const engine = createClusterEngine(
    workerUrl && typeof Worker === 'function'
      ? () => new Worker(workerUrl, { name: 'donors-search-clusters' })
      : undefined,
    listener.report,
  );
  const disposeEngine = () => engine.dispose();
  islandSignal.addEventListener('abort', disposeEngine, { once: true });
  const events = {
    chose(item: MapItem) {
      if (item.kind === 'donation') {
        listener.choose([item.index]);
        return;
      }
      const shown = clusters;
      void shown?.open(item.id).then((opening) => {
        if (!opening || shown !== clusters) return;
        if ('zoom' in opening) view.zoomTo(item.position, opening.zoom);
        else listener.choose(opening.members);
      });
    },
    moved: () => moved(),
  };
  const view: MapView =
    chooseProvider(config.maps) === 'google'
      ? await (await import('./google-map-view.ts')).createGoogleMapViews(config.maps)(container, events)
      : (await import('./leaflet-map-view.ts')).createLeafletMapView(
          container,
          config.maps,
          events,
          texts.hints,
        );
  const boundaries = createBoundaryLoader({
    baseUrl: config.boundaryBaseUrl,
    island: islandSignal,
    report: listener.report,
  });

  return {
    async draw(picture, signal) {
      view.show(picture.center, picture.centerTitle, picture.radiusMiles);
      view.clearBoundaries();
      // Clustering starts after the frame that shows the moved map; the worker does it while the page
      // stays free, and the markers are drawn once it answers.
      await new Promise<void>((resolve) => afterNextFrame(resolve));
      if (signal.aborted) return;
      const built = await DonationClusters.build(
        engine,
        picture.markers,
        texts.clusterTitle,
        listener.report,
        signal,
      );
      if (!built) return;
      clusters = built;
      markers = picture.markers;
      view.setDonations(clusters);
      const boxes = zipBoxes(picture.markers);
      const asked = new Set<string>();
      const fetchZips = async (zips: readonly string[]) => {
        const fresh = zips.filter((zip) => !asked.has(zip));
        if (fresh.length === 0 || signal.aborted) return;
        for (const zip of fresh) asked.add(zip);
        await boundaries.load(fresh, signal, (boundary) => view.addBoundaries([boundary]));
      };
      // A zip whose donations have no coordinates cannot be placed: it is asked for with the first view.
      const inView = () => {
        const bounds = view.bounds();
        return picture.boundaryZips.filter((zip) => {
          const box = boxes.get(zip);
          return !box || overlaps(box, bounds);
        });
      };
      // The searched zip first, on its own; then the zips in view, one batch at a time as the visitor
      // moves, so that a batch never waits behind requests for zips nobody can see.
      let queue = fetchZips(picture.boundaryZips.slice(0, 1));
      moved = () => {
        queue = queue.then(() => fetchZips(inView()));
      };
      moved();
      await queue;
    },
    mark(indices, centre) {
      clusters?.choose(indices);
      view.redraw();
      const position = centre ? markers.find((marker) => marker.index === indices[0])?.position : undefined;
      if (position) view.zoomTo(position, FOCUS_ZOOM);
    },
    destroy() {
      islandSignal.removeEventListener('abort', disposeEngine);
      engine.dispose();
      view.destroy();
    },
  };
}
