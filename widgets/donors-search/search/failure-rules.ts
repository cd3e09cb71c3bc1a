import { RestError } from '../../../src/shared/rest-error.ts';
import { fillText } from '../../../src/shared/texts.ts';
import type { SearchTexts } from '../search-texts.ts';
import { SEARCH_TEXT_DEFAULTS } from '../texts.js';
import type { DecodeMessages } from './decode-response.ts';
import type { SearchQuery } from './donation.ts';

/*
 * How the donors search says what happened: its status words, the error line, and the rules that turn a
 * failed request into a message and one piece of advice. The words themselves are in ../texts.js.
 */

/** The status text while a search runs (docs/how-it-works.md#a-search). */
export const WORKING_TEXT = SEARCH_TEXT_DEFAULTS.working;

/**
 * The status area's classes while a search runs (the site's Bootstrap alert), added to `alert-before`;
 * printed on the status area too, so the loader can show a search held before the code arrived alike.
 */
export const WORKING_CLASS = 'alert alert-info';

/** The label of the Search button, which the submit lock gives back once a search has ended. */
export const SEARCH_LABEL = SEARCH_TEXT_DEFAULTS.search;

/**
 * The note a browser without JavaScript shows above the form (a `<noscript>` in markup.html), on a page
 * that does not print a search's results; the plugin and the demo, which do, leave it out.
 */
export const NEEDS_JAVASCRIPT =
  'The donations search needs JavaScript. Please enable it to search for donations near you.';

/** Where the map would be, on a page that printed a search's results, without JavaScript. */
export const MAP_NEEDS_JAVASCRIPT = 'The map needs JavaScript. The table lists the donations found.';

/** The advice after an error message (docs/how-it-works.md#when-a-search-fails). */
export const TRY_ANOTHER_SEARCH = SEARCH_TEXT_DEFAULTS.tryAnotherSearch;

/**
 * How each error message is shown in the status area (docs/how-it-works.md#when-a-search-fails):
 * `ERROR: {message} Please try another search.`, or, for a failure another search cannot mend,
 * `ERROR: {message} {advice}`. Messages say what happened and never what to do, so a line always ends
 * with exactly one piece of advice.
 */
export function formatError(
  message: string,
  advice = TRY_ANOTHER_SEARCH,
  template = 'ERROR: {message} {advice}',
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

/** What a visitor is told when the route's regex rejected a zip code that is not five digits. */
export const ZIP_HINT = SEARCH_TEXT_DEFAULTS.zipHint;

/** What a visitor is told when the route rejected a well-formed zip: the page or the site is at fault. */
export const SEARCH_UNAVAILABLE = SEARCH_TEXT_DEFAULTS.searchUnavailable;

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
