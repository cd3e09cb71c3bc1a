import type { Send } from './nonce-refresh.ts';
import { readWordPressResponse } from './rest-error.ts';

/** WordPress core's `window.wp.apiFetch`, as far as we use it. */
export type CoreApiFetch = ((options: {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  parse: false;
}) => Promise<unknown>) & {
  nonceMiddleware?: { nonce: string };
};

/**
 * Sends through core's `wp.apiFetch` (printed by WordPress when another plugin needs it), read by the
 * same reader as our own requests (an HTML error page keeps its status). With `parse: false` core never
 * sees a parsed `rest_cookie_invalid_nonce`, so the nonce recovery is ours alone (`withNonceRefresh`);
 * its other middlewares (locale, preloading) still run, as they do for every plugin on the page.
 */
export const sendThroughCore =
  (core: CoreApiFetch): Send =>
  async (url, nonce, signal) => {
    let response: unknown;
    try {
      response = await core({ url, headers: nonce ? { 'X-WP-Nonce': nonce } : {}, signal, parse: false });
    } catch (error) {
      // With `parse: false` core rejects a failed answer with the Response itself.
      if (error instanceof Response) return readWordPressResponse(error);
      throw error;
    }
    return readWordPressResponse(response as Response);
  };
