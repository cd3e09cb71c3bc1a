type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so that the browser can handle a keypress and paint between two slices
 * of long work. `scheduler.yield()` where the browser has it: its continuation runs before tasks
 * queued meanwhile, so the work is not pushed to the back of the queue; elsewhere a timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}
