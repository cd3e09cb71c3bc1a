import { englishClusterTitle } from '../../../test/support/donors-search/english-words.ts';
import { type ClusterEngine, createClusterEngine } from './cluster-engine.ts';
import { DonationClusters, MAX_MAP_ZOOM, type MapItem } from './donation-clusters.ts';
import type { MarkerSpec } from './map-picture.ts';

const WORLD = { south: -85, west: -180, north: 85, east: 180 };
const marker = (index: number, lat: number, lng: number, zip = '60601'): MarkerSpec => ({
  position: { lat, lng },
  zip,
  title: `Zip ${zip}`,
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
let engine: ClusterEngine;
const report = vi.fn();
beforeEach(() => {
  // The engine as it runs without a worker: the same index, answering on the page.
  engine = createClusterEngine(undefined, report);
});
afterEach(() => {
  engine.dispose();
  expect(report).not.toHaveBeenCalled();
});

/** The clusters of `list`, which the tests expect to finish. */
async function build(list: readonly MarkerSpec[]): Promise<DonationClusters> {
  const clusters = await DonationClusters.build(engine, list, englishClusterTitle, report);
  if (!clusters) throw new Error('expected the clusters to be built');
  return clusters;
}
/** The items in view, which the tests expect to be answered. */
async function itemsIn(clusters: DonationClusters, bounds: typeof WORLD, zoom: number): Promise<MapItem[]> {
  const items = await clusters.itemsIn(bounds, zoom);
  if (!items) throw new Error('expected items');
  return items;
}
const total = (items: readonly MapItem[]) =>
  items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);

describe('one clustering for both map providers', () => {
  test('at a low zoom, donations near each other on screen are one cluster showing their count', async () => {
    const items = await itemsIn(await build(markers), WORLD, 8);
    expect(items).toHaveLength(2);
    expect(items.map((item) => [item.kind, item.label, item.title])).toEqual(
      expect.arrayContaining([
        ['cluster', '40', 'Cluster of 40 donations'],
        ['cluster', '10', 'Cluster of 10 donations'],
      ]),
    );
  });

  test('zooming in splits the clusters; every donation is counted once at every zoom', async () => {
    const clusters = await build(markers);
    const sizes = await Promise.all(
      [6, 10, 14, 18].map(async (zoom) => (await itemsIn(clusters, WORLD, zoom)).length),
    );
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes[3]).toBe(50);
    for (const zoom of [3, 8, 12, 16, MAX_MAP_ZOOM])
      expect(total(await itemsIn(clusters, WORLD, zoom))).toBe(50);
  });

  test('a donation alone keeps its marker’s label and title, and names its row', async () => {
    const single = (await itemsIn(await build(markers), WORLD, 18)).find((item) => item.kind === 'donation');
    expect(single).toMatchObject({ kind: 'donation', label: '7', title: 'Zip 60601', index: 0 });
  });

  test('only what is in view is drawn', async () => {
    const items = await itemsIn(
      await build(markers),
      { south: 42.2, west: -88, north: 42.4, east: -87.8 },
      8,
    );
    expect(items.map((item) => item.label)).toEqual(['10']);
  });

  test('choosing a cluster that splits gives the zoom that splits it', async () => {
    const clusters = await build(markers);
    const north = (await itemsIn(clusters, WORLD, 8)).find((item) => item.label === '10');
    if (north?.kind !== 'cluster') throw new Error('expected a cluster');
    const opening = await clusters.open(north.id);
    expect(opening).toEqual({ zoom: expect.any(Number) });
    expect(opening && 'zoom' in opening && opening.zoom).toBeGreaterThan(8);
  });

  test('donations on one point stay one cluster at the deepest zoom, which no zoom splits: choosing it gives its donations', async () => {
    const clusters = await build([marker(7, 40, -75), marker(8, 40, -75), marker(9, 40, -75)]);
    const [deepest] = await itemsIn(clusters, WORLD, MAX_MAP_ZOOM);
    if (deepest?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(deepest.count).toBe(3);
    const opening = await clusters.open(deepest.id);
    expect(opening && 'members' in opening && opening.members.sort()).toEqual([7, 8, 9]);
  });

  test('chosen donations mark the markers that hold them', async () => {
    const clusters = await build(markers);
    clusters.choose([105]);
    expect((await itemsIn(clusters, WORLD, 8)).map((item) => [item.label, item.chosen])).toEqual(
      expect.arrayContaining([
        ['40', false],
        ['10', true],
      ]),
    );
  });

  test('a search replaced while it clusters is dropped, and so are the questions about it', async () => {
    const first = await build(markers);
    const replaced = new AbortController();
    const stopped = DonationClusters.build(engine, markers, englishClusterTitle, report, replaced.signal);
    replaced.abort();
    await expect(stopped).resolves.toBeUndefined();
    // The engine has clustered the later search since: the first one's questions go unanswered.
    await expect(first.itemsIn(WORLD, 8)).resolves.toBeUndefined();
    await expect(first.open(0)).resolves.toBeUndefined();
  });

  test('once the map is gone, questions go unanswered and nothing is reported', async () => {
    const clusters = await build(markers);
    engine.dispose();
    await expect(clusters.itemsIn(WORLD, 8)).resolves.toBeUndefined();
  });
});
