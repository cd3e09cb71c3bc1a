import type { IslandEntry } from '../../widgets/islands.js';
import type { MountIsland } from '../shared/island.ts';
import type { IslandDefinition } from './island-definition.ts';
import { PAGE_CONDITIONS } from './page-conditions.ts';
import { load } from './strategies/load.ts';
import { visible } from './strategies/visible.ts';

/**
 * One manifest entry as the build hands it to the loader: only what finds the host and when to load
 * it, plus `chunk`, the built file (relative to the loader) whose export named after the island is its
 * `mount`. Labels and source paths stay out of the loader every visitor downloads.
 */
export type BuiltIsland = Pick<IslandEntry, 'name' | 'host' | 'strategy'> & { chunk: string };

/** Written by build.mjs from the manifest (widgets/islands.js) once the islands' chunks exist. */
declare const __ISLANDS__: readonly BuiltIsland[];

const STRATEGIES = { load, visible };

function toDefinition({ name, host, strategy, chunk }: BuiltIsland): IslandDefinition {
  const definition = {
    name,
    strategy: STRATEGIES[strategy],
    // A relative specifier resolves against the loader's own URL, wherever the site serves dist/.
    load: () => import(chunk).then((m: Record<string, MountIsland>) => m[name] as MountIsland),
  };
  return 'selector' in host
    ? { ...definition, selector: host.selector }
    : { ...definition, present: PAGE_CONDITIONS[host.page] };
}

/** Every island the bundle knows, each loaded from its own chunk only when a page has it. */
export const islands: readonly IslandDefinition[] = __ISLANDS__.map(toDefinition);
