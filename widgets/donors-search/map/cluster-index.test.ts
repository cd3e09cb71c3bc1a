import Supercluster from 'supercluster';
import { type ClusterQuestion, createClusterIndex, type IndexedItem, replyTo } from './cluster-index.ts';

const options = { radius: 60, minZoom: 3, maxZoom: 19 };

/** Donations over a metro area, one in ten on the same point, in a repeatable scatter. */
const coordinates = new Float64Array(
  Array.from({ length: 3000 }, (_, index) => {
    const spread = (index * 7919) % 1000;
    return index % 10 === 0 ? [-87.63, 41.88] : [-88 + spread / 1000, 41.5 + ((index * 104729) % 997) / 1000];
  }).flat(),
);
const points = Array.from(
  { length: coordinates.length / 2 },
  (_, point): Supercluster.PointFeature<{ point: number }> => ({
    type: 'Feature',
    properties: { point },
    geometry: {
      type: 'Point',
      coordinates: [coordinates[2 * point] as number, coordinates[2 * point + 1] as number],
    },
  }),
);
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** The same item as supercluster gives it, in the index's answer's shape. */
const asItem = (feature: ReturnType<Supercluster<{ point: number }>['getClusters']>[number]) => {
  const [lng, lat] = feature.geometry.coordinates as [number, number];
  const props = feature.properties;
  return 'cluster' in props && props.cluster
    ? { lng, lat, cluster: props.cluster_id, count: props.point_count, chosen: false }
    : { lng, lat, point: (props as { point: number }).point, chosen: false };
};

function loaded(load = 1) {
  const index = createClusterIndex();
  expect(index.answer({ kind: 'load', load, coordinates, options })).toEqual({ kind: 'loaded' });
  return index;
}

describe('the clustering index the worker holds', () => {
  test('answers every zoom’s items, splits and leaves as supercluster’s own load does', () => {
    const whole = new Supercluster<{ point: number }, Record<string, never>>(options).load(points);
    const index = loaded();
    for (let zoom = 0; zoom <= 21; zoom++) {
      const expected = whole.getClusters(WORLD, zoom);
      expect(index.answer({ kind: 'items', load: 1, box: WORLD, zoom, chosen: [] })).toEqual({
        kind: 'items',
        items: expected.map(asItem),
      });
      for (const feature of expected) {
        if (!('cluster' in feature.properties)) continue;
        const id = feature.properties.cluster_id;
        const split = whole.getClusterExpansionZoom(id);
        expect(index.answer({ kind: 'open', load: 1, cluster: id })).toEqual(
          split > options.maxZoom
            ? {
                kind: 'holds',
                points: whole.getLeaves(id, Number.POSITIVE_INFINITY).map((leaf) => leaf.properties.point),
              }
            : { kind: 'splits', zoom: split },
        );
      }
    }
  });

  test('the points on one spot are a cluster no zoom of the map splits, which holds them', () => {
    const index = loaded();
    const answer = index.answer({
      kind: 'items',
      load: 1,
      box: [-87.64, 41.87, -87.62, 41.89],
      zoom: 19,
      chosen: [],
    });
    const spot = answer.kind === 'items' ? answer.items.find((item) => 'cluster' in item) : undefined;
    if (!spot || !('cluster' in spot)) throw new Error('expected a cluster on the one spot');
    const opened = index.answer({ kind: 'open', load: 1, cluster: spot.cluster });
    expect(opened.kind).toBe('holds');
    expect(opened.kind === 'holds' && opened.points.every((point) => point % 10 === 0)).toBe(true);
  });

  test('marks the clusters and points that hold a chosen point, and only those', () => {
    const index = loaded();
    const answer = index.answer({ kind: 'items', load: 1, box: WORLD, zoom: 19, chosen: [7] });
    if (answer.kind !== 'items') throw new Error('expected items');
    const chosen = answer.items.filter((item) => item.chosen);
    expect(chosen).toEqual([expect.objectContaining({ point: 7 })]);
    const wide = index.answer({ kind: 'items', load: 1, box: WORLD, zoom: 3, chosen: [7] });
    const marked = (wide.kind === 'items' ? wide.items : []).filter((item: IndexedItem) => item.chosen);
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveProperty('cluster');
  });

  test('a question about an earlier load, or before any, is answered stale', () => {
    const index = createClusterIndex();
    const items: ClusterQuestion = { kind: 'items', load: 1, box: WORLD, zoom: 5, chosen: [] };
    expect(index.answer(items)).toEqual({ kind: 'stale' });
    index.answer({ kind: 'load', load: 2, coordinates: new Float64Array([-87, 41]), options });
    expect(index.answer(items)).toEqual({ kind: 'stale' });
    expect(index.answer({ ...items, load: 2 })).toEqual({
      kind: 'items',
      items: [{ lng: -87, lat: 41, point: 0, chosen: false }],
    });
  });

  test('a reply pairs the answer with its request, and carries an error’s message instead of throwing', () => {
    const index = loaded();
    expect(
      replyTo(index, { id: 4, question: { kind: 'items', load: 1, box: WORLD, zoom: 3, chosen: [] } }),
    ).toEqual({ id: 4, answer: expect.objectContaining({ kind: 'items' }) });
    expect(replyTo(index, { id: 5, question: { kind: 'open', load: 1, cluster: 12345 } })).toEqual({
      id: 5,
      error: expect.stringContaining('No cluster with the specified id'),
    });
  });
});
