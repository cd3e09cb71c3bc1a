import { withReader } from './config-readers.ts';

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The page config's `requestTimeoutMs`: how long a REST request may take. The REST client aborts at
 * it, and the submit lock waits past it before giving the buttons back on its own.
 */
export const readRequestTimeout = withReader((root) =>
  root.number('requestTimeoutMs', DEFAULT_TIMEOUT_MS, 100, 300_000),
);
