import { NONCE, type RestConfig } from './rest-config.ts';
import { PAGE_EXPIRED, RestError } from './rest-error.ts';

/**
 * Sends one GET to `url` with `nonce` (none when empty) and resolves with the parsed answer, or throws
 * WordPress's error shape (`readWordPressResponse`): the part that differs between our own `fetch` and
 * WordPress core's `wp.apiFetch`.
 */
export type Send = (url: string, nonce: string, signal: AbortSignal) => Promise<unknown>;

/** GETs a path under the REST root, recovering from an expired nonce (see `withNonceRefresh`). */
export type Transport = (path: string, signal: AbortSignal) => Promise<unknown>;

/**
 * A path under the REST root, as api-fetch's root middleware joins them: with plain permalinks the root
 * ends in `?rest_route=/`, so the path's own query continues it with `&`.
 */
export const restUrl = (root: string, path: string) =>
  root + (root.includes('?') ? path.replace('?', '&') : path).replace(/^\//, '');

const isInvalidNonce = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'rest_cookie_invalid_nonce';

/**
 * WordPress's recovery from an expired nonce, as api-fetch does it: on `rest_cookie_invalid_nonce`, one
 * fresh nonce from the config's nonce endpoint and one retry with it; later requests keep it, and
 * `refreshed` hears of it. api-fetch would refresh and retry for as long as the server refuses; here a
 * second refusal is the end, and an answer that is not a nonce (a login page) is never sent.
 */
export function withNonceRefresh(
  send: Send,
  config: RestConfig,
  refreshed: (nonce: string) => void = () => {},
): Transport {
  let nonce = config.nonce;

  /** A fresh nonce from the nonce endpoint, or the original error when there is none to be had. */
  const refresh = async (original: unknown, signal: AbortSignal): Promise<string> => {
    const response = await fetch(config.nonceEndpoint, { credentials: 'same-origin', signal }).catch(
      (error: unknown) => {
        throw (error as Error)?.name === 'AbortError' ? error : original;
      },
    );
    if (!response.ok) throw original;
    const text = (await response.text()).trim();
    // A login page is not a nonce: the page's nonce stays, and the request is not sent again.
    if (!NONCE.test(text)) throw new RestError('nonce_refresh_failed', PAGE_EXPIRED, 403);
    return text;
  };

  return async (path, signal) => {
    const url = restUrl(config.restRoot, path);
    try {
      return await send(url, nonce, signal);
    } catch (error) {
      if (!isInvalidNonce(error) || !nonce) throw error;
      nonce = await refresh(error, signal);
      refreshed(nonce);
    }
    return send(url, nonce, signal).catch((error: unknown) => {
      throw isInvalidNonce(error) ? new RestError('nonce_refresh_failed', PAGE_EXPIRED, 403) : error;
    });
  };
}
