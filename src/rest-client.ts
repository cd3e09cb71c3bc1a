import type { APIFetchMiddleware, APIFetchOptions } from '@wordpress/api-fetch';
import { getConfig, type PageConfig } from './config.ts';
import { RestError, readWordPressResponse, SESSION_EXPIRED, toRestError } from './rest-error.ts';

type ApiFetch = (options: APIFetchOptions) => Promise<unknown>;

const NONCE = /^[A-Za-z0-9]{1,64}$/;

/**
 * Our own copy of api-fetch, configured once from the page config. Its nonce middleware and nonce
 * endpoint give WordPress's recovery from an expired nonce: refresh it, retry once.
 */
async function createOwnApiFetch(config: PageConfig): Promise<ApiFetch> {
  const { default: apiFetch } = await import('@wordpress/api-fetch');
  apiFetch.setFetchHandler((options) =>
    apiFetch.defaultFetchHandler({ ...options, parse: false }).then(
      (response) => readWordPressResponse(response as Response),
      (error: unknown) => {
        if (error instanceof Response) return readWordPressResponse(error);
        throw error;
      },
    ),
  );
  const use = (middleware: APIFetchMiddleware) => {
    apiFetch.use(middleware);
    undo.push(() => apiFetch.unregister(middleware));
  };
  use(apiFetch.createRootURLMiddleware(config.restRoot));
  apiFetch.nonceMiddleware = config.nonce ? apiFetch.createNonceMiddleware(config.nonce) : undefined;
  if (apiFetch.nonceMiddleware) use(apiFetch.nonceMiddleware);
  apiFetch.nonceEndpoint = config.nonceEndpoint;
  // Registered last so it runs first and sees api-fetch's retry as the same options object again.
  use(retryOnce(() => apiFetch.nonceMiddleware?.nonce));
  return apiFetch as ApiFetch;
}

const undo: (() => void)[] = [];

/**
 * api-fetch retries after a nonce refresh as often as the server refuses the nonce. Stop after one
 * retry, and never send a refreshed "nonce" that is not one (an HTML login page, say).
 */
function retryOnce(currentNonce: () => string | undefined): APIFetchMiddleware {
  const seen = new WeakSet<object>();
  return (options, next) => {
    const isRetry = seen.has(options);
    seen.add(options);
    const nonce = currentNonce();
    const expired = () => new RestError('nonce_refresh_failed', SESSION_EXPIRED, 403);
    if (isRetry && nonce !== undefined && !NONCE.test(nonce)) return Promise.reject(expired());
    return next(options).catch((error: { code?: string }) => {
      throw isRetry && error?.code === 'rest_cookie_invalid_nonce' ? expired() : error;
    });
  };
}

let client: Promise<ApiFetch> | undefined;

/** WordPress core's own configured `wp.apiFetch` when the page has it; our lazily loaded copy otherwise. */
function getApiFetch(): Promise<ApiFetch> {
  const core = (window as { wp?: { apiFetch?: unknown } }).wp?.apiFetch;
  if (typeof core === 'function') return Promise.resolve(core as ApiFetch);
  client ??= createOwnApiFetch(getConfig());
  return client;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Defaults to the config's `requestTimeoutMs`. */
  timeoutMs?: number;
}

/**
 * GET a REST path (relative to the REST root, e.g. `donations/v1/search/…`) and resolve with its
 * parsed JSON. Rejects with a RestError for every failure, including a timeout, and with the
 * untouched AbortError when `signal` aborts.
 */
export async function restGet(path: string, { signal, timeoutMs }: RequestOptions = {}): Promise<unknown> {
  const apiFetch = await getApiFetch();
  signal?.throwIfAborted();
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs ?? getConfig().requestTimeoutMs);
  try {
    return await apiFetch({ path, method: 'GET', signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new RestError('timeout', 'The server took too long to answer.');
    throw toRestError(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** Forgets the configured client so tests can start from a new page config. */
export function resetRestClientForTests(): void {
  for (const step of undo.splice(0)) step();
  client = undefined;
}
