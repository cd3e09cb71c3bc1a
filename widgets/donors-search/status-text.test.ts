import { RestError } from '../../src/rest-error.ts';
import { failureMessage, formatError, SEARCH_LABEL, WORKING_TEXT } from './status-text.ts';

describe('the texts of SPEC §9', () => {
  test('working and the button label are exact', () => {
    expect(WORKING_TEXT).toBe('Working...');
    expect(SEARCH_LABEL).toBe('Search');
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
    expect(failureMessage(error)).toBe(message);
  });
});
