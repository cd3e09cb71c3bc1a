/**
 * The bodies WordPress answers with, byte for byte where a client might depend on them.
 */

export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

/** WP_REST_Server's answer when no registered route matches the path and method. */
export const REST_NO_ROUTE = Object.freeze({
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
});

/** rest_cookie_check_errors()'s answer to an X-WP-Nonce (or _wpnonce) that is not current. */
export const INVALID_NONCE = Object.freeze({
  code: 'rest_cookie_invalid_nonce',
  message: 'Cookie check failed',
  data: { status: 403 },
});

/**
 * A WP_Error returned as a route's data, which json_encode() turns into its public properties:
 * messages in arrays keyed by code, and `error_data` an empty PHP array, so `[]` and not `{}`.
 * @param {Record<string, unknown>} errors
 */
export const wpErrorBody = (errors) => ({ errors, error_data: [] });

/** @param {string} zipcode */
export const noZipCodesBody = (zipcode) =>
  wpErrorBody({ nozipcodes: [`No zip codes returned for ${zipcode}.`] });
