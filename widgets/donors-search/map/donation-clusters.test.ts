import { clusterTitle, DonationClusters, MAX_MAP_ZOOM } from './donation-clusters.ts';
import type { MarkerSpec } from './map-picture.ts';

const WORLD = { south: -85, west: -180, north: 85, east: 180 };
const marker = (index: number, lat: number, lng: number, zip = '60601'): MarkerSpec => ({
  position: { lat, lng },
  title: zip,
  label: '7',
  index,
});

/** Two groups of donations about 30 miles apart, each spread over a few blocks. */
const markers = [
  ...Array.from({ length: 40 }, (_, i) =>
    marker(i, 41.88 + (i % 8) * 0.002, -87.63 + Math.floor(i / 8) * 0.002),
  ),
  ...Array.from({ length: 10 }, (_, i) => marker(100 + i, 42.3 + i * 0.002, -87.9, '60002')),
];
/** The clusters of `list`, which the tests expect to finish. */
async function build(list: readonly MarkerSpec[]): Promise<DonationClusters> {
  const clusters = await DonationClusters.build(list);
  if (!clusters) throw new Error('expected the clusters to be built');
  return clusters;
}
const total = (items: ReturnType<DonationClusters['itemsIn']>) =>
  items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);

describe('one clustering for both map providers', () => {
  test('at a low zoom, donations near each other on screen are one cluster showing their count', async () => {
    const items = (await build(markers)).itemsIn(WORLD, 8);
    expect(items).toHaveLength(2);
    expect(items.map((item) => [item.kind, item.label, item.title])).toEqual(
      expect.arrayContaining([
        ['cluster', '40', clusterTitle(40)],
        ['cluster', '10', 'Cluster of 10 donations'],
      ]),
    );
  });

  test('zooming in splits the clusters; every donation is counted once at every zoom', async () => {
    const clusters = await build(markers);
    const sizes = [6, 10, 14, 18].map((zoom) => clusters.itemsIn(WORLD, zoom).length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes[3]).toBe(50);
    for (const zoom of [3, 8, 12, 16, MAX_MAP_ZOOM]) expect(total(clusters.itemsIn(WORLD, zoom))).toBe(50);
  });

  test('a donation alone keeps its zip’s count as label and its zip as title, and names its row', async () => {
    const single = (await build(markers)).itemsIn(WORLD, 18).find((item) => item.kind === 'donation');
    expect(single).toMatchObject({ kind: 'donation', label: '7', title: '60601', index: 0 });
  });

  test('only what is in view is drawn', async () => {
    const items = (await build(markers)).itemsIn({ south: 42.2, west: -88, north: 42.4, east: -87.8 }, 8);
    expect(items.map((item) => item.label)).toEqual(['10']);
  });

  test('a cluster knows its donations and the zoom that splits it', async () => {
    const clusters = await build(markers);
    const north = clusters.itemsIn(WORLD, 8).find((item) => item.label === '10');
    if (north?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(clusters.membersOf(north.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => 100 + i),
    );
    expect(clusters.splitZoom(north.id)).toBeGreaterThan(8);
  });

  test('donations on one point stay one cluster at the deepest zoom, which no zoom splits', async () => {
    const clusters = await build([marker(0, 40, -75), marker(1, 40, -75), marker(2, 40, -75)]);
    const [deepest] = clusters.itemsIn(WORLD, MAX_MAP_ZOOM);
    if (deepest?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(deepest.count).toBe(3);
    expect(clusters.splitZoom(deepest.id)).toBeUndefined();
    expect(clusters.membersOf(deepest.id).sort()).toEqual([0, 1, 2]);
  });

  test('chosen donations mark the markers that hold them', async () => {
    const clusters = await build(markers);
    clusters.choose([105]);
    expect(clusters.itemsIn(WORLD, 8).map((item) => [item.label, item.chosen])).toEqual(
      expect.arrayContaining([
        ['40', false],
        ['10', true],
      ]),
    );
  });

  test('clustering thousands of donations lets the browser take turns, and stops when the search is replaced', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => marker(i, 41 + (i % 200) / 100, -88 + i / 10_000));
    let turns = 0;
    const counting = setInterval(() => turns++);
    try {
      const clusters = await build(many);
      expect(total(clusters.itemsIn(WORLD, 3))).toBe(20_000);
      expect(turns).toBeGreaterThan(0);
      const replaced = new AbortController();
      const stopped = DonationClusters.build(many, replaced.signal);
      replaced.abort();
      await expect(stopped).resolves.toBeUndefined();
    } finally {
      clearInterval(counting);
    }
  });
});
