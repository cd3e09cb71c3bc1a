import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilAborted, withTimeout } from './abort-timeout.ts';

afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('aborts after the time limit, and says so', () => {
    vi.useFakeTimers();
    const request = withTimeout(new AbortController().signal, 100);
    vi.advanceTimersByTime(99);
    expect(request.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(request.signal.aborted).toBe(true);
    expect(request.timedOut()).toBe(true);
  });

  it("aborts with the caller's reason when the caller gives up, which is no timeout", () => {
    const caller = new AbortController();
    const request = withTimeout(caller.signal, 10_000);
    caller.abort(new DOMException('gone', 'AbortError'));
    expect(request.signal.reason).toBe(caller.signal.reason);
    expect(request.timedOut()).toBe(false);
    request.done();
  });

  it('starts aborted for a caller that already gave up, and works without a caller', () => {
    const caller = new AbortController();
    caller.abort();
    expect(withTimeout(caller.signal, 10_000).signal.aborted).toBe(true);
    expect(withTimeout(undefined, 10_000).signal.aborted).toBe(false);
  });

  it('once done, neither the timer nor the caller aborts it', () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const request = withTimeout(caller.signal, 100);
    request.done();
    caller.abort();
    vi.advanceTimersByTime(1000);
    expect(request.signal.aborted).toBe(false);
  });
});

describe('untilAborted', () => {
  it('settles as the promise does, or rejects with the reason as soon as the signal aborts', async () => {
    await expect(untilAborted(Promise.resolve(1), new AbortController().signal)).resolves.toBe(1);
    const controller = new AbortController();
    const never = untilAborted(new Promise(() => {}), controller.signal);
    controller.abort(new Error('stop'));
    await expect(never).rejects.toThrow('stop');
  });
});
