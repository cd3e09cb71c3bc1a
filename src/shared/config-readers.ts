/**
 * Typed readers for untrusted JSON. Each returns the value at `key` when it has the expected type and
 * otherwise the default, after reporting one problem that names the key, the expected type and what
 * was found. A missing key is not an error: it simply takes the default.
 *
 * Stateless on purpose: every chunk that validates config bundles the readers it uses, while the one
 * copy of the page's JSON and the report of each problem stay in the loader (src/loader/page-config.ts).
 */
import { describe } from './describe-value.ts';
import { isRecord, type Json, numberFrom, type Problem, readKey } from './read-key.ts';

export { isRecord, type Json, type Problem };

/**
 * Validates one island's keys of the page config, reporting each bad value to `problem` and using its
 * default. Islands get the result through `ctx.section(parse)`, once per page.
 */
export type SectionParser<T> = (json: Json, problem: Problem) => T;

/**
 * An absolute http(s) URL or a root-relative path: never `javascript:` or `data:`, and never `//host`
 * or `/\host`, which browsers read as another site (that would receive the nonce). Any control, space or
 * format character anywhere inside refuses it: named classes, not `\s`, whose members differ between
 * JavaScript and PHP (U+FEFF, U+180E, U+0085), plus the hieroglyph format controls that Unicode tables
 * before 15 (PHP's PCRE, older browsers) leave out of Cf. The plugin checks what admins enter with the
 * same rule in PHP (includes/url-or-path.php): both are held to the verdicts of url-or-path.cases.json.
 */
const REFUSED = '\\p{Cc}\\p{Cf}\\p{Z}\\u{13430}-\\u{1343f}';
export const URL_OR_PATH = new RegExp(`^(https?://[^${REFUSED}]+|/(?![/\\\\])[^${REFUSED}]*)$`, 'u');

/** The readers for a section with many keys, each named by its path (`maps.provider`, `items[2].path`). */
export class Reader {
  constructor(
    private readonly source: Json,
    private readonly prefix: string,
    private readonly problem: Problem,
  ) {}

  private read<T>(key: string, fallback: T, expected: string, accept: (value: unknown) => value is T): T {
    return readKey(this.source, key, fallback, { expected, accept }, this.problem, this.prefix + key);
  }

  string(key: string, fallback: string, pattern?: RegExp, expected = 'a string'): string {
    return this.read(
      key,
      fallback,
      expected,
      (v): v is string => typeof v === 'string' && (!pattern || pattern.test(v)),
    );
  }

  /**
   * A string an entry cannot do without (a conversion's path has no safe default): missing or wrong,
   * it is reported and `undefined` returned, so the caller drops the entry.
   */
  required(key: string, pattern: RegExp, expected: string): string | undefined {
    const value = this.source[key];
    if (typeof value === 'string' && pattern.test(value)) return value;
    this.problem(this.prefix + key, expected, describe(value), 'ignoring it');
    return undefined;
  }

  number(key: string, fallback: number, min: number, max: number): number {
    const { expected, accept } = numberFrom(min, max);
    return this.read(key, fallback, expected, accept);
  }

  boolean(key: string, fallback: boolean): boolean {
    return this.read(key, fallback, 'true or false', (v): v is boolean => typeof v === 'boolean');
  }

  oneOf<T extends string>(key: string, fallback: T, options: readonly T[]): T {
    return this.read(key, fallback, `one of ${options.join(', ')}`, (v): v is T => options.includes(v as T));
  }

  /** A nested object; a missing or mistyped one reads as empty so each of its keys takes its default. */
  child(key: string): Reader {
    const value = this.read<Json>(key, {}, 'an object', isRecord);
    return new Reader(value, `${this.prefix}${key}.`, this.problem);
  }

  array(key: string): { reader: Reader; index: number }[] | undefined {
    const value = this.read<unknown[] | undefined>(key, undefined, 'an array', (v): v is unknown[] =>
      Array.isArray(v),
    );
    if (!value) return undefined;
    return value.flatMap((item, index) => {
      if (isRecord(item))
        return [{ reader: new Reader(item, `${this.prefix}${key}[${index}].`, this.problem), index }];
      this.problem(`${this.prefix}${key}[${index}]`, 'an object', describe(item));
      return [];
    });
  }

  stringList(key: string, fallback: readonly string[], pattern: RegExp): readonly string[] {
    return this.read(
      key,
      fallback,
      `an array of strings matching ${pattern}`,
      (v): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string' && pattern.test(s)),
    );
  }
}

/** A section parser written with a Reader on the page config's top level. */
export const withReader =
  <T>(parse: (root: Reader) => T): SectionParser<T> =>
  (json, problem) =>
    parse(new Reader(json, '', problem));
