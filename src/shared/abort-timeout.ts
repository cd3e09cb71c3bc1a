/**
 * Aborting a request when its caller gives up or when it takes too long, for every fetch the islands
 * make. Written out rather than `AbortSignal.any` + `AbortSignal.timeout` because `any` needs Chrome 116,
 * Firefox 124 and Safari 17.4, newer than the build's targets.
 */

/** A signal for one request (see `withTimeout`). */
export interface TimedSignal {
  /** Aborts when the caller's signal does (with its reason) or after the time limit. */
  readonly signal: AbortSignal;
  /** Whether the time limit, not the caller, aborted it. */
  timedOut(): boolean;
  /** Clears the timer and stops listening to the caller's signal: call it once the request is over. */
  done(): void;
}

/** `signal` (when there is one) that also aborts after `ms`. */
export function withTimeout(signal: AbortSignal | undefined, ms: number): TimedSignal {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    },
  };
}

/**
 * `promise`, or a rejection with the signal's reason as soon as `signal` aborts: for work that no
 * signal reaches (a body still being read, a request a library makes on its own), so that the caller
 * never waits past an abort or a timeout.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
