/**
 * The rules of the search answers' wire and store that need no WordPress, run in php-cli: which
 * encoding a client's Accept-Encoding gets, with and without PHP's Brotli, and which answers may be kept.
 */
import { describe, expect, it } from 'vitest';
import { runPhp } from './php-cli.ts';

const choose = (accept: string, brotli: boolean) =>
  runPhp(`echo wp_json_encode( donation_widgets_choose_encoding( ${JSON.stringify(accept)}, ${brotli} ) );`, {
    requires: ['search/search-encoding.php'],
    stubs: 'function wp_json_encode( $value ) { return json_encode( $value ); }',
  });

describe('the encoding a client gets', () => {
  it.each([
    ['gzip, deflate, br', true, 'br'],
    ['gzip, deflate, br', false, 'gzip'],
    ['br;q=0, gzip', true, 'gzip'],
    ['BR, GZIP', true, 'br'],
    ['x-gzip', false, 'gzip'],
    ['gzip;q=0', false, null],
    ['identity', true, null],
    ['', true, null],
    ['*', true, 'br'],
    ['*;q=0, gzip;q=0.5', true, 'gzip'],
    ['deflate, *;q=0', true, null],
  ])('Accept-Encoding "%s" with Brotli %s gets %s', (accept, brotli, expected) => {
    expect(JSON.parse(choose(accept, brotli))).toBe(expected);
  });
});

describe('the answers that may be kept', () => {
  const keepable = (status: number, json: string) =>
    runPhp(
      `echo donation_widgets_is_keepable_answer( ${status}, ${JSON.stringify(json)} ) ? 'kept' : 'not kept';`,
      {
        requires: ['search/search-store.php'],
      },
    );

  it.each([
    [
      'a search that found its place',
      200,
      '{"coordinates":{"lat":1,"lng":2},"donations_by_zipcode":[]}',
      'kept',
    ],
    ['the same with another status', 503, '{"coordinates":{"lat":1,"lng":2}}', 'not kept'],
    [
      'a serialized WP_Error',
      200,
      '{"errors":{"nozipcodes":["No zip codes returned for 99999."]},"error_data":[]}',
      'not kept',
    ],
    ["wp_send_json_error()'s answer", 200, '{"success":false,"data":{"coordinates":{}}}', 'not kept'],
    ['JSON null', 200, 'null', 'not kept'],
    ['an empty list', 200, '[]', 'not kept'],
    ["PHP's warning before the JSON", 200, 'Warning: x\n{"coordinates":{"lat":1,"lng":2}}', 'not kept'],
    ['an answer without its place', 200, '{"data":{"donations":[]}}', 'not kept'],
  ])('%s: %s', (_, status, json, expected) => {
    expect(keepable(status, json)).toBe(expected);
  });
});
