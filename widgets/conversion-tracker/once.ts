const KEY_PREFIX = 'donation-widgets:conversion:';

/** Transactions remembered per conversion; past this the oldest is forgotten first. */
export const REMEMBERED_CLAIMS = 50;

/** The tokens already claimed for a key: a JSON list, or the single token an older build stored. */
function readClaims(stored: string | null): string[] {
  if (stored === null) return [];
  try {
    const list: unknown = JSON.parse(stored);
    if (Array.isArray(list)) return list.filter((token): token is string => typeof token === 'string');
  } catch {
    // Not JSON: the plain token an older build stored.
  }
  return [stored];
}

/**
 * True the first time `token` is claimed for `key` in this browser session, false after that, so a
 * reload or a back navigation to a conversion page never reports it again. The token names the
 * transaction when the page gives an id, and every transaction seen in the session is remembered (the
 * last REMEMBERED_CLAIMS per key, oldest forgotten first), so neither a second donation nor a return
 * to an earlier one's page is miscounted. Where sessionStorage is blocked or full this answers true: a
 * reload may then count twice (gtag's transaction_id lets GA4 and Ads drop that duplicate), but a
 * conversion is never lost and nothing throws.
 */
export function claimOnce(key: string, token: string): boolean {
  const storageKey = KEY_PREFIX + key;
  try {
    const store = window.sessionStorage;
    const claims = readClaims(store.getItem(storageKey));
    if (claims.includes(token)) return false;
    store.setItem(storageKey, JSON.stringify([...claims, token].slice(-REMEMBERED_CLAIMS)));
  } catch (error) {
    // Browsers refuse storage with a DOMException (SecurityError, QuotaExceededError); anything else is a bug.
    if (!(error instanceof DOMException)) throw error;
  }
  return true;
}
