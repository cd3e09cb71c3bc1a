import type { IslandContext } from '../shared/island.ts';
import type { PageConfig } from './page-config.ts';
import { reportIslandError } from './report-error.ts';

/** Builds the context an island mounts with, on the page config the loader holds for the document. */
export function createContext(
  config: PageConfig,
  name: string,
  controller: AbortController,
  host: Element,
): IslandContext {
  return {
    name,
    section: config.section,
    signal: controller.signal,
    report: (error) => reportIslandError(name, error, host),
  };
}
