import { sectionsOf } from '../src/loader/page-config.ts';
import type { Json, SectionParser } from '../src/shared/config-readers.ts';
import type { IslandContext } from '../src/shared/island.ts';

export interface TestContext extends IslandContext {
  /** Errors the island reported through `ctx.report`. */
  readonly reported: unknown[];
  /** Aborts the signal, as the runtime does on dispose. */
  abort(): void;
}

/**
 * An island context for unit and component tests: each section is parsed from `config` exactly as the
 * page's JSON would be (so defaults apply) and cached per parser as the loader does; a config with an
 * invalid key fails the test instead of being logged, and reported errors are collected.
 */
export function createTestContext(name: string, config: Json = {}): TestContext {
  const controller = new AbortController();
  const reported: unknown[] = [];
  const problems: string[] = [];
  const sections = sectionsOf(config, (key) => problems.push(key));
  return {
    name,
    section<T>(parse: SectionParser<T>): T {
      const section = sections.section(parse);
      if (problems.length > 0) throw new Error(`test config has invalid keys: ${problems.join(', ')}`);
      return section;
    },
    signal: controller.signal,
    reported,
    report: (error) => reported.push(error),
    abort: () => controller.abort(),
  };
}

/** Parses one island's config section from `json`, collecting each problem as `key: expected`. */
export function parseTestSection<T>(parse: SectionParser<T>, json: Json): { config: T; problems: string[] } {
  const problems: string[] = [];
  const config = parse(json, (key, expected) => problems.push(`${key}: ${expected}`));
  return { config, problems };
}
