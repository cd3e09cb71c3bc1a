import type { Send } from './nonce-refresh.ts';
import { isAbortError, readWordPressResponse } from './rest-error.ts';

/**
 * Our own GET to WordPress's REST API, for pages without core's `wp.apiFetch`: the request api-fetch's
 * default handler and middlewares make for a GET (the `Accept` header WordPress takes as the sign of a
 * REST request, the cookies, the visitor's locale through `_locale=user`), and its failures in
 * WordPress's shape; without api-fetch itself, which would bring WordPress's i18n and hooks packages
 * into the search's download.
 */
export const sendWithFetch: Send = async (url, nonce, signal) => {
  const headers: Record<string, string> = { Accept: 'application/json, */*;q=0.1' };
  if (nonce) headers['X-WP-Nonce'] = nonce;
  const withLocale = /[?&]_locale=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}_locale=user`;
  const response = await fetch(withLocale, { credentials: 'include', headers, signal }).catch(
    (error: unknown) => {
      if (isAbortError(error)) throw error;
      throw { code: navigator.onLine ? 'fetch_error' : 'offline_error' };
    },
  );
  return readWordPressResponse(response);
};
