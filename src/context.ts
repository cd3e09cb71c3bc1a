import { getConfig, readSection } from './config.ts';
import { reportIslandError } from './report-error.ts';
import type { IslandContext } from './types.ts';

/**
 * Builds the context an island mounts with. It lives in its own chunk, loaded beside the first
 * island's chunk, so that a page without islands never downloads the config reader.
 */
export function createContext(name: string, controller: AbortController, host: Element): IslandContext {
  return {
    name,
    config: getConfig(host.ownerDocument),
    section: (parse) => readSection(parse, host.ownerDocument),
    signal: controller.signal,
    report: (error) => reportIslandError(name, error, host.isConnected ? host : host.ownerDocument),
  };
}
