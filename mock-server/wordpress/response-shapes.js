/**
 * The documented answers of /wp-json/, as checks. The route tests and the fuzz test use them to
 * assert that every answer is one of these shapes; browser tests may use them too.
 */

import { isRecord } from '../../src/shared/is-record.js';

const isLatLng = (/** @type {unknown} */ value) =>
  isRecord(value) && Number.isFinite(value.lat) && Number.isFinite(value.lng);

/** @param {unknown} body WordPress's `{code, message, data: {status}}` */
export const isWordPressError = (body, code = '', status = 0) =>
  isRecord(body) &&
  typeof body.code === 'string' &&
  typeof body.message === 'string' &&
  isRecord(body.data) &&
  (!code || body.code === code) &&
  (!status || body.data.status === status);

/** @param {unknown} body the route's WP_Error: `{errors: {key: [messages]}, error_data: []}` */
export const isSearchError = (body) =>
  isRecord(body) &&
  isRecord(body.errors) &&
  Object.values(body.errors).every(
    (list) => Array.isArray(list) && list.every((m) => typeof m === 'string'),
  ) &&
  Array.isArray(body.error_data);

/** @param {unknown} body a successful search, exactly as documented */
export const isSearchSuccess = (body) =>
  isRecord(body) &&
  isRecord(body.request) &&
  ['zipcode', 'radius', 'days'].every((key) => typeof body.request[key] === 'string') &&
  isLatLng(body.coordinates) &&
  (Array.isArray(body.donations_by_zipcode)
    ? body.donations_by_zipcode.length === 0
    : isRecord(body.donations_by_zipcode) &&
      Object.values(body.donations_by_zipcode).every(Number.isInteger)) &&
  isRecord(body.data) &&
  Array.isArray(body.data.donations) &&
  body.data.donations.every(
    (/** @type {unknown} */ d) =>
      isRecord(d) && ['number', 'title', 'zipcode', 'date', 'coordinates'].every((key) => key in d),
  );

/**
 * Which documented answer this is, or null for none.
 * @param {number} status
 * @param {unknown} body
 * @returns {'success' | 'search-error' | 'no-route' | 'invalid-nonce' | null}
 */
export function shapeOf(status, body) {
  if (status === 200 && isSearchSuccess(body)) return 'success';
  if (status === 200 && isSearchError(body)) return 'search-error';
  if (status === 404 && isWordPressError(body, 'rest_no_route', 404)) return 'no-route';
  if (status === 403 && isWordPressError(body, 'rest_cookie_invalid_nonce', 403)) return 'invalid-nonce';
  return null;
}
