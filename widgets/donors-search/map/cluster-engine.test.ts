import { type ClusterEngine, createClusterEngine } from './cluster-engine.ts';
import {
  type ClusterQuestion,
  type ClusterReply,
  type ClusterRequest,
  createClusterIndex,
  replyTo,
} from './cluster-index.ts';

const options = { radius: 60, minZoom: 3, maxZoom: 19 };
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
const load = (n: number): ClusterQuestion => ({
  kind: 'load',
  load: n,
  coordinates: new Float64Array([-87.63, 41.88, -87.63, 41.88, -75, 40]),
  options,
});
const items = (n: number): ClusterQuestion => ({ kind: 'items', load: n, box: WORLD, zoom: 19, chosen: [] });
const ITEMS = { kind: 'items', items: expect.arrayContaining([expect.objectContaining({ point: 2 })]) };

/**
 * A worker as the engine sees one: it answers each message from a copy of it in a later task, with
 * the worker's own index, unless `refuse` makes it fail as a script the page's policy refused.
 */
class StandInWorker {
  onmessage: ((event: MessageEvent<ClusterReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: ClusterRequest[] = [];
  terminated = false;
  private readonly index = createClusterIndex();

  constructor(private readonly refuse = false) {
    if (refuse) setTimeout(() => this.fail());
  }

  postMessage(request: ClusterRequest) {
    this.received.push(request);
    const copy = structuredClone(request);
    setTimeout(() => {
      if (this.terminated || this.refuse) return;
      this.onmessage?.(new MessageEvent('message', { data: replyTo(this.index, copy) }));
    });
  }

  /** What a failing worker fires: an error event, cancelled by a listener that handles it. */
  fail() {
    const event = new ErrorEvent('error', { cancelable: true });
    this.onerror?.(event);
    return event.defaultPrevented;
  }

  terminate() {
    this.terminated = true;
  }
}

let engine: ClusterEngine | undefined;
afterEach(() => engine?.dispose());

function withWorker(make: () => StandInWorker) {
  const workers: StandInWorker[] = [];
  const report = vi.fn();
  const start = vi.fn(() => {
    const worker = make();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  engine = createClusterEngine(start, report);
  return { engine, workers, report, start };
}

describe('the clustering engine', () => {
  test('starts its worker at the first question, not before, and has it answer every question', async () => {
    const { engine, workers, report, start } = withWorker(() => new StandInWorker());
    expect(start).not.toHaveBeenCalled();
    await expect(engine.ask(load(1))).resolves.toEqual({ kind: 'loaded' });
    await expect(engine.ask(items(1))).resolves.toEqual(ITEMS);
    expect(start).toHaveBeenCalledTimes(1);
    expect(workers[0]?.received.map((request) => request.question.kind)).toEqual(['load', 'items']);
    expect(report).not.toHaveBeenCalled();
  });

  test('a worker that cannot even be made (another origin, say) leaves the page to cluster, reported once', async () => {
    const report = vi.fn();
    engine = createClusterEngine(() => {
      throw new DOMException(
        'Script at cdn.example cannot be accessed from origin shop.example.',
        'SecurityError',
      );
    }, report);
    await expect(engine.ask(load(1))).resolves.toEqual({ kind: 'loaded' });
    await expect(engine.ask(items(1))).resolves.toEqual(ITEMS);
    expect(report).toHaveBeenCalledTimes(1);
    expect(String(report.mock.calls[0]?.[0])).toMatch(/cannot be accessed.*worker-src 'self'/);
  });

  test('a worker script the page refuses (a policy without worker-src for it) hands its questions to the page, in order', async () => {
    const { engine, workers, report } = withWorker(() => new StandInWorker(true));
    const answers = await Promise.all([engine.ask(load(1)), engine.ask(items(1)), engine.ask(items(2))]);
    expect(answers).toEqual([{ kind: 'loaded' }, ITEMS, { kind: 'stale' }]);
    expect(workers[0]?.terminated).toBe(true);
    expect(report).toHaveBeenCalledTimes(1);
    expect(String(report.mock.calls[0]?.[0])).toMatch(/could not be loaded or was refused/);
    // Never a second worker: the page answers from now on.
    await expect(engine.ask(items(1))).resolves.toEqual(ITEMS);
    expect(workers).toHaveLength(1);
  });

  test('a worker that fails after a load leaves the page to cluster that load again before answering', async () => {
    const { engine, workers, report } = withWorker(() => new StandInWorker());
    await engine.ask(load(1));
    const asked = engine.ask(items(1));
    expect(workers[0]?.fail()).toBe(true);
    await expect(asked).resolves.toEqual(ITEMS);
    expect(report).toHaveBeenCalledTimes(1);
  });

  test('disposing ends the worker; what waits, and what is asked later, is answered stale', async () => {
    const { engine, workers } = withWorker(() => new StandInWorker());
    const waiting = engine.ask(load(1));
    engine.dispose();
    await expect(waiting).resolves.toEqual({ kind: 'stale' });
    await expect(engine.ask(items(1))).resolves.toEqual({ kind: 'stale' });
    expect(workers[0]?.terminated).toBe(true);
  });

  test('without a worker to start, the page answers and nothing is reported', async () => {
    const report = vi.fn();
    engine = createClusterEngine(undefined, report);
    await expect(engine.ask(load(1))).resolves.toEqual({ kind: 'loaded' });
    await expect(engine.ask(items(1))).resolves.toEqual(ITEMS);
    expect(report).not.toHaveBeenCalled();
  });

  test('an error the index meets rejects that question alone', async () => {
    const { engine } = withWorker(() => new StandInWorker());
    await engine.ask(load(1));
    await expect(engine.ask({ kind: 'open', load: 1, cluster: -1 })).rejects.toThrow(/clustering failed/);
    await expect(engine.ask(items(1))).resolves.toEqual(ITEMS);
  });
});
