import { mapLimit } from './concurrency.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapLimit', () => {
  test('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3, 6, 7], 3, async (n) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 60, 70]);
    expect(most).toBe(3);
  });

  test('skips what has not started once the signal aborts', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const results = await mapLimit(
      [1, 2, 3, 4],
      1,
      async (n) => {
        started.push(n);
        if (n === 2) controller.abort();
        await tick();
        return n;
      },
      controller.signal,
    );
    expect(started).toEqual([1, 2]);
    expect(results).toEqual([1, 2, undefined, undefined]);
  });

  test('an empty list resolves at once', async () => {
    expect(await mapLimit([], 6, async () => 1)).toEqual([]);
  });
});
