import { isRecord, type Json, type Problem, type SectionParser } from './config-readers.ts';
import { describe } from './describe-value.ts';

/**
 * A text whose wording depends on a count, as WordPress's `_n()` translates it: the template for each
 * sample count the plugin asked `_n()` about (see PLURAL_SAMPLES in plural.ts), e.g.
 * `{ "0": "{count} donations", "1": "{count} donation", "2": "{count} donations" }`.
 */
export type PluralText = Readonly<Record<string, string>>;

/** An island's visitor texts with their English defaults: a template, or a plural text. */
export type TextDefaults = Readonly<Record<string, string | PluralText>>;

/** The texts an island shows, each of the same kind as its default. */
export type Texts<D extends TextDefaults> = {
  readonly [K in keyof D]: D[K] extends string ? string : PluralText;
};

const PLACEHOLDER = /\{([a-z][a-zA-Z]*)\}/g;

/** The placeholders a template names, sorted, each once: `{count}` and `{zipcode}` give `count,zipcode`. */
export const placeholdersOf = (template: string): string =>
  [...new Set(Array.from(template.matchAll(PLACEHOLDER), (match) => match[1]))].sort().join(',');

/**
 * A template split at its placeholders: text pieces (strings) and the names of the placeholders between
 * them ({ name }), in order, so that a caller puts its values in as text or as elements, never as HTML.
 */
export function templateParts(template: string): (string | { name: string })[] {
  const parts: (string | { name: string })[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(template.slice(last, match.index));
    parts.push({ name: match[1] as string });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

/** `template` with each `{name}` replaced by `values[name]` as plain text (a placeholder without a value stays). */
export const fillText = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));

function expectedText(fallback: string): string {
  const names = placeholdersOf(fallback);
  return names ? `a string with the placeholders ${names.replace(/(\w+)/g, '{$1}')}` : 'a string';
}

/** A translation is usable when it says something and names exactly the placeholders the default names. */
const fits = (value: unknown, fallback: string): value is string =>
  typeof value === 'string' && value.trim() !== '' && placeholdersOf(value) === placeholdersOf(fallback);

function readPlural(value: unknown, fallback: PluralText): value is PluralText {
  const sample = Object.values(fallback)[0] ?? '';
  if (!isRecord(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([count, text]) => /^\d+$/.test(count) && fits(text, sample));
}

/**
 * The parser of one island's texts, `texts.<island>` in the page config (docs/how-it-works.md#texts): each
 * key the island shows, as the site's WordPress translated it, or the English default. A value that is
 * not a string, is empty, or names other placeholders than the default (a translation that lost
 * `{count}`) is reported once, naming its key, and the default is shown; keys the island does not know
 * are ignored. Make it once per island, at module level, so the page parses it once.
 */
export function textsSection<D extends TextDefaults>(island: string, defaults: D): SectionParser<Texts<D>> {
  return (json: Json, problem: Problem) => {
    const prefix = `texts.${island}`;
    const all = json.texts;
    let section: Json = {};
    if (isRecord(all) && isRecord(all[island])) section = all[island];
    else if (all !== undefined && !isRecord(all)) problem('texts', 'an object', describe(all));
    else if (isRecord(all) && all[island] !== undefined) problem(prefix, 'an object', describe(all[island]));
    const texts: Record<string, string | PluralText> = {};
    for (const [key, fallback] of Object.entries(defaults)) {
      const value = section[key];
      texts[key] = fallback;
      if (value === undefined) continue;
      const usable = typeof fallback === 'string' ? fits(value, fallback) : readPlural(value, fallback);
      if (usable) texts[key] = value as string | PluralText;
      else
        problem(
          `${prefix}.${key}`,
          typeof fallback === 'string'
            ? expectedText(fallback)
            : `an object of counts to ${expectedText(Object.values(fallback)[0] ?? '')}`,
          describe(value),
        );
    }
    return texts as Texts<D>;
  };
}
