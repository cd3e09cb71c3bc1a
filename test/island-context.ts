import { parseConfig, type SectionParser } from '../src/config.ts';
import { type Json, Reader } from '../src/config-readers.ts';
import type { IslandContext } from '../src/types.ts';

export interface TestContext extends IslandContext {
  /** Errors the island reported through `ctx.report`. */
  readonly reported: unknown[];
  /** Aborts the signal, as the runtime does on dispose. */
  abort(): void;
}

/**
 * An island context for unit and component tests: the config is parsed from `config` exactly as the
 * page's JSON would be (so defaults apply), and reported errors are collected instead of logged.
 */
export function createTestContext(name: string, config: Json = {}): TestContext {
  const controller = new AbortController();
  const reported: unknown[] = [];
  const problems: string[] = [];
  const strict = <T>(value: T): T => {
    if (problems.length > 0) throw new Error(`test config has invalid keys: ${problems.join(', ')}`);
    return value;
  };
  const collect = (key: string) => problems.push(key);
  return {
    name,
    config: strict(parseConfig(config, collect)),
    section: (parse) => strict(parse(new Reader(config, '', collect))),
    signal: controller.signal,
    reported,
    report: (error) => reported.push(error),
    abort: () => controller.abort(),
  };
}

/** Parses one island's config section from `json`, collecting each problem as `key: expected`. */
export function parseTestSection<T>(parse: SectionParser<T>, json: Json): { config: T; problems: string[] } {
  const problems: string[] = [];
  const config = parse(new Reader(json, '', (key, expected) => problems.push(`${key}: ${expected}`)));
  return { config, problems };
}
