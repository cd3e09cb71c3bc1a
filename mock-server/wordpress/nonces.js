/**
 * WordPress's REST nonce contract, without WordPress's ticks: a nonce is current for `lifetimeMs`
 * after it was issued. Real WordPress nonces last 12 to 24 hours; tests set a short lifetime or call
 * `expireAll()` to exercise the client's refresh-and-retry.
 */
import { randomBytes } from 'node:crypto';

const MAX_REMEMBERED = 10_000;

/**
 * @typedef {object} NonceRegistry
 * @property {() => string} issue a fresh nonce: 10 lowercase hex characters, as WordPress prints them
 * @property {(nonce: string) => boolean} isCurrent
 * @property {() => void} expireAll every nonce issued so far stops being current
 */

/**
 * @param {{lifetimeMs: number, now: () => number}} options
 * @returns {NonceRegistry}
 */
export function createNonceRegistry({ lifetimeMs, now }) {
  /** @type {Map<string, number>} issue time by nonce, oldest first */
  const issued = new Map();
  const isCurrent = (/** @type {string} */ nonce) => {
    const time = issued.get(nonce);
    return time !== undefined && now() - time < lifetimeMs;
  };
  return {
    issue() {
      // Every page view issues one; forget the expired ones (and, under a flood, the oldest).
      for (const [nonce] of issued) {
        if (issued.size < MAX_REMEMBERED && isCurrent(nonce)) break;
        issued.delete(nonce);
      }
      const nonce = randomBytes(5).toString('hex');
      issued.set(nonce, now());
      return nonce;
    },
    isCurrent,
    expireAll: () => issued.clear(),
  };
}
