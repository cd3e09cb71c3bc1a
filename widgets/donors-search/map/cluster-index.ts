import Supercluster from 'supercluster';

/** Supercluster's options that the map sets: the radius in screen pixels and the zooms clustered. */
export interface ClusterOptions {
  radius: number;
  minZoom: number;
  maxZoom: number;
}

/** A box in degrees: west, south, east, north. */
export type Box = [number, number, number, number];

/**
 * What the page asks the clustering index, in the worker or (when no worker could start) on the page.
 * Every question names the load it is about; a question about an earlier load is answered `stale`.
 * - `load`: cluster these points (longitude, latitude pairs; a point is named by its pair's position)
 *   with these options, from `minZoom` to `maxZoom` (the map's deepest zoom, so donations on one point
 *   never stack).
 * - `items`: the clusters and points in `box` at `zoom`, each marked when it holds a `chosen` point.
 * - `open`: the zoom at which a cluster splits or, when no zoom up to `maxZoom` splits it, its points.
 */
export type ClusterQuestion =
  | { kind: 'load'; load: number; coordinates: Float64Array; options: ClusterOptions }
  | { kind: 'items'; load: number; box: Box; zoom: number; chosen: readonly number[] }
  | { kind: 'open'; load: number; cluster: number };

/** A cluster (with its id and size) or a single point (with its position in the load), at a place. */
export type IndexedItem = { lng: number; lat: number; chosen: boolean } & (
  | { cluster: number; count: number }
  | { point: number }
);

/** The index's answer to each kind of question, in the same order. */
export type ClusterAnswer =
  | { kind: 'loaded' }
  | { kind: 'items'; items: IndexedItem[] }
  | { kind: 'splits'; zoom: number }
  | { kind: 'holds'; points: number[] }
  | { kind: 'stale' };

/** A question as posted to the worker: `id` pairs it with its reply. */
export interface ClusterRequest {
  id: number;
  question: ClusterQuestion;
}

/** The worker's reply to the request `id`: its answer, or the message of the error it met. */
export type ClusterReply = { id: number; answer: ClusterAnswer } | { id: number; error: string };

/** A point's position in the load. */
interface Props {
  point: number;
}

type Index = Supercluster<Props, Record<string, never>>;

/** A clustering index: it holds the last load and answers the questions about it. */
export interface ClusterIndex {
  answer(question: ClusterQuestion): ClusterAnswer;
}

/**
 * One clustering index and the questions it answers, through supercluster's public calls alone
 * (`load`, `getClusters`, `getLeaves`, `getClusterExpansionZoom`). The same code runs in the worker
 * and, when no worker could start, on the page.
 */
export function createClusterIndex(): ClusterIndex {
  let current: { load: number; index: Index; maxZoom: number } | undefined;
  const leavesOf = (index: Index, cluster: number) =>
    index.getLeaves(cluster, Number.POSITIVE_INFINITY).map((leaf) => leaf.properties.point);

  return {
    answer(question) {
      if (question.kind === 'load') {
        const { coordinates } = question;
        const points = Array.from(
          { length: coordinates.length / 2 },
          (_, point): Supercluster.PointFeature<Props> => ({
            type: 'Feature',
            properties: { point },
            geometry: {
              type: 'Point',
              coordinates: [coordinates[2 * point] as number, coordinates[2 * point + 1] as number],
            },
          }),
        );
        const { radius, minZoom, maxZoom } = question.options;
        const index: Index = new Supercluster({ radius, minZoom, maxZoom });
        current = { load: question.load, index: index.load(points), maxZoom };
        return { kind: 'loaded' };
      }
      if (current?.load !== question.load) return { kind: 'stale' };
      const { index, maxZoom } = current;
      if (question.kind === 'open') {
        const zoom = index.getClusterExpansionZoom(question.cluster);
        return zoom > maxZoom
          ? { kind: 'holds', points: leavesOf(index, question.cluster) }
          : { kind: 'splits', zoom };
      }
      const chosen = new Set(question.chosen);
      const items = index.getClusters(question.box, question.zoom).map((feature): IndexedItem => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const cluster = props.cluster_id;
          const holdsChosen = chosen.size > 0 && leavesOf(index, cluster).some((p) => chosen.has(p));
          return { lng, lat, cluster, count: props.point_count, chosen: holdsChosen };
        }
        const { point } = props as Props;
        return { lng, lat, point, chosen: chosen.has(point) };
      });
      return { kind: 'items', items };
    },
  };
}

/**
 * Answers a request with the index, never throwing: an error becomes a reply carrying its message,
 * so that the page's promise for it settles.
 */
export function replyTo(index: ClusterIndex, request: ClusterRequest): ClusterReply {
  try {
    return { id: request.id, answer: index.answer(request.question) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
