import { RestError } from '../../../src/shared/rest-error.ts';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import type { SearchTexts } from '../search-words.ts';
import {
  decodeTexts as decodeTextsJs,
  errorLine,
  FIVE_DIGITS,
  failureWords,
  zipProblem,
} from './answer-rules.js';
import type { DecodeMessages } from './decode-response.ts';
import type { SearchQuery } from './donation.ts';
import type { SearchState } from './search-state.ts';

/*
 * How the donors search says what happened: its status classes, the error line, and the rules that turn
 * a failed request into a message and one piece of advice, typed for the island. The rules themselves
 * are answer-rules.js's (plain JavaScript, which the demo server shares); the words are ../english-texts.js's.
 */

/**
 * The status area's classes while a search runs (the site's Bootstrap alert), added to `alert-before`;
 * printed on the status area too, so the loader can show a search held before the code arrived alike.
 */
export const WORKING_CLASS = 'alert alert-info';

/**
 * How each error message is shown in the status area (docs/how-it-works.md#when-a-search-fails): the
 * error line (`errorLine` in ../english-texts.js) with the message and, unless a failure another search cannot
 * mend gives its own, the advice to try another search. Messages say what happened and never what to
 * do, so a line always ends with exactly one piece of advice.
 */
export const formatError: (message: string, advice?: string, template?: string) => string = errorLine;

/** The texts a failure's message and advice are made of (the site's translations, or the English ones). */
type FailureTexts = Pick<
  SearchTexts,
  | 'searchFailed'
  | 'zipHint'
  | 'searchUnavailable'
  | 'tryAnotherSearch'
  | 'tryAgainLater'
  | 'reloadAndSearch'
  | 'checkConnection'
  | 'pageExpired'
  | 'unreachable'
  | 'offline'
  | 'tooSlow'
  | 'serverError'
  | 'httpError'
  | 'unreadableAnswer'
>;

/** The decoder's messages in the site's words. */
export const decodeTexts: (texts: SearchTexts) => DecodeMessages = decodeTextsJs;

/**
 * The message a failed request shows, by answer-rules.js's failureWords. RestError messages are written
 * for visitors by the REST client (timeouts, HTML error pages, WordPress's `{code, message}`); anything
 * else thrown during a search is a bug, so it gets a generic message and is reported by the caller.
 */
export function failureMessage(
  error: unknown,
  query: Pick<SearchQuery, 'zipcode'>,
  texts: FailureTexts = SEARCH_TEXT_DEFAULTS,
): string {
  return error instanceof RestError ? failureWords(error, query.zipcode, texts).message : texts.searchFailed;
}

/** The one piece of advice after a failed request's message (see formatError). */
export function failureAdvice(
  error: unknown,
  query: Pick<SearchQuery, 'zipcode'>,
  texts: FailureTexts = SEARCH_TEXT_DEFAULTS,
): string {
  return error instanceof RestError
    ? failureWords(error, query.zipcode, texts).advice
    : texts.tryAnotherSearch;
}

/**
 * A failure the site's admin has to fix, not the visitor: the route rejected a five-digit zip, so it is
 * missing or the host offers a radius or days it refuses. Worth a console error beside the message.
 */
export function isSetupProblem(error: unknown, query: Pick<SearchQuery, 'zipcode'>): boolean {
  return error instanceof RestError && error.code === 'rest_no_route' && FIVE_DIGITS.test(query.zipcode);
}

/**
 * The message and advice for a zip code that cannot be one (answer-rules.js's zipProblem), said before
 * any request; undefined for five digits, which only the route can check.
 */
export const wrongZip: (
  zipcode: string,
  texts: Pick<SearchTexts, 'zipHint' | 'tryAnotherSearch'>,
) => { message: string; advice: string } | undefined = zipProblem;

/** Whether `state` is a search whose zip code cannot be one: the zip code field is what is wrong. */
export const zipIsWrong = (state: SearchState): boolean =>
  state.status === 'error' && !FIVE_DIGITS.test(state.query.zipcode);
