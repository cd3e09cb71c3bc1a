/** A background starts loading once its section is within 200px above or below the viewport. */
export const ROOT_MARGIN = '200px 0px';

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

function forget(element: Element): void {
  if (!waiting.delete(element)) return;
  observer?.unobserve(element);
  if (waiting.size > 0) return;
  observer?.disconnect();
  observer = undefined;
  removeEventListener('beforeprint', loadAll);
}

function load(element: Element): void {
  const callback = waiting.get(element);
  forget(element);
  callback?.();
}

// Print shows the whole page, and the sections far from the viewport would print without backgrounds.
function loadAll(): void {
  for (const element of [...waiting.keys()]) load(element);
}

function onEntries(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) if (entry.isIntersecting) load(entry.target);
}

/**
 * Calls `callback` once, when `element` first comes within 200px of the viewport, and returns a
 * function that stops waiting. Every section shares one IntersectionObserver and one `beforeprint`
 * listener, both dropped when nothing waits any more. Without IntersectionObserver the callback runs
 * at once: a background that arrives early beats one that never arrives.
 */
export function whenNearViewport(element: Element, callback: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    callback();
    return () => {};
  }
  if (!observer) {
    observer = new IntersectionObserver(onEntries, { rootMargin: ROOT_MARGIN });
    addEventListener('beforeprint', loadAll);
  }
  waiting.set(element, callback);
  observer.observe(element);
  return () => forget(element);
}
