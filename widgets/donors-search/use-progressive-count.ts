import { startTransition, useEffect, useState } from 'react';
import { afterNextFrame } from './after-next-frame.ts';

/**
 * How many of `total` items to render now: `first` at once, then more, `next(shown)` at a time, each
 * step in a task of its own after the previous step's frame, until all are in. Waiting for the frame
 * lets each step be laid out on its own instead of piling up into one long frame. Each step is a
 * transition, so typing or a new search interrupts it. Remount (a new `key`) to start over.
 */
export function useProgressiveCount(total: number, first: number, next: (shown: number) => number): number {
  const [count, setCount] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (count >= total) return;
    return afterNextFrame(() => startTransition(() => setCount((shown) => Math.min(total, next(shown)))));
  }, [count, total, next]);
  return Math.min(count, total);
}
