import type { PageConfig } from './page-config.ts';
import type { IslandDefinition } from './registry.ts';
import { reportIslandError } from './report-error.ts';
import type { Dispose, IslandContext } from './types.ts';

interface Mounted {
  island: string;
  controller: AbortController;
  dispose?: Dispose;
}

export interface Runtime {
  /** Mounts every island found in `root` (and page islands whose condition now holds). Idempotent. */
  scan(root?: ParentNode): void;
  /** Disposes every island whose host has left the document. */
  sweep(): void;
}

type ContextFactory = (island: string, controller: AbortController, host: Element) => IslandContext;

/**
 * Connects islands to server-rendered markup and keeps them connected as the DOM changes, the way
 * Stimulus does: a MutationObserver mounts hosts that are added later and disposes hosts that are
 * removed. Each host is mounted at most once, and a failing island is reported and skipped so that
 * the others keep working.
 */
export function createRuntime(
  doc: Document,
  registry: readonly IslandDefinition[],
  createContext: ContextFactory,
  config: PageConfig,
): Runtime {
  const mounted = new Map<Element, Mounted[]>();
  // One query answers "could this subtree hold a host?", so the thousands of rows and markers an
  // island renders cost one check each instead of one per island.
  const anyHost = registry.flatMap((d) => ('selector' in d ? [d.selector] : [])).join(',');
  const mayHoldHost = (root: ParentNode) =>
    anyHost !== '' &&
    ((root instanceof Element && root.matches(anyHost)) || root.querySelector(anyHost) !== null);

  const isMounted = (host: Element, island: string) => mounted.get(host)?.some((m) => m.island === island);

  const disposeOne = (host: Element, entry: Mounted) => {
    entry.controller.abort();
    try {
      entry.dispose?.();
    } catch (error) {
      reportIslandError(entry.island, error, host);
    }
  };

  const mount = (definition: IslandDefinition, host: Element) => {
    if (isMounted(host, definition.name)) return;
    const entry: Mounted = { island: definition.name, controller: new AbortController() };
    mounted.set(host, [...(mounted.get(host) ?? []), entry]);
    const { signal } = entry.controller;

    definition
      .load()
      .then((mountIsland) => {
        // The host may have been removed while the chunk was downloading.
        if (signal.aborted) return;
        entry.dispose = mountIsland(host, createContext(definition.name, entry.controller, host));
      })
      .catch((error: unknown) => reportIslandError(definition.name, error, host));
  };

  const mountPageIslands = () => {
    for (const definition of registry) {
      if (!('present' in definition) || isMounted(doc.documentElement, definition.name)) continue;
      if (definition.present(doc, config)) mount(definition, doc.documentElement);
    }
  };

  const mountHostsIn = (root: ParentNode) => {
    if (!mayHoldHost(root)) return;
    for (const definition of registry) {
      if (!('selector' in definition)) continue;
      if (root instanceof Element && root.matches(definition.selector)) mount(definition, root);
      for (const host of root.querySelectorAll(definition.selector)) mount(definition, host);
    }
  };

  const scan = (root: ParentNode = doc) => {
    mountPageIslands();
    mountHostsIn(root);
  };

  const sweep = () => {
    for (const [host, entries] of mounted) {
      if (host.isConnected) continue;
      mounted.delete(host);
      for (const entry of entries) disposeOne(host, entry);
    }
  };

  const observer = new MutationObserver((records) => {
    let added = false;
    let removed = false;
    for (const record of records) {
      if (record.removedNodes.length > 0) removed = true;
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        added = true;
        mountHostsIn(node);
      }
    }
    if (added) mountPageIslands();
    if (removed) sweep();
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });

  return { scan, sweep };
}
