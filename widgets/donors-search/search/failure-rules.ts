import { RestError } from '../../../src/shared/rest-error.ts';
import { fillText } from '../../../src/shared/translated-texts.ts';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import type { SearchTexts } from '../search-words.ts';
import type { DecodeMessages } from './decode-response.ts';
import type { SearchQuery } from './donation.ts';

/*
 * How the donors search says what happened: its status classes, the error line, and the rules that turn
 * a failed request into a message and one piece of advice. The words themselves are in ../english-texts.js.
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
export function formatError(
  message: string,
  advice = SEARCH_TEXT_DEFAULTS.tryAnotherSearch,
  template = SEARCH_TEXT_DEFAULTS.errorLine,
): string {
  return fillText(template, { message, advice });
}

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
  | 'sessionExpired'
  | 'unreachable'
  | 'offline'
  | 'tooSlow'
  | 'serverError'
  | 'httpError'
  | 'unreadableAnswer'
>;

/** The keys of the REST client's own messages, by RestError code; any other code's message is the server's. */
const CLIENT_MESSAGES: Record<string, keyof FailureTexts> = {
  rest_cookie_invalid_nonce: 'sessionExpired',
  nonce_refresh_failed: 'sessionExpired',
  fetch_error: 'unreachable',
  offline_error: 'offline',
  invalid_json: 'unreadableAnswer',
  timeout: 'tooSlow',
  internal_server_error: 'serverError',
};

/** The decoder's messages in the site's words. */
export const decodeTexts = (texts: SearchTexts): DecodeMessages => ({
  empty: texts.emptyAnswer,
  notAnObject: texts.unreadableAnswer,
  errorWithoutMessage: texts.errorWithoutMessage,
  noCoordinates: texts.noCoordinates,
  noDonations: texts.noDonations,
});

/** The advice for failures that another search right away would not mend, by RestError code. */
const ADVICE: Record<string, keyof FailureTexts> = {
  rest_cookie_invalid_nonce: 'reloadAndSearch',
  nonce_refresh_failed: 'reloadAndSearch',
  fetch_error: 'checkConnection',
  offline_error: 'checkConnection',
};

const FIVE_DIGITS = /^\d{5}$/;

/**
 * The message a failed request shows. RestError messages are written for visitors by the REST client
 * (timeouts, HTML error pages, WordPress's `{code, message}`); anything else thrown during a search is
 * a bug, so it gets a generic message and is reported by the caller.
 *
 * WordPress answers 404 `rest_no_route` whenever the path does not match the route's regex, and its
 * text ("No route was found matching the URL and request method.") is meant for developers. With the
 * form's selects that happens for a zip that is not five digits (`1234`, `abcde`, ZIP+4, empty), the
 * commonest input mistake, so the visitor is told what to type. With a five-digit zip the visitor did
 * nothing wrong (the host set a radius or days the route rejects, or the route is not registered), and
 * telling them to enter a 5-digit zip would only confuse them.
 */
export function failureMessage(
  error: unknown,
  query: Pick<SearchQuery, 'zipcode'>,
  texts: FailureTexts = SEARCH_TEXT_DEFAULTS,
): string {
  if (!(error instanceof RestError)) return texts.searchFailed;
  if (error.code === 'rest_no_route') {
    return FIVE_DIGITS.test(query.zipcode) ? texts.searchUnavailable : texts.zipHint;
  }
  // The REST client's own English words for a code (src/shared/rest-error.ts) are shown in the site's.
  const own = CLIENT_MESSAGES[error.code];
  if (own && error.message === SEARCH_TEXT_DEFAULTS[own]) return texts[own];
  const status = { status: error.status ?? '' };
  if (error.code === 'http_error' && error.message === fillText(SEARCH_TEXT_DEFAULTS.httpError, status))
    return fillText(texts.httpError, status);
  return error.message.trim() ? error.message : texts.searchFailed;
}

/** The one piece of advice after a failed request's message (see formatError). */
export function failureAdvice(
  error: unknown,
  query: Pick<SearchQuery, 'zipcode'>,
  texts: FailureTexts = SEARCH_TEXT_DEFAULTS,
): string {
  if (isSetupProblem(error, query)) return texts.tryAgainLater;
  const advice = error instanceof RestError ? ADVICE[error.code] : undefined;
  return advice ? texts[advice] : texts.tryAnotherSearch;
}

/**
 * A failure the site's admin has to fix, not the visitor: the route rejected a five-digit zip, so it is
 * missing or the host offers a radius or days it refuses. Worth a console error beside the message.
 */
export function isSetupProblem(error: unknown, query: Pick<SearchQuery, 'zipcode'>): boolean {
  return error instanceof RestError && error.code === 'rest_no_route' && FIVE_DIGITS.test(query.zipcode);
}
