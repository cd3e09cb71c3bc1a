import Supercluster from 'supercluster';
import type { LatLng } from '../search/donation.ts';
import { loadInSlices } from './load-in-slices.ts';
import type { MarkerSpec } from './map-picture.ts';
import type { Bounds } from './radius-view.ts';

/** Markers closer than this many screen pixels merge into one cluster. */
export const CLUSTER_RADIUS_PX = 60;
/** The deepest zoom of both providers' maps; a cluster still there is donations on (nearly) one point. */
export const MAX_MAP_ZOOM = 19;
/** Nobody looks at a metro's donations from further out than a continent. */
const MIN_CLUSTER_ZOOM = 3;

/** What a map draws at one place: one donation, or a cluster of them. */
export type MapItem = {
  key: string;
  position: LatLng;
  title: string;
  label: string;
  /** Whether it holds a donation the visitor chose (on the map or in the table). */
  chosen: boolean;
} & ({ kind: 'donation'; index: number } | { kind: 'cluster'; id: number; count: number });

/** A point's position in the marker list. */
interface Props {
  index: number;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** The title of a cluster marker, which names how many donations it stands for. */
export const clusterTitle = (count: number) => `Cluster of ${numberFormat.format(count)} donations`;

/**
 * The one clustering engine of both map providers (supercluster, the engine Google's own clusterer
 * uses): donations merge by screen distance at a zoom and split as the map zooms in. A map asks for
 * the items in its view at its zoom, and what a cluster holds when the visitor chooses it.
 */
export class DonationClusters {
  private chosen: ReadonlySet<number> = new Set();

  private constructor(
    private readonly index: Supercluster<Props, Record<string, never>>,
    private readonly markers: readonly MarkerSpec[],
  ) {}

  /**
   * Clusters `markers` for every zoom of the map, in slices with the browser getting a turn between
   * them (thousands of donations would otherwise hold the page for a few hundred milliseconds).
   * Resolves undefined when `signal` aborts first.
   */
  static async build(
    markers: readonly MarkerSpec[],
    signal?: AbortSignal,
  ): Promise<DonationClusters | undefined> {
    const index = new Supercluster<Props, Record<string, never>>({
      radius: CLUSTER_RADIUS_PX,
      minZoom: MIN_CLUSTER_ZOOM,
      // Clusters exist up to the map's deepest zoom, so donations on one point never stack.
      maxZoom: MAX_MAP_ZOOM,
    });
    const points = markers.map(
      (marker, index): Supercluster.PointFeature<Props> => ({
        type: 'Feature',
        properties: { index },
        geometry: { type: 'Point', coordinates: [marker.position.lng, marker.position.lat] },
      }),
    );
    const loaded = await loadInSlices(index, points, signal);
    return loaded ? new DonationClusters(index, markers) : undefined;
  }

  /** Marks the donations the visitor chose, by index into the search's donations. */
  choose(indices: readonly number[]): void {
    this.chosen = new Set(indices);
  }

  /** The donations and clusters in `bounds` at `zoom`, each keyed so that a redraw can keep elements. */
  itemsIn(bounds: Bounds, zoom: number): MapItem[] {
    const z = Math.round(zoom);
    const west = Math.max(-180, bounds.west);
    const east = Math.min(180, bounds.east);
    const box: [number, number, number, number] =
      east - west >= 360 ? [-180, bounds.south, 180, bounds.north] : [west, bounds.south, east, bounds.north];
    return this.index.getClusters(box, z).map((feature) => {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const count = props.point_count;
        return {
          kind: 'cluster',
          key: `c${props.cluster_id}`,
          position: { lat, lng },
          title: clusterTitle(count),
          label: numberFormat.format(count),
          id: props.cluster_id,
          count,
          chosen: this.chosen.size > 0 && this.membersOf(props.cluster_id).some((i) => this.chosen.has(i)),
        };
      }
      const { position, title, label, index } = this.markers[(props as Props).index] as MarkerSpec;
      return {
        kind: 'donation',
        key: `d${index}`,
        position,
        title,
        label,
        index,
        chosen: this.chosen.has(index),
      };
    });
  }

  /** The donations a cluster holds, as indices into the search's donations. */
  membersOf(clusterId: number): number[] {
    return this.index
      .getLeaves(clusterId, Number.POSITIVE_INFINITY)
      .map((leaf) => (this.markers[leaf.properties.index] as MarkerSpec).index);
  }

  /**
   * The zoom at which a cluster splits, or undefined when it never does on this map (its donations
   * are on one point): then choosing it lists them instead.
   */
  splitZoom(clusterId: number): number | undefined {
    const zoom = this.index.getClusterExpansionZoom(clusterId);
    return zoom > MAX_MAP_ZOOM ? undefined : zoom;
  }
}
