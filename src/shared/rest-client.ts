import type { APIFetchMiddleware, APIFetchOptions } from '@wordpress/api-fetch';
import { type CoreApiFetch, viaCoreApiFetch } from './core-api-fetch.ts';
import { NONCE, type RestConfig } from './rest-config.ts';
import { RestError, readWordPressResponse, SESSION_EXPIRED, toRestError } from './rest-error.ts';

type ApiFetch = (options: APIFetchOptions) => Promise<unknown>;
type NonceHolder = { nonce: string } | undefined;

/**
 * Our own copy of api-fetch, configured once from the page config. Its nonce middleware and nonce
 * endpoint give WordPress's recovery from an expired nonce: refresh it, retry once.
 */
async function createOwnApiFetch(config: RestConfig): Promise<ApiFetch> {
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
  use(retryOnce(() => apiFetch.nonceMiddleware));
  return apiFetch as ApiFetch;
}

const undo: (() => void)[] = [];

/**
 * api-fetch retries after a nonce refresh as often as the server refuses the nonce. Stop after one
 * retry, and never send a refreshed "nonce" that is not one (an HTML login page, say): the nonce the
 * request started with is put back, so later requests do not carry it either.
 */
function retryOnce(nonceHolder: () => NonceHolder): APIFetchMiddleware {
  const sentWith = new WeakMap<object, string | undefined>();
  return (options, next) => {
    const holder = nonceHolder();
    const isRetry = sentWith.has(options);
    if (!isRetry) sentWith.set(options, holder?.nonce);
    const expired = () => new RestError('nonce_refresh_failed', SESSION_EXPIRED, 403);
    if (isRetry && holder && !NONCE.test(holder.nonce)) {
      holder.nonce = sentWith.get(options) ?? '';
      return Promise.reject(expired());
    }
    return next(options).catch((error: { code?: string }) => {
      throw isRetry && error?.code === 'rest_cookie_invalid_nonce' ? expired() : error;
    });
  };
}

let client: Promise<ApiFetch> | undefined;
let coreClient: { core: unknown; apiFetch: ApiFetch } | undefined;

/**
 * Core's nonce middleware replaces any `X-WP-Nonce` that differs from its own, and adds its own where
 * there is none; so core can carry our requests only when it would send the nonce the page config
 * gives. An anonymous config on a page whose core holds a (possibly cached, stale) nonce cannot go
 * through core.
 */
const sendsOurNonce = (core: CoreApiFetch, config: RestConfig) =>
  (core.nonceMiddleware?.nonce ?? '') === config.nonce;

/**
 * WordPress core's `wp.apiFetch` when the page has it and it sends our nonce (no download of our own
 * copy), made to behave exactly like ours; our lazily loaded copy otherwise. Either is configured by
 * the first request (every island gets the same config object for the page), and kept for the page.
 */
function getApiFetch(config: RestConfig): Promise<ApiFetch> {
  const core = (window as { wp?: { apiFetch?: unknown } }).wp?.apiFetch as CoreApiFetch | undefined;
  if (typeof core === 'function' && (coreClient?.core === core || (!client && sendsOurNonce(core, config)))) {
    if (coreClient?.core !== core) coreClient = { core, apiFetch: viaCoreApiFetch(core, config) };
    return Promise.resolve(coreClient.apiFetch);
  }
  if (!client) {
    client = createOwnApiFetch(config);
    // A chunk that failed to download (a deploy replaced it, the network dropped) is tried again next time.
    client.catch(() => {
      client = undefined;
    });
  }
  return client;
}

export interface RequestOptions {
  /** The page's REST keys: `ctx.section(parseRestConfig)`. */
  config: RestConfig;
  signal?: AbortSignal;
  /** Defaults to the config's `requestTimeoutMs`. */
  timeoutMs?: number;
}

/**
 * GET a REST path (relative to the REST root, e.g. `donations/v1/search/…`) and resolve with its
 * parsed JSON. Rejects with a RestError for every failure, including a timeout, and with the
 * untouched AbortError when `signal` aborts.
 */
export async function restGet(
  path: string,
  { config, signal, timeoutMs = config.requestTimeoutMs }: RequestOptions,
): Promise<unknown> {
  const apiFetch = await getApiFetch(config);
  signal?.throwIfAborted();
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // api-fetch's nonce refresh is a fetch of its own that no signal reaches: without this race a
  // hanging refresh would leave the caller waiting forever, past any timeout.
  const abandoned = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  abandoned.catch(() => {});
  try {
    return await Promise.race([apiFetch({ path, method: 'GET', signal: controller.signal }), abandoned]);
  } catch (error) {
    throw toRestError(timedOut ? { code: 'timeout' } : error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** Forgets the configured client so tests can start from a new page config. */
export function resetRestClientForTests(): void {
  for (const step of undo.splice(0)) step();
  client = undefined;
  coreClient = undefined;
}
