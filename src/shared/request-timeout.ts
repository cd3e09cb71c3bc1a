import type { SectionParser } from './config-readers.ts';

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The page config's `requestTimeoutMs`: how long a REST request may take. The REST client aborts at
 * it, and the submit lock waits past it before giving the buttons back on its own. Written without
 * the Reader so the submit lock's chunk does not carry the validators of every other key.
 */
export const readRequestTimeout: SectionParser<number> = ({ requestTimeoutMs: ms }, problem) => {
  if (ms === undefined) return DEFAULT_TIMEOUT_MS;
  // The range also keeps out NaN and Infinity.
  if (typeof ms === 'number' && ms >= 100 && ms <= 300_000) return ms;
  problem('requestTimeoutMs', 'a number from 100 to 300000', ms);
  return DEFAULT_TIMEOUT_MS;
};
