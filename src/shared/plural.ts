import type { PluralText } from './translated-texts.ts';

/**
 * The counts the plugin asks WordPress's `_n()` about for every plural text
 * (wordpress-plugin/donation-widgets/includes/translations.php holds the same list): between them they
 * meet every plural category of every language WordPress is translated into (Polish's "few" at 2 and
 * 22, Slovenian's "two" at 102, Arabic's "many" at 11…). The plugin leaves out a count whose form is the
 * same as the one of the count before it, so a missing count takes the form of the nearest smaller one.
 */
export const PLURAL_SAMPLES = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 21, 22, 100, 101, 102, 103, 111] as const;

/** The page's language, as WordPress prints it on `<html lang>`; English when it has none. */
export const pageLocale = (doc: Document): string => doc.documentElement.lang || 'en';

function pluralRules(locale: string): Intl.PluralRules {
  try {
    return new Intl.PluralRules(locale);
  } catch {
    // A lang attribute that is no language tag (a theme's typo) must not break the island.
    return new Intl.PluralRules('en');
  }
}

/**
 * The template of `forms` for `count` in `locale`: the form WordPress gave the first sample count of the
 * same plural category as `count` (in English, 1 for one, 0 or 2 for every other count).
 */
export function pluralText(forms: PluralText, count: number, locale: string): string {
  const rules = pluralRules(locale);
  const category = rules.select(count);
  let form: string | undefined;
  for (const sample of PLURAL_SAMPLES) {
    form = forms[sample] ?? form;
    if (form !== undefined && rules.select(sample) === category) return form;
  }
  return form ?? Object.values(forms)[0] ?? '';
}
