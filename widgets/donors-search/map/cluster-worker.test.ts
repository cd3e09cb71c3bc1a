import type { ClusterReply, ClusterRequest } from './cluster-index.ts';

/** The worker's global scope as the worker script sees it: what it listens with and what it posts. */
const scope = vi.hoisted(() => ({
  onmessage: null as ((event: { data: ClusterRequest }) => void) | null,
  posted: [] as ClusterReply[],
  postMessage(reply: ClusterReply) {
    this.posted.push(reply);
  },
}));

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  await import('./cluster-worker.ts');
});
afterAll(() => vi.unstubAllGlobals());

const options = { radius: 60, minZoom: 3, maxZoom: 19 };
const send = (request: ClusterRequest) => {
  scope.onmessage?.({ data: request });
  return scope.posted.at(-1);
};

test('the worker script answers each message with one reply naming its id, in the order received', () => {
  const coordinates = new Float64Array([-87.63, 41.88, -87.63, 41.88, -75, 40]);
  expect(send({ id: 1, question: { kind: 'load', load: 7, coordinates, options } })).toEqual({
    id: 1,
    answer: { kind: 'loaded' },
  });
  const items = send({
    id: 2,
    question: { kind: 'items', load: 7, box: [-180, -85, 180, 85], zoom: 19, chosen: [2] },
  });
  expect(items).toEqual({
    id: 2,
    answer: {
      kind: 'items',
      items: expect.arrayContaining([
        { lng: -75, lat: 40, point: 2, chosen: true },
        expect.objectContaining({ count: 2, chosen: false }),
      ]),
    },
  });
  expect(
    send({ id: 3, question: { kind: 'items', load: 6, box: [-180, -85, 180, 85], zoom: 3, chosen: [] } }),
  ).toEqual({
    id: 3,
    answer: { kind: 'stale' },
  });
  expect(send({ id: 4, question: { kind: 'open', load: 7, cluster: -1 } })).toEqual({
    id: 4,
    error: expect.any(String),
  });
  expect(scope.posted.map((reply) => reply.id)).toEqual([1, 2, 3, 4]);
});
