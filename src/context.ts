import type * as PageConfigModule from './config.ts';
import { reportIslandError } from './report-error.ts';
import type { IslandContext } from './types.ts';

/**
 * Builds the context an island mounts with. It runs in the loader, on the config module the loader
 * downloads beside the first island's chunk, so a page without islands never downloads the config
 * reader and a page with islands downloads no extra file for the context.
 */
export function createContext(
  config: typeof PageConfigModule,
  name: string,
  controller: AbortController,
  host: Element,
): IslandContext {
  const doc = host.ownerDocument;
  return {
    name,
    config: config.getConfig(doc),
    section: (parse) => config.readSection(parse, doc),
    signal: controller.signal,
    report: (error) => reportIslandError(name, error, host.isConnected ? host : doc),
  };
}
