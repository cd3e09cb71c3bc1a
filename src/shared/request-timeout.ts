import type { SectionParser } from './config-readers.ts';
import { numberFrom, readKey } from './read-key.ts';

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The page config's `requestTimeoutMs`: how long a REST request may take. The REST client aborts at
 * it, and the submit lock waits past it before giving the buttons back on its own.
 */
export const readRequestTimeout: SectionParser<number> = (json, problem) =>
  readKey(json, 'requestTimeoutMs', DEFAULT_TIMEOUT_MS, numberFrom(100, 300_000), problem);
