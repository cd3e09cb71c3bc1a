const KEY_PREFIX = 'donation-widgets:conversion:';

/**
 * True the first time `token` is claimed for `key` in this browser session, false after that, so a
 * reload or a back navigation to a conversion page never reports it again. One entry per key: the
 * token names the transaction when the page gives an id, so a second donation in the same session
 * still counts. Where sessionStorage is blocked or full this answers true: a reload may then count
 * twice (gtag's transaction_id lets GA4 and Ads drop that duplicate), but a conversion is never lost
 * and nothing throws.
 */
export function claimOnce(key: string, token: string): boolean {
  const storageKey = KEY_PREFIX + key;
  try {
    const store = window.sessionStorage;
    if (store.getItem(storageKey) === token) return false;
    store.setItem(storageKey, token);
  } catch (error) {
    // Browsers refuse storage with a DOMException (SecurityError, QuotaExceededError); anything else is a bug.
    if (!(error instanceof DOMException)) throw error;
  }
  return true;
}
