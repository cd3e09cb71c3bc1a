import { untilAborted, withTimeout } from './abort-timeout.ts';
import type { SectionParser } from './config-readers.ts';
import { type CoreApiFetch, sendThroughCore } from './core-api-fetch.ts';
import { type Transport, withNonceRefresh } from './nonce-refresh.ts';
import { sendWithFetch } from './own-fetch.ts';
import { parseRestConfig, type RestConfig } from './rest-config.ts';
import { toRestError } from './rest-error.ts';

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
}

/**
 * A REST client for the page config's REST keys. It sends through WordPress core's `wp.apiFetch` when
 * the page has it and it sends our nonce, made to behave exactly like our own `fetch`; through our own
 * otherwise. Both are in the client's chunk: no download stands between a search and its request.
 */
export function createRestClient(config: RestConfig): RestClient {
  let own: Transport | undefined;
  let coreClient: { core: unknown; transport: Transport } | undefined;

  const transport = (): Transport => {
    const core = (window as { wp?: { apiFetch?: unknown } }).wp?.apiFetch as CoreApiFetch | undefined;
    // Once our own has sent (and maybe refreshed the nonce), it stays: core may arrive later with another.
    if (typeof core === 'function' && (coreClient?.core === core || (!own && sendsOurNonce(core, config)))) {
      if (coreClient?.core !== core) {
        // Core's nonce middleware would put its stale nonce back on the retry; and core's own requests
        // go out with the fresh one too, as after its own refresh.
        const refreshed = (nonce: string) => {
          if (core.nonceMiddleware) core.nonceMiddleware.nonce = nonce;
        };
        coreClient = { core, transport: withNonceRefresh(sendThroughCore(core), config, refreshed) };
      }
      return coreClient.transport;
    }
    own ??= withNonceRefresh(sendWithFetch, config);
    return own;
  };

  return {
    async get(path, { signal, timeoutMs = config.requestTimeoutMs } = {}) {
      signal?.throwIfAborted();
      const request = withTimeout(signal, timeoutMs);
      try {
        // Core's wp.apiFetch runs the middlewares other plugins added, which need not pass the signal
        // on: without this race one of them could leave the caller waiting past any timeout.
        return await untilAborted(transport()(path, request.signal), request.signal);
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
