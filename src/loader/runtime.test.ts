import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuiltIsland } from '../../widgets/islands.js';
import type { MountIsland } from '../shared/island.ts';
import type { PageConfig } from './page-config.ts';
import { ERROR_EVENT } from './report-error.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import { intent } from './strategies/intent.ts';
import { load } from './strategies/load.ts';
import type { Strategy } from './strategies/strategy.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Settles past the next frame, where a chunk that failed is tried again, and that try. */
const afterRetry = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** A manifest entry for the runtime, with the chunk `load` stands in for. */
interface TestIsland {
  name: string;
  host: BuiltIsland['host'];
  load: () => Promise<MountIsland>;
  /** Loaded by this strategy instead of at once. */
  strategy?: Strategy;
}

/** A fake island that records its mounts and disposals on the host. */
function recordingIsland(name: string, selector: string, log: string[]): TestIsland {
  return {
    name,
    host: { selector },
    load: async (): Promise<MountIsland> => (host) => {
      log.push(`mount ${name} ${host.id}`);
      return () => log.push(`dispose ${name} ${host.id}`);
    },
  };
}

/** The page config of a page without one. */
const NO_CONFIG: PageConfig = { section: (parse) => parse({}, () => {}) };

/** Every chunk address the runtime asked for, in order. */
let imported: string[] = [];

/** Starts a runtime on `doc` whose chunks are the islands' `load`s, each island in a chunk named after it. */
function start(islands: TestIsland[]): Runtime {
  const waiting = islands.find((island) => island.strategy)?.strategy;
  return createRuntime(
    doc,
    islands.map(({ name, host, strategy }) => ({
      name,
      host,
      strategy: strategy ? 'intent' : 'load',
      chunk: [name],
    })),
    NO_CONFIG,
    (chunk) => {
      imported.push(chunk);
      const island = islands.find(({ name }) => chunk.startsWith(name)) as TestIsland;
      return island.load().then((mount) => ({ [island.name]: mount }));
    },
    { load, intent: waiting ?? intent },
  );
}

let runtime: Runtime | undefined;
// A document of its own for each test, and its runtime stopped after it, so an earlier test's observer
// can never mount anything in a later test's markup.
let doc: Document;
beforeEach(() => {
  doc = document.implementation.createHTMLDocument('runtime test');
});
afterEach(() => {
  runtime?.stop();
  runtime = undefined;
  imported = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the runtime', () => {
  it('mounts every matching host once, however often the page is scanned', async () => {
    doc.body.innerHTML = '<div id="a" class="x"></div><div id="b" class="x"></div>';
    const log: string[] = [];
    runtime = start([recordingIsland('x', '.x', log)]);
    runtime.mount();
    runtime.mount();
    runtime.mount(doc.getElementById('a') as Element);
    await settle();
    expect(log).toEqual(['mount x a', 'mount x b']);
  });

  it('mounts a host inserted later and disposes it when it is removed', async () => {
    const log: string[] = [];
    runtime = start([recordingIsland('x', '.x', log)]);
    runtime.mount();
    const wrapper = doc.createElement('section');
    wrapper.innerHTML = '<div id="late" class="x"></div>';
    doc.body.append(wrapper);
    await settle();
    expect(log).toEqual(['mount x late']);
    wrapper.remove();
    await settle();
    expect(log).toEqual(['mount x late', 'dispose x late']);
  });

  it('never mounts a host that was removed while its chunk was loading', async () => {
    doc.body.innerHTML = '<div id="gone" class="x"></div>';
    const mount = vi.fn();
    let resolve: (m: MountIsland) => void = () => {};
    const island: TestIsland = {
      name: 'slow',
      host: { selector: '.x' },
      load: () => new Promise((r) => (resolve = r)),
    };
    runtime = start([island]);
    runtime.mount();
    doc.getElementById('gone')?.remove();
    await settle();
    resolve(mount);
    await settle();
    expect(mount).not.toHaveBeenCalled();
  });

  it('loads an island only when its strategy starts it, once, and never after its host has left', async () => {
    doc.body.innerHTML = '<div id="kept" class="x"></div><div id="gone" class="x"></div>';
    const waited: Element[] = [];
    const starts = new Map<Element, () => void>();
    const signals = new Map<Element, AbortSignal>();
    const load = vi.fn(async (): Promise<MountIsland> => () => () => {});
    const island: TestIsland = {
      name: 'waiting',
      host: { selector: '.x' },
      load,
      strategy: (host, signal, start) => {
        waited.push(host);
        starts.set(host, start);
        signals.set(host, signal);
      },
    };
    runtime = start([island]);
    runtime.mount();
    runtime.mount();
    expect(waited.map((host) => host.id)).toEqual(['kept', 'gone']);
    expect(load).not.toHaveBeenCalled();

    const gone = doc.getElementById('gone') as Element;
    gone.remove();
    await settle();
    expect(signals.get(gone)?.aborted).toBe(true);

    starts.get(doc.getElementById('kept') as Element)?.();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('aborts the island signal on dispose so listeners added with it are gone', async () => {
    doc.body.innerHTML = '<button id="b" class="x"></button>';
    const clicks = vi.fn();
    const island: TestIsland = {
      name: 'clicker',
      host: { selector: '.x' },
      load: async (): Promise<MountIsland> => (host, ctx) => {
        host.addEventListener('click', clicks, { signal: ctx.signal });
        return () => {};
      },
    };
    runtime = start([island]);
    runtime.mount();
    await settle();
    const button = doc.getElementById('b') as HTMLButtonElement;
    button.click();
    button.remove();
    await settle();
    button.click();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('mounts a page island once, as soon as its condition holds', async () => {
    const log: string[] = [];
    const island: TestIsland = {
      name: 'page',
      host: { page: 'has-form' },
      load: async (): Promise<MountIsland> => (host) => {
        log.push(`mount ${host.tagName}`);
        return () => {};
      },
    };
    runtime = start([island]);
    runtime.mount();
    await settle();
    expect(log).toEqual([]);
    doc.body.append(doc.createElement('form'), doc.createElement('form'));
    await settle();
    runtime.mount();
    await settle();
    expect(log).toEqual(['mount HTML']);
  });
});

describe('attribute changes', () => {
  it('mounts an element that an attribute makes a host, and disposes it when the attribute goes', async () => {
    doc.body.innerHTML = '<div id="a"></div><form id="f"></form>';
    const log: string[] = [];
    runtime = start([
      recordingIsland('x', '[data-island="x"]', log),
      recordingIsland('named', 'form[name="named"]', log),
    ]);
    runtime.mount();
    const div = doc.getElementById('a') as Element;
    const form = doc.getElementById('f') as Element;
    div.setAttribute('data-island', 'x');
    form.setAttribute('name', 'named');
    await settle();
    expect(log).toEqual(['mount x a', 'mount named f']);

    div.setAttribute('data-island', 'other');
    form.removeAttribute('name');
    await settle();
    expect(log).toEqual(['mount x a', 'mount named f', 'dispose x a', 'dispose named f']);
  });

  it('leaves a host alone when an attribute changes that keeps it a host, or that no selector names', async () => {
    doc.body.innerHTML = '<div id="a" data-island="x"></div>';
    const log: string[] = [];
    runtime = start([recordingIsland('x', '[data-island="x"]', log)]);
    runtime.mount();
    await settle();
    const div = doc.getElementById('a') as Element;
    div.setAttribute('data-island', 'x');
    div.setAttribute('class', 'changed');
    await settle();
    expect(log).toEqual(['mount x a']);
  });

  it('never mounts a host whose attribute went while its chunk was loading', async () => {
    doc.body.innerHTML = '<div id="a" data-island="x"></div>';
    const mount = vi.fn();
    let resolve: (m: MountIsland) => void = () => {};
    runtime = start([
      { name: 'x', host: { selector: '[data-island]' }, load: () => new Promise((r) => (resolve = r)) },
    ]);
    runtime.mount();
    doc.getElementById('a')?.removeAttribute('data-island');
    await settle();
    resolve(mount);
    await settle();
    expect(mount).not.toHaveBeenCalled();
  });
});

describe('stop', () => {
  it('disposes every island, and mounts nothing afterwards, whether scanned or inserted', async () => {
    doc.body.innerHTML = '<div id="a" class="x"></div><div id="b" class="x"></div>';
    const log: string[] = [];
    runtime = start([recordingIsland('x', '.x', log)]);
    runtime.mount();
    await settle();
    runtime.stop();
    expect(log).toEqual(['mount x a', 'mount x b', 'dispose x a', 'dispose x b']);

    doc.body.insertAdjacentHTML('beforeend', '<div id="c" class="x"></div>');
    doc.getElementById('a')?.setAttribute('class', 'x');
    runtime.mount();
    await settle();
    expect(log).toHaveLength(4);
  });

  it('stops an island that was still waiting for its strategy', async () => {
    doc.body.innerHTML = '<div id="a" class="x"></div>';
    const signals: AbortSignal[] = [];
    runtime = start([
      {
        name: 'waiting',
        host: { selector: '.x' },
        load: async () => () => () => {},
        strategy: (_host, signal) => {
          signals.push(signal);
        },
      },
    ]);
    runtime.mount();
    runtime.stop();
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
  });
});

describe('a chunk that fails to download', () => {
  /** An island whose chunk fails the first `failures` times, then mounts. */
  function flakyIsland(failures: number, log: string[]): TestIsland {
    let left = failures;
    return {
      name: 'flaky',
      host: { selector: '.x' },
      load: async (): Promise<MountIsland> => {
        if (left-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
        return (host) => {
          log.push(`mount ${host.id}`);
          return () => {};
        };
      },
    };
  }

  it('is tried once more, at another address, at the next frame, and mounts without a word', async () => {
    doc.body.innerHTML = '<div id="h" class="x"></div>';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log: string[] = [];
    runtime = start([flakyIsland(1, log)]);
    runtime.mount();
    await afterRetry();
    expect(imported).toEqual(['flaky', 'flaky?retry']);
    expect(log).toEqual(['mount h']);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('is tried again at the next frame, which a page being left only renders when shown again', async () => {
    doc.body.innerHTML = '<div id="h" class="x"></div>';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The test decides when the page renders: a page in the back/forward cache renders nothing.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const intersect = () => {
      for (const frame of frames.splice(0)) frame(0);
    };
    const log: string[] = [];
    runtime = start([flakyIsland(1, log)]);
    runtime.mount();
    await settle();
    expect(imported).toEqual(['flaky']);

    intersect();
    await settle();
    expect(imported).toEqual(['flaky', 'flaky?retry']);
    expect(log).toEqual(['mount h']);
    intersect();
    await settle();
    expect(imported).toHaveLength(2);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('is tried once only: a second failure is reported, once', async () => {
    doc.body.innerHTML = '<div id="h" class="x"></div>';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    runtime = start([flakyIsland(5, [])]);
    runtime.mount();
    await afterRetry();
    expect(imported).toEqual(['flaky', 'flaky?retry']);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('tells its strategy, once the retry has failed too, so that nothing it held stays working', async () => {
    doc.body.innerHTML = '<div id="h" class="x"></div>';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handOver = vi.fn(() => undefined);
    const startAtOnce: Strategy = (_host, _signal, go) => {
      go();
      return handOver;
    };
    runtime = start([{ ...flakyIsland(5, []), strategy: startAtOnce }]);
    runtime.mount();
    await settle();
    expect(handOver).not.toHaveBeenCalled();
    await afterRetry();
    expect(handOver.mock.calls).toEqual([[true]]);
  });
});

describe('failure isolation', () => {
  const throwing: TestIsland = {
    name: 'broken',
    host: { selector: '.x' },
    load: async (): Promise<MountIsland> => () => {
      throw new Error('boom');
    },
  };
  const unloadable: TestIsland = {
    name: 'missing-chunk',
    host: { selector: '.x' },
    load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  };

  it.each([
    ['throws while mounting', throwing, 'boom'],
    ['cannot load its chunk', unloadable, 'Failed to fetch dynamically imported module'],
  ])('an island that %s logs one prefixed error and the others still mount', async (_, bad, message) => {
    doc.body.innerHTML = '<div id="h" class="x"></div>';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: CustomEvent[] = [];
    const onError = (event: Event) => events.push(event as CustomEvent);
    doc.addEventListener(ERROR_EVENT, onError);
    const log: string[] = [];
    runtime = start([bad, recordingIsland('good', '.x', log)]);
    runtime.mount();
    await afterRetry();
    doc.removeEventListener(ERROR_EVENT, onError);

    expect(log).toEqual(['mount good h']);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]?.[0]).toBe(`[donation-widgets] ${bad.name}:`);
    expect(String(consoleError.mock.calls[0]?.[1])).toContain(message);
    expect(events).toHaveLength(1);
    expect(events[0]?.detail.island).toBe(bad.name);
    expect(events[0]?.cancelable).toBe(true);
  });

  it('a site that cancels the error event keeps the console quiet', async () => {
    doc.body.innerHTML = '<div id="h" class="x"></div>';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cancel = (event: Event) => event.preventDefault();
    doc.addEventListener(ERROR_EVENT, cancel);
    runtime = start([throwing]);
    runtime.mount();
    await settle();
    doc.removeEventListener(ERROR_EVENT, cancel);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
