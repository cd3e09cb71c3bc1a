/**
 * One HTTP request over a new connection, timed from the machine itself (loopback: no network in the
 * time, so it is the server's), as the WordPress benches make them. Never rejects: a failed or timed-out
 * request resolves with status 0, so a load run counts it as an error and goes on.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** What a browser sends: the site may compress its answer. */
export const GZIP = { 'Accept-Encoding': 'gzip, deflate, br' };

/**
 * @param {string} site the site's URL
 * @param {string} address a path on it
 * @param {{ method?: string, headers?: Record<string, string>, timeoutMs?: number }} [options]
 * @returns {Promise<{ ms: number, firstByte: number, status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer, error?: string }>}
 *   `body` as it travelled (compressed or not)
 */
export function timedRequest(site, address, { method = 'GET', headers = {}, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    let firstByte = Number.NaN;
    const fail = (error) =>
      resolve({
        ms: performance.now() - started,
        firstByte,
        status: 0,
        headers: {},
        body: Buffer.alloc(0),
        error: String(error),
      });
    const sent = request(
      new URL(address, site),
      { method, agent: false, headers: { Connection: 'close', ...headers }, timeout: timeoutMs },
      (response) => {
        firstByte = performance.now() - started;
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            firstByte,
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    sent.on('timeout', () => sent.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    sent.on('error', fail);
    sent.end();
  });
}

/** The body as text, unpacked when it travelled gzip. @param {{ headers: object, body: Buffer }} answer */
export const decoded = ({ headers, body }) =>
  (headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');

/** The store's word on an answer (`X-Donation-Widgets-Cache`): hit, miss, wait, bypass, or none. */
export const cacheOf = ({ headers }) => String(headers['x-donation-widgets-cache'] ?? 'none');
