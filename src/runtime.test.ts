import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageConfig } from './page-config.ts';
import type { IslandDefinition } from './registry.ts';
import { ERROR_EVENT } from './report-error.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import type { IslandContext, MountIsland } from './types.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fake island that records its mounts and disposals on the host. */
function recordingIsland(name: string, selector: string, log: string[]): IslandDefinition {
  return {
    name,
    selector,
    load: async (): Promise<MountIsland> => (host) => {
      log.push(`mount ${name} ${host.id}`);
      return () => log.push(`dispose ${name} ${host.id}`);
    },
  };
}

const context = (name: string, controller: AbortController): IslandContext => ({
  name,
  section: () => {
    throw new Error('the runtime tests read no config');
  },
  signal: controller.signal,
  report: () => {},
});

/** The page config of a page without one. */
const NO_CONFIG: PageConfig = { section: (parse) => parse({}, () => {}) };

let runtime: Runtime | undefined;
// A document of its own for each test: the runtime observes it for good (pages never stop it), so an
// earlier test's observer can never mount anything in a later test's markup.
let doc: Document;
beforeEach(() => {
  doc = document.implementation.createHTMLDocument('runtime test');
});
afterEach(() => {
  runtime = undefined;
  vi.restoreAllMocks();
});

describe('the runtime', () => {
  it('mounts every matching host once, however often the page is scanned', async () => {
    doc.body.innerHTML = '<div id="a" class="x"></div><div id="b" class="x"></div>';
    const log: string[] = [];
    runtime = createRuntime(doc, [recordingIsland('x', '.x', log)], context, NO_CONFIG);
    runtime.scan();
    runtime.scan();
    runtime.scan(doc.getElementById('a') as Element);
    await settle();
    expect(log).toEqual(['mount x a', 'mount x b']);
  });

  it('mounts a host inserted later and disposes it when it is removed', async () => {
    const log: string[] = [];
    runtime = createRuntime(doc, [recordingIsland('x', '.x', log)], context, NO_CONFIG);
    runtime.scan();
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
    const island: IslandDefinition = {
      name: 'slow',
      selector: '.x',
      load: () => new Promise((r) => (resolve = r)),
    };
    runtime = createRuntime(doc, [island], context, NO_CONFIG);
    runtime.scan();
    doc.getElementById('gone')?.remove();
    await settle();
    resolve(mount);
    await settle();
    expect(mount).not.toHaveBeenCalled();
  });

  it('aborts the island signal on dispose so listeners added with it are gone', async () => {
    doc.body.innerHTML = '<button id="b" class="x"></button>';
    const clicks = vi.fn();
    const island: IslandDefinition = {
      name: 'clicker',
      selector: '.x',
      load: async (): Promise<MountIsland> => (host, ctx) => {
        host.addEventListener('click', clicks, { signal: ctx.signal });
        return () => {};
      },
    };
    runtime = createRuntime(doc, [island], context, NO_CONFIG);
    runtime.scan();
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
    const island: IslandDefinition = {
      name: 'page',
      present: (doc) => doc.querySelector('form') !== null,
      load: async (): Promise<MountIsland> => (host) => {
        log.push(`mount ${host.tagName}`);
        return () => {};
      },
    };
    runtime = createRuntime(doc, [island], context, NO_CONFIG);
    runtime.scan();
    await settle();
    expect(log).toEqual([]);
    doc.body.append(doc.createElement('form'), doc.createElement('form'));
    await settle();
    runtime.scan();
    await settle();
    expect(log).toEqual(['mount HTML']);
  });
});

describe('failure isolation', () => {
  const throwing: IslandDefinition = {
    name: 'broken',
    selector: '.x',
    load: async (): Promise<MountIsland> => () => {
      throw new Error('boom');
    },
  };
  const unloadable: IslandDefinition = {
    name: 'missing-chunk',
    selector: '.x',
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
    runtime = createRuntime(doc, [bad, recordingIsland('good', '.x', log)], context, NO_CONFIG);
    runtime.scan();
    await settle();
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
    runtime = createRuntime(doc, [throwing], context, NO_CONFIG);
    runtime.scan();
    await settle();
    doc.removeEventListener(ERROR_EVENT, cancel);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
