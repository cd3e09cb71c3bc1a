import type { SectionParser } from './config-readers.ts';
import { numberFrom, readKey } from './read-key.ts';

/**
 * The settings schema's donation_widgets_request_timeout, in seconds as admins set it; the plugin prints
 * it in milliseconds, the unit of every timer here. Typed here rather than imported from the schema, which
 * every page with a form would then download whole for three numbers; settings-schema.test.ts holds them
 * to the schema.
 */
export const REQUEST_TIMEOUT_SECONDS = { default: 20, minimum: 1, maximum: 300 };
const { default: seconds, minimum, maximum } = REQUEST_TIMEOUT_SECONDS;

/**
 * The page config's `requestTimeoutMs`: how long a REST request may take. The REST client aborts at
 * it, and the submit lock waits past it before giving the buttons back on its own.
 */
export const readRequestTimeout: SectionParser<number> = (json, problem) =>
  readKey(json, 'requestTimeoutMs', seconds * 1000, numberFrom(minimum * 1000, maximum * 1000), problem);
