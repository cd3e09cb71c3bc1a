import { isRecord, type Json, type Problem, Reader, URL_OR_PATH } from './config-readers.ts';
import { readRequestTimeout } from './request-timeout.ts';

/** The REST client's keys of the page config, validated and with every default filled in. */
export interface RestConfig {
  restRoot: string;
  /** Empty means anonymous: no `X-WP-Nonce` header is sent. */
  nonce: string;
  nonceEndpoint: string;
  requestTimeoutMs: number;
}

/** What a WordPress nonce can look like; anything else (a login page, a header injection) is refused. */
export const NONCE = /^[A-Za-z0-9]{1,64}$/;

/**
 * Reads the REST keys, falling back to WordPress's own `wpApiSettings` (printed with the
 * `wp-api-fetch` script) for the root, and for the nonce only when the page config has no `nonce` key:
 * a cached page keeps serving `wpApiSettings`' nonce long after it expired, and a visitor who is not
 * logged in cannot refresh it, so the page config's `""` or `null` (anonymous) must win over it.
 * Only the islands that call the REST route download this validator.
 */
export function parseRestConfig(
  json: Json,
  problem: Problem,
  wpApiSettings: unknown = (globalThis as { wpApiSettings?: unknown }).wpApiSettings,
): RestConfig {
  const wp = new Reader(isRecord(wpApiSettings) ? wpApiSettings : {}, 'wpApiSettings.', problem);
  const root = new Reader(json, '', problem);
  const nonceFromConfig = json.nonce !== undefined;
  const anonymous = json.nonce === '' || json.nonce === null;
  return {
    restRoot: root.string(
      'restRoot',
      wp.string('root', '/wp-json/', URL_OR_PATH, 'a URL'),
      URL_OR_PATH,
      'a URL',
    ),
    nonce: nonceFromConfig
      ? anonymous
        ? ''
        : root.string('nonce', '', NONCE, 'a nonce (letters and digits), or "" for anonymous')
      : wp.string('nonce', '', NONCE, 'a nonce'),
    nonceEndpoint: root.string(
      'nonceEndpoint',
      '/wp-admin/admin-ajax.php?action=rest-nonce',
      URL_OR_PATH,
      'a URL or a path starting with /',
    ),
    requestTimeoutMs: readRequestTimeout(json, problem),
  };
}
