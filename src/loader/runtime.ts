import type { BuiltIsland, LoadingStrategy } from '../../widgets/islands.js';
import type { Dispose, MountIsland } from '../shared/island.ts';
import { importFiles } from './import-files.ts';
import { PAGE_CONDITIONS } from './page-conditions.ts';
import type { PageConfig } from './page-config.ts';
import { reportIslandError } from './report-error.ts';
import type { Strategy } from './strategies/strategy.ts';

interface Mounted {
  island: BuiltIsland;
  host: Element;
  controller: AbortController;
  dispose?: Dispose;
}

/** Downloads a built chunk (`import()` in the page) and resolves with its exports. */
export type ImportChunk = (chunk: string) => Promise<Record<string, MountIsland>>;

/** What `window.donationWidgets` exposes of the runtime (see src/loader/index.ts). */
export interface Runtime {
  /**
   * Mounts every island found in `root` (and page islands whose condition now holds) now, without
   * waiting for the MutationObserver. Idempotent.
   */
  mount(root?: ParentNode): void;
  /** Disposes every island whose host has left the document. */
  sweep(): void;
  /**
   * Disposes every island and stops watching the page, for a site that takes the page over (a page
   * builder's preview, a client-side router): islands give back what they changed, and from then on
   * `mount` mounts nothing.
   */
  stop(): void;
}

/**
 * Connects islands to server-rendered markup and keeps them connected as the DOM changes, the way
 * Stimulus does: a MutationObserver mounts hosts that are added later, or that an attribute change
 * turns into hosts (`data-island` set on an element already in the page), and disposes hosts that are
 * removed or lose the attribute that made them hosts. Each host is mounted at most once, and a failing
 * island is reported and skipped so that the others keep working.
 *
 * A chunk that fails to download (or is cut off because the visitor left the page) is tried once more
 * at the page's next frame: at once on a page that stays, or when a page left mid-download is shown
 * again from the back/forward cache. Only a second failure is reported.
 */
export function createRuntime(
  doc: Document,
  islands: readonly BuiltIsland[],
  config: PageConfig,
  importChunk: ImportChunk,
  strategies: Record<LoadingStrategy, Strategy>,
): Runtime {
  // A handful of islands per page: a set is all the index they need.
  const mounted = new Set<Mounted>();
  // One query answers "could this subtree hold a host?", so the thousands of rows and markers an
  // island renders cost one check each instead of one per island.
  const anyHost = islands.flatMap(({ host }) => ('selector' in host ? [host.selector] : [])).join(',');
  const mayHoldHost = (root: ParentNode) =>
    // An empty selector list would throw; a page with no element islands has no host to find.
    anyHost && ((root instanceof Element && root.matches(anyHost)) || root.querySelector(anyHost) !== null);
  /** Disposes every mounted island that `drop` picks. */
  const unmount = (drop: (entry: Mounted) => unknown) => {
    for (const entry of mounted) {
      if (!drop(entry)) continue;
      mounted.delete(entry);
      entry.controller.abort();
      try {
        entry.dispose?.();
      } catch (error) {
        reportIslandError(entry.island.name, error, entry.host);
      }
    }
  };

  const mount = (island: BuiltIsland, host: Element) => {
    for (const entry of mounted) if (entry.host === host && entry.island === island) return;
    const { name } = island;
    const entry: Mounted = { island, host, controller: new AbortController() };
    mounted.add(entry);
    const { signal } = entry.controller;
    const report = (error: unknown) => reportIslandError(name, error, host);

    const start = (retry = '') => {
      importFiles(importChunk, island.chunk, retry)
        .then(
          (exports) => {
            // The host may have been removed while the chunk was downloading.
            if (!signal.aborted)
              entry.dispose = (exports[name] as MountIsland)(host, {
                name,
                section: config.section,
                signal,
                report,
                heldSubmit: handOver?.(),
              });
          },
          (error: unknown) => {
            // A retry asks at another address: a browser may keep a failed import's failure for good.
            if (signal.aborted) return;
            if (retry) {
              handOver?.(true);
              return report(error);
            }
            // Not reported yet: a download cut off by leaving the page is no failure, and a network blip
            // may pass. Tried again at the page's next frame, which a page being left never renders:
            // at once on a page that stays, or when it is shown again from the back/forward cache.
            requestAnimationFrame(() => signal.aborted || start('?retry'));
          },
        )
        .catch(report);
    };
    // Counted as mounted from here, so a strategy that waits (for the viewport, say) never waits twice.
    const handOver = strategies[island.strategy](host, signal, start);
  };

  const mountPageIslands = () => {
    for (const island of islands) {
      const { host } = island;
      if ('page' in host && PAGE_CONDITIONS[host.page](doc, config)) mount(island, doc.documentElement);
    }
  };

  const mountHostsIn = (root: ParentNode) => {
    if (!mayHoldHost(root)) return;
    for (const island of islands) {
      const { host } = island;
      if (!('selector' in host)) continue;
      if (root instanceof Element && root.matches(host.selector)) mount(island, root);
      for (const element of root.querySelectorAll(host.selector)) mount(island, element);
    }
  };

  const scan = (root: ParentNode = doc) => {
    mountPageIslands();
    mountHostsIn(root);
  };

  const sweep = () => unmount(({ host }) => !host.isConnected);

  const observer = new MutationObserver((records) => {
    let added = false;
    let removed = false;
    for (const { type, target, addedNodes, removedNodes } of records) {
      if (type === 'attributes') {
        const element = target as Element;
        // An attribute the host's selector names changed: it may have stopped, or started, being a host.
        unmount(
          ({ island, host }) =>
            host === element && 'selector' in island.host && !host.matches(island.host.selector),
        );
        mountHostsIn(element);
      }
      if (removedNodes.length > 0) removed = true;
      for (const node of addedNodes) {
        if (!(node instanceof Element)) continue;
        added = true;
        mountHostsIn(node);
      }
    }
    if (added) mountPageIslands();
    if (removed) sweep();
  });
  observer.observe(doc.documentElement, {
    childList: true,
    subtree: true,
    // The attributes the manifest's selectors name (`data-island`, `name`, …): setting or removing one
    // makes or unmakes a host without any element being added or removed.
    attributeFilter: anyHost.match(/\[[\w-]+/g)?.map((name) => name.slice(1)) ?? [],
  });

  return {
    mount: scan,
    sweep,
    stop() {
      // Nothing left to look for: `mount` mounts nothing from here on.
      islands = [];
      observer.disconnect();
      unmount(() => true);
    },
  };
}
