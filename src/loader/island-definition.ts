import type { MountIsland } from '../shared/island.ts';
import type { PageConfig } from './page-config.ts';

/**
 * Decides when an island's code is downloaded and mounted on `host`: it calls `start` once, now or
 * later, and gives up quietly when `signal` aborts (the host has left the page). One file per
 * strategy in src/loader/strategies/, named as in the manifest (widgets/islands.js).
 */
export type Strategy = (host: Element, signal: AbortSignal, start: () => void) => void;

/**
 * How the runtime finds one island and loads its code.
 *
 * - An island with a `selector` mounts once on every element matching it.
 * - An island with `present` mounts once per document, on `<html>`, as soon as
 *   `present(document, config)` holds; it adds page-wide behaviour and must not cost a download on a page with nothing for it to do.
 *
 * Without a `strategy` the island loads as soon as its host is found.
 */
export type IslandDefinition = {
  name: string;
  load: () => Promise<MountIsland>;
  strategy?: Strategy;
} & ({ selector: string } | { present: (doc: Document, config: PageConfig) => boolean });
