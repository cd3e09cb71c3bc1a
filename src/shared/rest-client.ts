import type { APIFetchMiddleware, APIFetchOptions } from '@wordpress/api-fetch';
import { untilAborted, withTimeout } from './abort-timeout.ts';
import type { SectionParser } from './config-readers.ts';
import { type CoreApiFetch, viaCoreApiFetch } from './core-api-fetch.ts';
import { NONCE, parseRestConfig, type RestConfig } from './rest-config.ts';
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
  const use = (middleware: APIFetchMiddleware) => apiFetch.use(middleware);
  use(apiFetch.createRootURLMiddleware(config.restRoot));
  apiFetch.nonceMiddleware = config.nonce ? apiFetch.createNonceMiddleware(config.nonce) : undefined;
  if (apiFetch.nonceMiddleware) use(apiFetch.nonceMiddleware);
  apiFetch.nonceEndpoint = config.nonceEndpoint;
  // Registered last so it runs first and sees api-fetch's retry as the same options object again.
  use(retryOnce(() => apiFetch.nonceMiddleware));
  return apiFetch as ApiFetch;
}

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

/**
 * Core's nonce middleware replaces any `X-WP-Nonce` that differs from its own, and adds its own where
 * there is none; so core can carry our requests only when it would send the nonce the page config
 * gives. An anonymous config on a page whose core holds a (possibly cached, stale) nonce cannot go
 * through core.
 */
const sendsOurNonce = (core: CoreApiFetch, config: RestConfig) =>
  (core.nonceMiddleware?.nonce ?? '') === config.nonce;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Defaults to the config's `requestTimeoutMs`. */
  timeoutMs?: number;
}

/** The REST client of one page (see `restClient`). */
export interface RestClient {
  /**
   * GET a REST path (relative to the REST root, e.g. `donations/v1/search/…`) and resolve with its
   * parsed JSON. Rejects with a RestError for every failure, including a timeout, and with the
   * untouched AbortError when `signal` aborts.
   */
  get(path: string, options?: RequestOptions): Promise<unknown>;
  /**
   * Downloads what the first `get` needs (our copy of api-fetch where core's cannot be used) ahead of
   * it, so that no download stands between a search and its request. Failures wait for that `get`.
   */
  preload(): void;
}

/**
 * A REST client for the page config's REST keys. It sends through WordPress core's `wp.apiFetch` when
 * the page has it and it sends our nonce (no download of our own copy), made to behave exactly like
 * ours; through our lazily loaded copy otherwise, configured by the first request and kept.
 */
export function createRestClient(config: RestConfig): RestClient {
  let client: Promise<ApiFetch> | undefined;
  let coreClient: { core: unknown; apiFetch: ApiFetch } | undefined;

  const getApiFetch = (): Promise<ApiFetch> => {
    const core = (window as { wp?: { apiFetch?: unknown } }).wp?.apiFetch as CoreApiFetch | undefined;
    if (
      typeof core === 'function' &&
      (coreClient?.core === core || (!client && sendsOurNonce(core, config)))
    ) {
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
  };

  return {
    preload() {
      getApiFetch().catch(() => {});
    },
    async get(path, { signal, timeoutMs = config.requestTimeoutMs } = {}) {
      const apiFetch = await getApiFetch();
      signal?.throwIfAborted();
      const request = withTimeout(signal, timeoutMs);
      try {
        // api-fetch's nonce refresh is a fetch of its own that no signal reaches: without this race a
        // hanging refresh would leave the caller waiting forever, past any timeout.
        return await untilAborted(apiFetch({ path, method: 'GET', signal: request.signal }), request.signal);
      } catch (error) {
        throw toRestError(request.timedOut() ? { code: 'timeout' } : error);
      } finally {
        request.done();
      }
    },
  };
}

/**
 * The page's one REST client, as a section of the page config: `ctx.section(restClient)` makes it from
 * the REST keys the first time an island asks, and every island of the page then shares it.
 */
export const restClient: SectionParser<RestClient> = (json, problem) =>
  createRestClient(parseRestConfig(json, problem));
