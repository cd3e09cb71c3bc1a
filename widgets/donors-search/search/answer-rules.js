// @ts-check
import { isRecord } from '../../../src/shared/is-record.js';
import { jsonTail } from '../../../src/shared/json-tail.js';
import { requestFailed } from '../../../src/shared/request-failed.js';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import { fillWords } from '../results/results-markup.js';

/*
 * How the donors search reads an answer of the donations route and words what went wrong: the checks of
 * a successful answer, and the message and advice of a failed request. Plain JavaScript, so that the
 * island (decode-response.ts, failure-rules.ts, printed-search.ts) and the demo server
 * (mock-server/demo/printed-search.js) apply the very same rules; the plugin applies them in PHP
 * (includes/search/search-answer.php), and the printed search's shared cases (../printed-cases/) hold the three
 * to one outcome per answer.
 */

/** @typedef {typeof SEARCH_TEXT_DEFAULTS} SearchTextsJs */
/** @typedef {Record<string, unknown>} JsonObject */

export const FIVE_DIGITS = /^\d{5}$/;

/**
 * The keys of the REST client's own messages, by failure code; any other code's message is the server's.
 * @type {Readonly<Record<string, 'pageExpired' | 'unreachable' | 'offline' | 'unreadableAnswer' | 'tooSlow' | 'serverError'>>}
 */
const CLIENT_MESSAGES = {
  rest_cookie_invalid_nonce: 'pageExpired',
  nonce_refresh_failed: 'pageExpired',
  fetch_error: 'unreachable',
  offline_error: 'offline',
  invalid_json: 'unreadableAnswer',
  timeout: 'tooSlow',
  internal_server_error: 'serverError',
};

/**
 * The advice for failures that another search right away would not mend, by failure code: the server's
 * own fault (an HTTP 5xx) is no fault of the zip code, so it is to try again later.
 * @type {Readonly<Record<string, 'reloadAndSearch' | 'checkConnection' | 'tryAgainLater'>>}
 */
const ADVICE = {
  rest_cookie_invalid_nonce: 'reloadAndSearch',
  nonce_refresh_failed: 'reloadAndSearch',
  fetch_error: 'checkConnection',
  offline_error: 'checkConnection',
  internal_server_error: 'tryAgainLater',
};

/**
 * The advice key of a failure (see ADVICE); an `http_error` of 500 or more is the server's own.
 * @param {string} code
 * @param {number | undefined} status
 */
const adviceOf = (code, status) =>
  entry(ADVICE, code) ??
  (code === 'http_error' && (status ?? 0) >= 500 ? 'tryAgainLater' : 'tryAnotherSearch');

/**
 * A table's entry for `code`, never one of Object's own properties (a server may send any code).
 * @template T
 * @param {Readonly<Record<string, T>>} table
 * @param {string} code
 * @returns {T | undefined}
 */
const entry = (table, code) => (Object.hasOwn(table, code) ? table[code] : undefined);

/**
 * One status line: the error line (`errorLine`) with the message and its one piece of advice.
 * @param {string} message
 * @param {string} [advice]
 * @param {string} [template]
 */
export const errorLine = (
  message,
  advice = SEARCH_TEXT_DEFAULTS.tryAnotherSearch,
  template = SEARCH_TEXT_DEFAULTS.errorLine,
) => fillWords(template, { message, advice });

/**
 * Server values become text, never markup; anything that is not a scalar reads as empty.
 * @param {unknown} value
 */
export function toText(value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A finite number, accepting numeric strings because PHP often serialises floats as strings. @param {unknown} value */
export function toNumber(value) {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/**
 * `{lat, lng}` within the globe's range, or undefined for `false`, a missing value or nonsense.
 * @param {unknown} value
 * @returns {{ lat: number, lng: number } | undefined}
 */
export function toLatLng(value) {
  if (!isRecord(value)) return undefined;
  const lat = toNumber(value.lat);
  const lng = toNumber(value.lng);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

/**
 * The texts for an answer that is not what the route promises, each naming what was wrong.
 * @typedef {{ readonly empty: string, readonly notAnObject: string, readonly errorWithoutMessage: string,
 *   readonly noCoordinates: string, readonly noDonations: string }} DecodeMessages
 */

/**
 * The decoder's messages in the site's words.
 * @param {Pick<SearchTextsJs, 'emptyAnswer' | 'unreadableAnswer' | 'errorWithoutMessage' | 'noCoordinates' | 'noDonations'>} texts
 * @returns {DecodeMessages}
 */
export const decodeTexts = (texts) => ({
  empty: texts.emptyAnswer,
  notAnObject: texts.unreadableAnswer,
  errorWithoutMessage: texts.errorWithoutMessage,
  noCoordinates: texts.noCoordinates,
  noDonations: texts.noDonations,
});

/** The decoder's messages in English. */
export const DECODE_MESSAGES = decodeTexts(SEARCH_TEXT_DEFAULTS);

/**
 * Messages from WordPress's `errors` field: an object of message lists keyed by property (PHP's
 * WP_Error), where a list may also be a single string; an empty one may arrive as `[]`.
 * @param {unknown} errors
 * @param {DecodeMessages} [texts]
 * @returns {string[]}
 */
export function errorMessages(errors, texts = DECODE_MESSAGES) {
  if (errors === undefined || errors === null || errors === false || errors === '') return [];
  const groups = isRecord(errors) ? Object.values(errors) : Array.isArray(errors) ? errors : [errors];
  if (groups.length === 0) return [];
  const messages = groups.flatMap((group) => (Array.isArray(group) ? group : [group])).map(toText);
  const readable = messages.filter((message) => message.trim() !== '');
  return readable.length > 0 ? readable : [texts.errorWithoutMessage];
}

/**
 * The checks of a successful answer, in their order: the route's own errors win; then the answer must
 * say where the zip code is and list the donations (possibly none), whose items are returned unread.
 * @param {unknown} json
 * @param {DecodeMessages} [texts]
 * @returns {{ ok: false, messages: string[] } | { ok: true, answer: JsonObject, center: { lat: number, lng: number }, items: unknown[] }}
 */
export function checkAnswer(json, texts = DECODE_MESSAGES) {
  if (json === null || json === undefined || json === '') return { ok: false, messages: [texts.empty] };
  if (!isRecord(json)) return { ok: false, messages: [texts.notAnObject] };
  const messages = errorMessages(json.errors, texts);
  if (messages.length > 0) return { ok: false, messages };
  const center = toLatLng(json.coordinates);
  if (!center) return { ok: false, messages: [texts.noCoordinates] };
  const items = isRecord(json.data) ? json.data.donations : undefined;
  if (!Array.isArray(items)) return { ok: false, messages: [texts.noDonations] };
  return { ok: true, answer: json, center, items };
}

/**
 * The route's answer as the printed search carries it for the island (the plugin and the demo print it,
 * see docs/how-it-works.md#a-search-in-the-address), in `<script type="application/json"
 * class="donors-search-answer">` inside the host: `{ "query": {zipcode, radius, days}, "status": 200,
 * "body": <the route's JSON> }`, with `"error": "invalid_json"` (and a null body) when the route's answer
 * could not be read as JSON, the REST client's failure code for an answer that never became JSON.
 * @typedef {{ query: { zipcode: string, radius: string, days: string }, status: number, body: unknown,
 *   error?: 'invalid_json' }} PrintedAnswer
 */

/**
 * The answer a page prints from the route's response, as the plugin reads the route's output
 * (`donation_widgets_json_answer()` of `donation_widgets_json_tail()`): the JSON it ends with, after any
 * notices a site that displays errors printed first; for text that holds no JSON, the REST client's
 * `invalid_json` on a success and the bare status on an error.
 * @param {PrintedAnswer['query']} query
 * @param {number} status
 * @param {string} text
 * @returns {PrintedAnswer}
 */
export function answerOfResponse(query, status, text) {
  const tail = jsonTail(text);
  if (tail) return { query, status, body: tail.json };
  const success = status >= 200 && status < 300;
  return success ? { query, status, body: null, error: 'invalid_json' } : { query, status, body: null };
}

/**
 * The failure a printed answer stands for, in WordPress's `{code, message}` shape as the REST client
 * throws it, or undefined for a successful answer (which checkAnswer reads).
 * @param {PrintedAnswer} answer
 * @returns {{ code: string, message?: unknown } | undefined}
 */
export function answerFailure({ status, body, error }) {
  if (error) return { code: error };
  if (status >= 200 && status < 300) return undefined;
  if (isRecord(body) && typeof body.code === 'string') return { code: body.code, message: body.message };
  return { code: 'http_error', message: fillWords(SEARCH_TEXT_DEFAULTS.httpError, { status }) };
}

/**
 * The message and the one piece of advice of a failed request (docs/how-it-works.md#when-a-search-fails).
 * The REST client's own English words for a code are shown in the site's; a server's message as it is.
 *
 * WordPress answers 404 `rest_no_route` whenever the path does not match the route's regex, and its
 * text is meant for developers. With the form's selects that happens for a zip that is not five digits
 * (`1234`, `abcde`, ZIP+4, empty), the commonest input mistake, so the visitor is told what to type.
 * With a five-digit zip the visitor did nothing wrong (the host set a radius or days the route rejects,
 * or the route is not registered): the search is unavailable, and trying again later is the advice.
 * @param {{ code: string, message: string, status?: number | undefined }} failure as the REST client
 *   reports it (src/shared/rest-error.ts)
 * @param {string} zipcode the zip searched
 * @param {Pick<SearchTextsJs, 'searchFailed' | 'zipHint' | 'searchUnavailable' | 'tryAnotherSearch'
 *   | 'tryAgainLater' | 'reloadAndSearch' | 'checkConnection' | 'pageExpired' | 'unreachable'
 *   | 'offline' | 'tooSlow' | 'serverError' | 'httpError' | 'unreadableAnswer'>} texts
 * @returns {{ message: string, advice: string }}
 */
export function failureWords({ code, message, status }, zipcode, texts) {
  if (code === 'rest_no_route')
    return zipProblem(zipcode, texts) ?? { message: texts.searchUnavailable, advice: texts.tryAgainLater };
  const advice = texts[adviceOf(code, status)];
  const own = entry(CLIENT_MESSAGES, code);
  if (own && message === SEARCH_TEXT_DEFAULTS[own]) return { message: texts[own], advice };
  const values = { status: status ?? '' };
  if (code === 'http_error' && message === fillWords(SEARCH_TEXT_DEFAULTS.httpError, values))
    return { message: fillWords(texts.httpError, values), advice };
  return { message: message.trim() ? message : texts.searchFailed, advice };
}

/**
 * What a zip code that cannot be one (not five digits: `1234`, `abcde`, ZIP+4, empty) is told, the
 * words the route's 404 for it gets (see failureWords), or undefined for five digits, which only the
 * route can tell apart. The island says it before any request; the printed search, for an answer.
 * @param {string} zipcode the zip searched, trimmed
 * @param {Pick<SearchTextsJs, 'zipHint' | 'tryAnotherSearch'>} texts
 * @returns {{ message: string, advice: string } | undefined}
 */
export function zipProblem(zipcode, texts) {
  return FIVE_DIGITS.test(zipcode) ? undefined : { message: texts.zipHint, advice: texts.tryAnotherSearch };
}

/**
 * A failure in WordPress's shape as the REST client reports it (src/shared/rest-error.ts's
 * toRestError): its own codes in its own English words, a server's code without a message named.
 * @param {{ code: string, message?: unknown }} failure
 * @param {number} status
 */
function asReported({ code, message }, status) {
  const own = entry(CLIENT_MESSAGES, code);
  const text = own
    ? SEARCH_TEXT_DEFAULTS[own]
    : typeof message === 'string' && message
      ? message
      : requestFailed(code);
  return { code, message: text, status };
}

/**
 * @typedef {{ number: string, title: string, zipcode: string, date: string }} AnswerRow
 */

/**
 * A printed answer's outcome as the page prints it: the status area's lines when the search failed,
 * or the donations (each field as text; items that are not objects dropped) when it did not.
 * @param {PrintedAnswer} answer
 * @param {SearchTextsJs} texts
 * @returns {{ lines: string[], donations: AnswerRow[] }}
 */
export function readAnswer(answer, texts) {
  const failure = answerFailure(answer);
  if (failure) {
    const reported = asReported(failure, answer.status);
    const { message, advice } = failureWords(reported, answer.query.zipcode, texts);
    return { lines: [errorLine(message, advice, texts.errorLine)], donations: [] };
  }
  const checked = checkAnswer(answer.body, decodeTexts(texts));
  if (!checked.ok)
    return {
      lines: checked.messages.map((message) => errorLine(message, texts.tryAnotherSearch, texts.errorLine)),
      donations: [],
    };
  const donations = checked.items.filter(isRecord).map((item) => ({
    number: toText(item.number),
    title: toText(item.title),
    zipcode: toText(item.zipcode),
    date: toText(item.date),
  }));
  return { lines: [], donations };
}
