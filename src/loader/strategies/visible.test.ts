import { afterEach, describe, expect, it, vi } from 'vitest';
import { visible } from './visible.ts';

/** Stands in for IntersectionObserver (jsdom has none): the test decides when the host comes near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const observer = () => {
  if (!FakeObserver.last) throw new Error('the strategy created no IntersectionObserver');
  return FakeObserver.last;
};

function waitingHost() {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const host = document.createElement('div');
  document.body.append(host);
  const controller = new AbortController();
  const start = vi.fn();
  visible(host, controller.signal, start);
  return { host, controller, start };
}

afterEach(() => {
  FakeObserver.last = undefined;
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the visible loading strategy', () => {
  it('waits while the host is far from the viewport and starts once it comes within 200px', () => {
    const { host, start } = waitingHost();
    expect(observer().options.rootMargin).toBe('200px');
    expect(observer().observed).toEqual([host]);
    observer().report(false);
    expect(start).not.toHaveBeenCalled();
    observer().report(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(observer().disconnected).toBe(true);
  });

  it.each(['focusin', 'pointerdown', 'keydown', 'touchstart'])(
    'starts at once when the visitor interacts with the host first (%s), and only once',
    (type) => {
      const { host, start } = waitingHost();
      host.dispatchEvent(new Event(type, { bubbles: true }));
      expect(start).toHaveBeenCalledTimes(1);
      observer().report(true);
      host.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(start).toHaveBeenCalledTimes(1);
    },
  );

  it('ignores interaction elsewhere on the page', () => {
    const { start } = waitingHost();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
  });

  it('stops waiting when the host leaves the page before it came near', () => {
    const { host, controller, start } = waitingHost();
    controller.abort();
    expect(observer().disconnected).toBe(true);
    host.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
  });

  it('starts at once in a browser without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const start = vi.fn();
    visible(document.createElement('div'), new AbortController().signal, start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
