import Supercluster from 'supercluster';
import { loadInSlices } from './load-in-slices.ts';

type Point = Supercluster.PointFeature<{ index: number }>;
const options = { radius: 60, minZoom: 3, maxZoom: 19 };

/** Donations over a metro area, some of them on the same point, in a repeatable scatter. */
const points: Point[] = Array.from({ length: 3000 }, (_, index) => {
  const spread = (index * 7919) % 1000;
  const onePoint = index % 10 === 0;
  return {
    type: 'Feature',
    properties: { index },
    geometry: {
      type: 'Point',
      coordinates: onePoint ? [-87.63, 41.88] : [-88 + spread / 1000, 41.5 + ((index * 104729) % 997) / 1000],
    },
  };
});

/** A feature in a few characters, so that whole zooms compare quickly. */
const brief = (feature: Supercluster.ClusterFeature<object> | Point) =>
  `${'cluster' in feature.properties ? `c${feature.properties.cluster_id}/${feature.properties.point_count}` : `p${feature.properties.index}`}@${feature.geometry.coordinates.join(',')}`;

test('the index loaded in slices is the one supercluster’s own load builds, at every zoom', async () => {
  const whole = new Supercluster<{ index: number }, Record<string, never>>(options).load(points);
  const sliced = new Supercluster<{ index: number }, Record<string, never>>(options);
  expect(await loadInSlices(sliced, points)).toBe(true);
  const world: GeoJSON.BBox = [-180, -85, 180, 85];
  for (let zoom = 0; zoom <= 21; zoom++) {
    const expected = whole.getClusters(world, zoom);
    expect(sliced.getClusters(world, zoom).map(brief)).toEqual(expected.map(brief));
    for (const feature of expected) {
      if (!('cluster' in feature.properties)) continue;
      const id = feature.properties.cluster_id;
      expect(sliced.getClusterExpansionZoom(id)).toBe(whole.getClusterExpansionZoom(id));
      const leaves = (index: typeof whole) => index.getLeaves(id, Number.POSITIVE_INFINITY).map(brief);
      expect(leaves(sliced)).toEqual(leaves(whole));
    }
  }
});
