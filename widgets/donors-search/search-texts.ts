import { createContext, useContext } from 'react';
import { pageLocale, pluralText } from '../../src/shared/plural.ts';
import { fillText, textsSection } from '../../src/shared/texts.ts';
import { SEARCH_TEXT_DEFAULTS, type SearchTexts } from './search/status-text.ts';

export type { SearchTexts };

/** Reads `texts.donors-search` from the page config, once per page. */
export const parseSearchTexts = textsSection('donors-search', SEARCH_TEXT_DEFAULTS);

/** What the search's components say, and in which language plural forms are chosen. */
export interface SearchWords {
  readonly texts: SearchTexts;
  readonly locale: string;
}

export const SearchWordsContext = createContext<SearchWords>({ texts: SEARCH_TEXT_DEFAULTS, locale: 'en' });

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
