import { createContext, useContext } from 'react';
import { pageLocale, pluralText } from '../../src/shared/plural.ts';
import { fillText, type Texts, textsSection } from '../../src/shared/translated-texts.ts';
import { SEARCH_TEXT_DEFAULTS } from './english-texts.js';
import { DEFAULT_SITE_DATES, type SiteDates } from './results/php-date.js';

/** The donors search's texts as the island holds them: the site's translations, or english-texts.js. */
export type SearchTexts = Texts<typeof SEARCH_TEXT_DEFAULTS>;

/** Reads `texts.donors-search` from the page config, once per page. */
export const parseSearchTexts = textsSection('donors-search', SEARCH_TEXT_DEFAULTS);

/** What the search's components say, in which language plural forms are chosen, and how values are written. */
export interface SearchWords {
  readonly texts: SearchTexts;
  readonly locale: string;
  /** The site's locale and date formats (site-formats.ts). */
  readonly site: SiteDates;
  /** Counts in the site's locale. */
  readonly numbers: Intl.NumberFormat;
}

/** The words and formats of a page without any config: English, American numbers and WordPress's dates. */
export const searchWords = (texts: SearchTexts, locale: string, site: SiteDates): SearchWords => ({
  texts,
  locale,
  site,
  numbers: new Intl.NumberFormat(site.locale),
});

export const SearchWordsContext = createContext<SearchWords>(
  searchWords(SEARCH_TEXT_DEFAULTS, 'en', DEFAULT_SITE_DATES),
);

/** The donors search's texts, for a component inside DonorsSearch. */
export const useSearchWords = (): SearchWords => useContext(SearchWordsContext);

/** The plural text `key`'s form for `count`, filled with `values` (count included) as text. */
export function sayCount(
  { texts, locale }: SearchWords,
  key: 'found' | 'chosenCount' | 'clusterTitle',
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fillText(pluralText(texts[key], count, locale), { count, ...values });
}

/** The page's language for plural forms. */
export const searchLocale = (): string => pageLocale(document);
