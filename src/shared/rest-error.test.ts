import { describe, expect, it } from 'vitest';
import { RestError, toRestError } from './rest-error.ts';

describe('toRestError', () => {
  it.each([
    [
      'a WordPress error keeps its message and status',
      { code: 'rest_no_route', message: 'No route was found.', data: { status: 404 } },
      { code: 'rest_no_route', message: 'No route was found.', status: 404 },
    ],
    [
      'a nonce refused even after the refresh speaks to the visitor',
      { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
      {
        code: 'rest_cookie_invalid_nonce',
        message: 'This page has expired.',
      },
    ],
    [
      "api-fetch's offline guess is replaced by a plain statement",
      { code: 'fetch_error', message: 'You are probably offline.' },
      {
        code: 'fetch_error',
        message: 'The server could not be reached.',
      },
    ],
    [
      'an error with an empty message names its code',
      { code: 'odd', message: '' },
      { message: 'The request failed (odd).' },
    ],
    [
      'anything else thrown',
      new TypeError('x is undefined'),
      { code: 'unknown_error', message: 'x is undefined' },
    ],
  ])('%s', (_, thrown, expected) => {
    const error = toRestError(thrown);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject(expected);
  });

  it('returns an abort untouched, whatever realm its DOMException comes from', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(toRestError(abort)).toBe(abort);
  });
});
