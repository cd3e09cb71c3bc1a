import type { LatLng } from '../search/donation.ts';
import type { ClusterEngine } from './cluster-engine.ts';
import type { Box, ClusterOptions } from './cluster-index.ts';
import type { Bounds } from './map-bounds.ts';
import type { MarkerSpec } from './map-picture.ts';

/** Markers closer than this many screen pixels merge into one cluster. */
export const CLUSTER_RADIUS_PX = 60;
/** The deepest zoom of both providers' maps; a cluster still there is donations on (nearly) one point. */
export const MAX_MAP_ZOOM = 19;
/** Nobody looks at a metro's donations from further out than a continent. */
const MIN_CLUSTER_ZOOM = 3;
/** Clusters exist up to the map's deepest zoom, so donations on one point never stack. */
const OPTIONS: ClusterOptions = {
  radius: CLUSTER_RADIUS_PX,
  minZoom: MIN_CLUSTER_ZOOM,
  maxZoom: MAX_MAP_ZOOM,
};

/** What a map draws at one place: one donation, or a cluster of them. */
export type MapItem = {
  key: string;
  position: LatLng;
  title: string;
  label: string;
  /** Whether it holds a donation the visitor chose (on the map or in the table). */
  chosen: boolean;
} & ({ kind: 'donation'; index: number } | { kind: 'cluster'; id: number; count: number });

/** What choosing a cluster does: zoom in to where it splits, or list its donations (indices). */
export type ClusterOpening = { zoom: number } | { members: number[] };

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Titles a cluster marker by how many donations it stands for, in the site's words (english-texts.js's
 * `clusterTitle` or the site's translation of it, which the map section hands the map).
 */
export type ClusterTitle = (count: number) => string;

/**
 * One search's donations, clustered by the one engine of both map providers (supercluster, the engine
 * Google's own clusterer uses, in a worker): donations merge by screen distance at a zoom and split as
 * the map zooms in. A map asks for the items in its view at its zoom, and what a cluster holds when
 * the visitor chooses it; every answer comes from the worker, so each question is asynchronous and
 * resolves undefined once a later search has replaced this one (or the map is gone).
 */
export class DonationClusters {
  private chosen: readonly number[] = [];
  /** Each donation's position in the markers (the index's point), by its index in the search. */
  private readonly pointOf: ReadonlyMap<number, number>;

  private constructor(
    private readonly engine: ClusterEngine,
    private readonly load: number,
    private readonly markers: readonly MarkerSpec[],
    private readonly report: (error: unknown) => void,
    private readonly title: ClusterTitle,
  ) {
    this.pointOf = new Map(markers.map((marker, point) => [marker.index, point]));
  }

  /**
   * Clusters `markers` for every zoom of the map with `engine`. Resolves undefined when `signal`
   * aborts first or the map is removed meanwhile; rejects when the index fails.
   */
  static async build(
    engine: ClusterEngine,
    markers: readonly MarkerSpec[],
    title: ClusterTitle,
    report: (error: unknown) => void,
    signal?: AbortSignal,
  ): Promise<DonationClusters | undefined> {
    const coordinates = new Float64Array(markers.length * 2);
    markers.forEach(({ position }, point) => {
      coordinates[2 * point] = position.lng;
      coordinates[2 * point + 1] = position.lat;
    });
    const load = engine.newLoad();
    const answer = await engine.ask({ kind: 'load', load, coordinates, options: OPTIONS });
    return signal?.aborted || answer.kind !== 'loaded'
      ? undefined
      : new DonationClusters(engine, load, markers, report, title);
  }

  /** Marks the donations the visitor chose, by index into the search's donations. */
  choose(indices: readonly number[]): void {
    this.chosen = indices.flatMap((index) => this.pointOf.get(index) ?? []);
  }

  /**
   * The donations and clusters in `bounds` at `zoom`, each keyed so that a redraw can keep elements;
   * undefined when the answer is no longer wanted (a later search, a removed map).
   */
  async itemsIn(bounds: Bounds, zoom: number): Promise<MapItem[] | undefined> {
    const west = Math.max(-180, bounds.west);
    const east = Math.min(180, bounds.east);
    const box: Box =
      east - west >= 360 ? [-180, bounds.south, 180, bounds.north] : [west, bounds.south, east, bounds.north];
    const answer = await this.ask({
      kind: 'items',
      load: this.load,
      box,
      zoom: Math.round(zoom),
      chosen: this.chosen,
    });
    if (answer?.kind !== 'items') return undefined;
    return answer.items.map((item): MapItem => {
      const position = { lat: item.lat, lng: item.lng };
      if ('cluster' in item) {
        return {
          kind: 'cluster',
          key: `c${item.cluster}`,
          position,
          title: this.title(item.count),
          label: numberFormat.format(item.count),
          id: item.cluster,
          count: item.count,
          chosen: item.chosen,
        };
      }
      const { title, label, index } = this.markers[item.point] as MarkerSpec;
      return { kind: 'donation', key: `d${index}`, position, title, label, index, chosen: item.chosen };
    });
  }

  /**
   * What choosing a cluster does: the zoom at which it splits or, when no zoom of the map splits it
   * (its donations are on one point), its donations. Undefined when the answer is no longer wanted.
   */
  async open(clusterId: number): Promise<ClusterOpening | undefined> {
    const answer = await this.ask({ kind: 'open', load: this.load, cluster: clusterId });
    if (answer?.kind === 'splits') return { zoom: answer.zoom };
    if (answer?.kind === 'holds')
      return { members: answer.points.map((point) => (this.markers[point] as MarkerSpec).index) };
    return undefined;
  }

  /** The engine's answer; undefined, and the failure reported, when the index failed. */
  private async ask(question: Parameters<ClusterEngine['ask']>[0]) {
    try {
      return await this.engine.ask(question);
    } catch (error) {
      this.report(error);
      return undefined;
    }
  }
}
