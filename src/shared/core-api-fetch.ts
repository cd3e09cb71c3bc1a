import type { APIFetchOptions } from '@wordpress/api-fetch';
import { NONCE, type RestConfig } from './rest-config.ts';
import { RestError, readWordPressResponse, SESSION_EXPIRED } from './rest-error.ts';

/** WordPress core's `window.wp.apiFetch`, as far as we use it. */
export type CoreApiFetch = ((options: APIFetchOptions) => Promise<unknown>) & {
  nonceMiddleware?: { nonce: string };
};

const isInvalidNonce = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'rest_cookie_invalid_nonce';

/**
 * Core's `wp.apiFetch` (printed by WordPress when another plugin needs it) made to behave like our own
 * copy: the page config's restRoot, nonce and nonceEndpoint, every answer read by the same reader (an
 * HTML error page keeps its status), and after a refused nonce one refresh and one retry. Core would
 * refresh and retry for as long as the server refuses; with `parse: false` it never sees a parsed
 * `rest_cookie_invalid_nonce`, so the recovery is ours alone. Its other middlewares (locale, preloading)
 * still run, as they do for every plugin on the page.
 */
export function viaCoreApiFetch(core: CoreApiFetch, config: RestConfig) {
  let nonce = config.nonce;

  const send = async ({ path, ...options }: APIFetchOptions): Promise<unknown> => {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (nonce) headers['X-WP-Nonce'] = nonce;
    let response: unknown;
    try {
      response = await core({ ...options, url: `${config.restRoot}${path ?? ''}`, headers, parse: false });
    } catch (error) {
      // With `parse: false` core rejects a failed answer with the Response itself.
      if (error instanceof Response) return readWordPressResponse(error);
      throw error;
    }
    return readWordPressResponse(response as Response);
  };

  /** A fresh nonce from the nonce endpoint, or the original error when there is none to be had. */
  const refresh = async (original: unknown, signal?: AbortSignal | null): Promise<string> => {
    const response = await fetch(config.nonceEndpoint, { credentials: 'same-origin', signal }).catch(
      (error: unknown) => {
        throw (error as Error)?.name === 'AbortError' ? error : original;
      },
    );
    if (!response.ok) throw original;
    const text = (await response.text()).trim();
    // A login page is not a nonce: the page's nonce stays, and the request is not sent again.
    if (!NONCE.test(text)) throw new RestError('nonce_refresh_failed', SESSION_EXPIRED, 403);
    return text;
  };

  return async (options: APIFetchOptions): Promise<unknown> => {
    try {
      return await send(options);
    } catch (error) {
      if (!isInvalidNonce(error) || !nonce) throw error;
      nonce = await refresh(error, options.signal);
      // Core's own requests on this page go out with the fresh nonce too, as after its own refresh.
      if (core.nonceMiddleware) core.nonceMiddleware.nonce = nonce;
    }
    return send(options).catch((error: unknown) => {
      throw isInvalidNonce(error) ? new RestError('nonce_refresh_failed', SESSION_EXPIRED, 403) : error;
    });
  };
}
