import type { Json, Problem, SectionParser } from '../shared/config-readers.ts';

export const CONFIG_ELEMENT_ID = 'donation-widgets-config';

/** The page config as the loader holds it: read once, and each island's section validated once. */
export interface PageConfig {
  section<T>(parse: SectionParser<T>): T;
}

/** Reads `#donation-widgets-config` as JSON. It is data, never executed; a broken one yields `{}`. */
function readConfigJson(doc: Document, problem: Problem, log: (message: string) => void): Json {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent?.trim();
  if (!text) return {};
  try {
    const json: unknown = JSON.parse(text);
    // The readers' own check (config-readers.ts) lives in the chunks; JSON.parse gives only these.
    if (json && typeof json === 'object' && !Array.isArray(json)) return json as Json;
    // Parsed JSON always has a text form; cut short like every value a problem shows.
    problem(
      `#${CONFIG_ELEMENT_ID}`,
      'a JSON object',
      JSON.stringify(json).slice(0, 40),
      'using the defaults',
    );
  } catch (error) {
    log(`#${CONFIG_ELEMENT_ID} is not valid JSON (${String(error)}); using the defaults.`);
  }
  return {};
}

/**
 * The page's config for every island of `doc`. It lives in the loader so that there is one copy per
 * page whichever chunks read it; the validators live with the islands that need them, so a page
 * downloads only those. The JSON is read once, at start, so that a broken config is reported on every
 * page that has one, even where no island reads it; each section is parsed once (islands ask for theirs
 * when they mount), and each problem is logged once, even when two islands read the same key
 * (`requestTimeoutMs`).
 */
export function createPageConfig(doc: Document): PageConfig {
  const logged = new Set<string>();
  const log = (message: string) => {
    if (logged.has(message)) return;
    logged.add(message);
    console.error(`[donation-widgets] config: ${message}`);
  };
  const problem: Problem = (key, expected, found, outcome = 'using the default') =>
    log(`"${key}" must be ${expected}, got ${found}; ${outcome}.`);
  return sectionsOf(readConfigJson(doc, problem, log), problem);
}

/**
 * The sections of `json`, each parsed once per parser (whoever asks) with its problems sent to
 * `problem`: the page config's cache, shared with the tests' island context (test/island-context.ts).
 */
export function sectionsOf(json: Json, problem: Problem): PageConfig {
  const sections = new Map<SectionParser<unknown>, unknown>();
  return {
    section<T>(parse: SectionParser<T>): T {
      if (!sections.has(parse)) sections.set(parse, parse(json, problem));
      return sections.get(parse) as T;
    },
  };
}
