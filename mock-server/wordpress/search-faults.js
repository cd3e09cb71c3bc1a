/**
 * Fault switches that change the search body's shape (transport faults live in rest-routes.js).
 * Each one reproduces an answer a client must survive: see mock-server/README.md for the list.
 */

import { XSS_PAYLOADS } from '../faults/xss-payloads.js';
import { wpErrorBody } from './responses.js';

/**
 * @typedef {import('./search-response.js').SearchSuccess} SearchSuccess
 * @typedef {{errors: Record<string, unknown>, error_data: unknown[]}} SearchError a WP_Error, its messages
 *   in arrays (strings under `stringerrors`)
 * @typedef {SearchSuccess | SearchError} SearchBody
 */

/** @param {number} i */
const payload = (i) => /** @type {string} */ (XSS_PAYLOADS[i % XSS_PAYLOADS.length]);

/** @param {SearchBody} body @returns {body is SearchError} */
const isError = (body) => 'errors' in body && typeof body.errors === 'object';

/** @param {Record<string, unknown>} errors */
const toStrings = (errors) =>
  Object.fromEntries(
    Object.entries(errors).map(([key, list]) => [key, Array.isArray(list) ? list.join(' ') : list]),
  );

/**
 * Every payload in every shown field: titles, numbers, zipcodes, dates and the zip keys (donations
 * are added, at the searched zip's centre, until each payload has appeared in each field once).
 * @param {SearchBody} body
 * @returns {SearchBody}
 */
function withPayloads(body) {
  if (isError(body)) {
    const keys = Object.keys(body.errors);
    return {
      ...body,
      errors: Object.fromEntries(keys.map((key, k) => [key, k === 0 ? [...XSS_PAYLOADS] : [payload(k)]])),
    };
  }
  const real = body.data?.donations ?? [];
  const count = Math.max(real.length, XSS_PAYLOADS.length);
  const donations = Array.from({ length: count }, (_, i) => ({
    number: payload(i + 3),
    title: payload(i),
    zipcode: payload(i + 1),
    date: payload(i + 2),
    coordinates: real[i]?.coordinates ?? body.coordinates,
  }));
  // A Map, because a payload is no safe key for a plain object's own counting.
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const { zipcode } of donations) counts.set(zipcode, (counts.get(zipcode) ?? 0) + 1);
  return { ...body, donations_by_zipcode: Object.fromEntries(counts), data: { donations } };
}

/**
 * @param {SearchBody} body a search body: success or WordPress error
 * @param {import('../faults/switches.js').Faults} faults
 * @returns {SearchBody}
 */
export function applySearchFaults(body, faults) {
  let out = body;
  if (faults.has('multierrors')) {
    out = wpErrorBody({
      invalid_radius: [
        'Radius must be a number of miles from 1 to 99.',
        'Radius is too large for this zip code.',
      ],
      invalid_days: ['Days must be a number from 1 to 90.'],
    });
  } else if (faults.has('stringerrors') && !isError(out)) {
    out = wpErrorBody({ search_unavailable: ['The donation search is not available right now.'] });
  }
  if (faults.has('xss')) out = withPayloads(out);
  // Always an error by now: stringerrors turned a success into one above.
  if (faults.has('stringerrors') && isError(out)) out = { ...out, errors: toStrings(out.errors) };
  if (isError(out)) return out;
  if (faults.has('missing')) {
    const { data: _dropped, ...rest } = out;
    out = rest;
  }
  if (faults.has('nocoords') && out.data) {
    const donations = out.data.donations.map((item, i) => {
      if (i % 3 === 0) return { ...item, coordinates: false };
      if (i % 3 !== 1) return item;
      const { coordinates: _dropped, ...rest } = item;
      return rest;
    });
    out = { ...out, data: { donations } };
  }
  if (faults.has('nozipcount')) {
    // The newest donation's zip: the first row of any table, so the gap is sure to show.
    const counts = out.donations_by_zipcode;
    const gone = out.data?.donations[0]?.zipcode ?? Object.keys(counts)[0];
    if (gone !== undefined) {
      const kept = Object.entries(counts).filter(([zip]) => zip !== gone);
      // As PHP would encode what is left: an empty array is [], not {}.
      out = { ...out, donations_by_zipcode: kept.length > 0 ? Object.fromEntries(kept) : [] };
    }
  }
  return out;
}
