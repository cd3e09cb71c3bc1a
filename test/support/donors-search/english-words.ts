/** The donors search's words on a page without translations: the English of english-texts.js, its only home. */

import { SEARCH_TEXT_DEFAULTS } from '../../../widgets/donors-search/english-texts.js';
import { DEFAULT_SITE_DATES } from '../../../widgets/donors-search/results/php-date.js';
import { sayCount, searchWords } from '../../../widgets/donors-search/search-words.ts';

export const ENGLISH_WORDS = searchWords(SEARCH_TEXT_DEFAULTS, 'en', DEFAULT_SITE_DATES);

/** A cluster marker's title in English, worded as the map section words it for the map. */
export const englishClusterTitle = (count: number): string =>
  sayCount(ENGLISH_WORDS, 'clusterTitle', count, { count: ENGLISH_WORDS.numbers.format(count) });
