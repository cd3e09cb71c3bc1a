import { isRecord } from './config-readers.ts';
import { jsonTail } from './json-tail.js';
import { requestFailed } from './request-failed.js';

/** Every REST failure, whatever its cause, reaches an island as this: a stable code and a readable message. */
export class RestError extends Error {
  override readonly name = 'RestError';
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * What a visitor is told when the nonce was refused even after the client refreshed it: the page's token
 * is what expired (a visitor has no session to lose; a cached page can carry a stale token).
 */
export const PAGE_EXPIRED = 'This page has expired.';

// WordPress's own texts for these ("Cookie check failed", "You are probably offline.") mean nothing to a
// visitor. Each says what happened, never what to do: the island that shows it adds one piece of advice.
const MESSAGES: Record<string, string> = {
  rest_cookie_invalid_nonce: PAGE_EXPIRED,
  nonce_refresh_failed: PAGE_EXPIRED,
  fetch_error: 'The server could not be reached.',
  offline_error: 'You appear to be offline.',
  invalid_json: 'The server sent an answer that could not be read.',
  timeout: 'The server took too long to answer.',
  // WordPress's fatal-error handler answers a REST request with this code and a message made of HTML.
  internal_server_error: 'The server ran into an error.',
};

/**
 * Normalises what a request rejects with (WordPress `{code, message, data: {status}}` objects, the
 * transport's own `fetch_error`/`offline_error`/`invalid_json`, or anything thrown by one of core's
 * middlewares) into a RestError. Aborts are not
 * failures and are returned untouched so callers can tell "cancelled" from "failed".
 */
export function toRestError(error: unknown): RestError | Error {
  if (error instanceof RestError) return error;
  // Duck-typed: fetch may run in another realm (a test's Node fetch under jsdom) with its own DOMException.
  if (isAbortError(error)) return error;
  if (isRecord(error) && typeof error.code === 'string') {
    const status =
      isRecord(error.data) && typeof error.data.status === 'number' ? error.data.status : undefined;
    const message =
      MESSAGES[error.code] ?? (typeof error.message === 'string' && error.message ? error.message : '');
    return new RestError(error.code, message || requestFailed(error.code), status);
  }
  return new RestError('unknown_error', error instanceof Error ? error.message : 'The request failed.');
}

export const isAbortError = (error: unknown): error is Error =>
  typeof error === 'object' && error !== null && (error as Error).name === 'AbortError';

/**
 * Reads a response the way WordPress's REST API answers: JSON on success (the JSON it ends with, after
 * any PHP notices a site that displays errors printed first), a `{code, message}` JSON object on failure. A failure with any other body (an HTML error page from a proxy) keeps its status,
 * which api-fetch's own parser would lose. Failures are thrown in WordPress's shape, so the nonce refresh
 * recognises `rest_cookie_invalid_nonce` whichever way the request went.
 */
export async function readWordPressResponse(response: Response): Promise<unknown> {
  const text = await response.text();
  let json: unknown;
  let parsed = true;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = false;
  }
  const data = { status: response.status };
  if (response.ok) {
    if (parsed) return json;
    // A route that answers with wp_send_json() on a site that displays errors: notices, then its JSON.
    const tail = jsonTail(text);
    if (tail) return tail.json;
    throw { code: 'invalid_json', message: MESSAGES.invalid_json, data };
  }
  if (isRecord(json) && typeof json.code === 'string' && typeof json.message === 'string') {
    throw { code: json.code, message: json.message, data };
  }
  throw { code: 'http_error', message: `The server answered with an error (HTTP ${response.status}).`, data };
}
