import { describe, isRecord, type Json, type Problem, Reader, URL_OR_PATH } from './config-readers.ts';

/** The keys every island and the REST client share, validated and with every default filled in. */
export interface PageConfig {
  restRoot: string;
  /** Empty means anonymous: no `X-WP-Nonce` header is sent. */
  nonce: string;
  nonceEndpoint: string;
  requestTimeoutMs: number;
}

/**
 * Reads one island's own keys of the page config. Keys only one island uses live with that island
 * (donors-search's `maps`, conversion-tracker's `analytics`), so a page downloads only the validators
 * of the islands it has.
 */
export type SectionParser<T> = (root: Reader) => T;

export const CONFIG_ELEMENT_ID = 'donation-widgets-config';

/** What a WordPress nonce can look like; anything else (a login page, a header injection) is refused. */
export const NONCE = /^[A-Za-z0-9]{1,64}$/;

/** Builds the shared config from parsed JSON; every problem goes to `problem` and its default is used. */
export function parseConfig(json: Json, problem: Problem, wpApiSettings?: unknown): PageConfig {
  const wp = new Reader(isRecord(wpApiSettings) ? wpApiSettings : {}, 'wpApiSettings.', problem);
  const root = new Reader(json, '', problem);
  return {
    restRoot: root.string(
      'restRoot',
      wp.string('root', '/wp-json/', URL_OR_PATH, 'a URL'),
      URL_OR_PATH,
      'a URL',
    ),
    nonce: root.string(
      'nonce',
      wp.string('nonce', '', NONCE, 'a nonce'),
      NONCE,
      'a nonce (letters and digits)',
    ),
    nonceEndpoint: root.string(
      'nonceEndpoint',
      '/wp-admin/admin-ajax.php?action=rest-nonce',
      URL_OR_PATH,
      'a URL or a path starting with /',
    ),
    requestTimeoutMs: root.number('requestTimeoutMs', 20_000, 100, 300_000),
  };
}

const reportProblem: Problem = (key, expected, actual, outcome = 'using the default') =>
  console.error(
    `[donation-widgets] config: "${key}" must be ${expected}, got ${describe(actual)}; ${outcome}.`,
  );

/** Reads `#donation-widgets-config` as JSON. It is data, never executed; a broken one yields `{}`. */
function readConfigJson(doc: Document): Json {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent?.trim()) return {};
  try {
    const json: unknown = JSON.parse(element.textContent);
    if (isRecord(json)) return json;
    reportProblem(`#${CONFIG_ELEMENT_ID}`, 'a JSON object', json);
  } catch (error) {
    console.error(
      `[donation-widgets] config: #${CONFIG_ELEMENT_ID} is not valid JSON (${String(error)}); using the defaults.`,
    );
  }
  return {};
}

let json: Json | undefined;
let shared: PageConfig | undefined;
const sections = new Map<SectionParser<unknown>, unknown>();

const pageJson = (doc: Document) => {
  json ??= readConfigJson(doc);
  return json;
};

/** The page's shared config, read on first use and then shared by every island. */
export function getConfig(doc: Document = document): PageConfig {
  shared ??= parseConfig(
    pageJson(doc),
    reportProblem,
    (globalThis as { wpApiSettings?: unknown }).wpApiSettings,
  );
  return shared;
}

/** One island's section of the page config, validated on first use and then cached for the page. */
export function readSection<T>(parse: SectionParser<T>, doc: Document = document): T {
  if (!sections.has(parse)) sections.set(parse, parse(new Reader(pageJson(doc), '', reportProblem)));
  return sections.get(parse) as T;
}

/** Forgets the cached config so tests can read a new one. */
export function resetConfigForTests(): void {
  json = undefined;
  shared = undefined;
  sections.clear();
}
