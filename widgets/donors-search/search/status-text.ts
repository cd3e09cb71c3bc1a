import { RestError } from '../../../src/shared/rest-error.ts';
import type { SearchQuery } from './donation.ts';

/*
 * Every text a visitor reads in the donors search's form and status area, named here once: the island
 * renders them, and markup.html prints the same words for the page's HTML (form-texts.test.ts holds the
 * two together).
 */

/** The status text while a search runs (docs/how-it-works.md#a-search). */
export const WORKING_TEXT = 'Working...';

/**
 * The status area's classes while a search runs (the site's Bootstrap alert), added to `alert-before`;
 * printed on the status area too, so the loader can show a search held before the code arrived alike.
 */
export const WORKING_CLASS = 'alert alert-info';

/** The label of the Search button, which the submit lock gives back once a search has ended. */
export const SEARCH_LABEL = 'Search';

/** The form's labels and the units after each choice ("15 miles", "30 days"). */
export const ZIPCODE_LABEL = 'Zip code';
export const RADIUS_LABEL = 'Within';
export const RADIUS_UNIT = 'miles';
export const DAYS_LABEL = 'In the last';
export const DAYS_UNIT = 'days';

/** The name of the map section, printed (hidden) in the page before the first results too. */
export const MAP_LABEL = 'Map of the donations found';

/** What takes the map's place when it cannot load. */
export const MAP_FAILED = 'The map could not be loaded. The table lists every donation found.';

/** The table's caption, also the name of the box it scrolls in. */
export const TABLE_CAPTION = 'Recent donations in your area';

/** The table's column headers, in order. */
export const COLUMN_LABELS = { number: 'Number', title: 'Title', zipcode: 'Zip code', date: 'Date' } as const;

/** The name of the table's page buttons' group. */
export const TABLE_PAGES_LABEL = 'Pages of the donations table';

/** The name of the list of the donations chosen on the map, and its button that puts it away. */
export const CHOSEN_LABEL = 'Donations at the place chosen on the map';
export const CHOSEN_CLOSE = 'Close';

/** The note a browser without JavaScript shows above the form (a `<noscript>` in markup.html). */
export const NEEDS_JAVASCRIPT =
  'The donations search needs JavaScript. Please enable it to search for donations near you.';

/** The advice after an error message (docs/how-it-works.md#when-a-search-fails). */
export const TRY_ANOTHER_SEARCH = 'Please try another search.';

/**
 * How each error message is shown in the status area (docs/how-it-works.md#when-a-search-fails):
 * `ERROR: {message} Please try another search.`, or, for a failure another search cannot mend,
 * `ERROR: {message} {advice}`. Messages say what happened and never what to do, so a line always ends
 * with exactly one piece of advice.
 */
export function formatError(message: string, advice = TRY_ANOTHER_SEARCH): string {
  return `ERROR: ${message} ${advice}`;
}

const FALLBACK = 'The search failed.';

/** What a visitor is told when the route's regex rejected a zip code that is not five digits. */
export const ZIP_HINT = 'The zip code must have 5 digits.';

/** What a visitor is told when the route rejected a well-formed zip: the page or the site is at fault. */
export const SEARCH_UNAVAILABLE = 'The search is not available right now.';

/** The advice for failures that another search right away would not mend, by RestError code. */
const ADVICE: Record<string, string> = {
  rest_cookie_invalid_nonce: 'Please reload the page and search again.',
  nonce_refresh_failed: 'Please reload the page and search again.',
  fetch_error: 'Please check your connection and search again.',
  offline_error: 'Please check your connection and search again.',
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
export function failureMessage(error: unknown, query: Pick<SearchQuery, 'zipcode'>): string {
  if (!(error instanceof RestError)) return FALLBACK;
  if (error.code === 'rest_no_route') {
    return FIVE_DIGITS.test(query.zipcode) ? SEARCH_UNAVAILABLE : ZIP_HINT;
  }
  return error.message.trim() ? error.message : FALLBACK;
}

/** The one piece of advice after a failed request's message (see formatError). */
export function failureAdvice(error: unknown, query: Pick<SearchQuery, 'zipcode'>): string {
  if (isSetupProblem(error, query)) return 'Please try again later.';
  return (error instanceof RestError && ADVICE[error.code]) || TRY_ANOTHER_SEARCH;
}

/**
 * A failure the site's admin has to fix, not the visitor: the route rejected a five-digit zip, so it is
 * missing or the host offers a radius or days it refuses. Worth a console error beside the message.
 */
export function isSetupProblem(error: unknown, query: Pick<SearchQuery, 'zipcode'>): boolean {
  return error instanceof RestError && error.code === 'rest_no_route' && FIVE_DIGITS.test(query.zipcode);
}
