import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at once, then `step` more per task until all are
 * in. Each step is a transition, so typing or a new search interrupts it, and no single task has to
 * build thousands of rows. Remount (a new `key`) to start over for a new list.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((shown) => Math.min(total, shown + step))));
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
