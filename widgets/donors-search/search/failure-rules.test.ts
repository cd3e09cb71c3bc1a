import { RestError, toRestError } from '../../../src/shared/rest-error.ts';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import { failureAdvice, failureMessage, formatError } from './failure-rules.ts';

describe('the texts a visitor reads', () => {
  test('working and the button label are exact', () => {
    expect(SEARCH_TEXT_DEFAULTS.working).toBe('Working...');
    expect(SEARCH_TEXT_DEFAULTS.search).toBe('Search');
  });

  test.each([
    [
      'No zip codes returned for 00000.',
      'ERROR: No zip codes returned for 00000. Please try another search.',
    ],
    ['', 'ERROR:  Please try another search.'],
    ['<b>bold</b>', 'ERROR: <b>bold</b> Please try another search.'],
  ])('formatError(%j)', (message, text) => {
    expect(formatError(message)).toBe(text);
  });
});

const noRoute = () =>
  new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404);

describe('failureMessage', () => {
  test.each([
    [
      'a RestError’s own message',
      new RestError('timeout', 'The server took too long to answer.'),
      'The server took too long to answer.',
    ],
    ['a RestError without a message', new RestError('x', '  '), 'The search failed.'],
    ['a bug', new TypeError('x is undefined'), 'The search failed.'],
    ['a thrown string', 'oops', 'The search failed.'],
  ])('%s', (_name, error, message) => {
    expect(failureMessage(error, { zipcode: '10001' })).toBe(message);
  });

  test.each([
    ['four digits', '1234'],
    ['letters', 'abcde'],
    ['ZIP+4', '10001-1234'],
    ['nine digits', '100011234'],
    ['empty', ''],
    ['a path', '../1?'],
  ])('404 rest_no_route for a zip that is not five digits (%s) asks for a 5-digit zip', (_name, zipcode) => {
    expect(failureMessage(noRoute(), { zipcode })).toBe(SEARCH_TEXT_DEFAULTS.zipHint);
    expect(formatError(failureMessage(noRoute(), { zipcode }))).toBe(
      'ERROR: The zip code must have 5 digits. Please try another search.',
    );
  });

  test('404 rest_no_route for a five-digit zip does not blame the zip', () => {
    expect(failureMessage(noRoute(), { zipcode: '10001' })).toBe('The search is not available right now.');
  });

  test('WordPress’s developer text never reaches the visitor', () => {
    for (const zipcode of ['1234', '10001']) {
      expect(failureMessage(noRoute(), { zipcode })).not.toMatch(/route/i);
    }
  });
});

describe('every failed request’s line', () => {
  test.each([
    ['rest_cookie_invalid_nonce', '10001'],
    ['nonce_refresh_failed', '10001'],
    ['fetch_error', '10001'],
    ['offline_error', '10001'],
    ['invalid_json', '10001'],
    ['timeout', '10001'],
    ['http_error', '10001'],
    ['rest_no_route', '10001'],
    ['rest_no_route', '1234'],
  ])('for %s (zip %s) says what happened, then gives one piece of advice', (code, zipcode) => {
    const error = toRestError({ code, message: 'The server answered with an error (HTTP 500).' });
    const line = formatError(failureMessage(error, { zipcode }), failureAdvice(error, { zipcode }));
    expect(line).toMatch(/^ERROR: .+\. Please [^.]+\.$/);
    expect(line.match(/\b(please|try|reload|check|enter)\b/gi)).toHaveLength(2);
  });
});

describe('the advice fits whose fault it was', () => {
  const lineOf = (error: unknown) =>
    formatError(failureMessage(error, { zipcode: '10001' }), failureAdvice(error, { zipcode: '10001' }));

  test.each([
    [
      { code: 'http_error', message: 'The server answered with an error (HTTP 500).', data: { status: 500 } },
      'ERROR: The server answered with an error (HTTP 500). Please try again later.',
    ],
    [
      { code: 'http_error', message: 'The server answered with an error (HTTP 503).', data: { status: 503 } },
      'ERROR: The server answered with an error (HTTP 503). Please try again later.',
    ],
    [
      {
        code: 'internal_server_error',
        message: '<p>There has been a critical error</p>',
        data: { status: 500 },
      },
      'ERROR: The server ran into an error. Please try again later.',
    ],
    [
      { code: 'http_error', message: 'The server answered with an error (HTTP 404).', data: { status: 404 } },
      'ERROR: The server answered with an error (HTTP 404). Please try another search.',
    ],
  ])(
    'a server fault (%j) is never the zip code’s: it says to try again later, not another search',
    (failure, line) => {
      expect(lineOf(toRestError(failure))).toBe(line);
    },
  );

  test.each([['rest_cookie_invalid_nonce'], ['nonce_refresh_failed']])(
    'a refused nonce (%s) tells of the page, which a visitor has too, never of a session',
    (code) => {
      expect(lineOf(toRestError({ code, data: { status: 403 } }))).toBe(
        'ERROR: This page has expired. Please reload the page and search again.',
      );
    },
  );
});
