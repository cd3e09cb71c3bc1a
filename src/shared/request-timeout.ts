import type { SectionParser } from './config-readers.ts';
import { numberFrom, readKey } from './read-key.ts';
import { SETTINGS } from './settings-schema.ts';

// Admins set it in seconds; the plugin prints it in milliseconds, the unit of every timer here.
const { default: seconds, minimum, maximum } = SETTINGS.donation_widgets_request_timeout;

/**
 * The page config's `requestTimeoutMs`: how long a REST request may take. The REST client aborts at
 * it, and the submit lock waits past it before giving the buttons back on its own.
 */
export const readRequestTimeout: SectionParser<number> = (json, problem) =>
  readKey(json, 'requestTimeoutMs', seconds * 1000, numberFrom(minimum * 1000, maximum * 1000), problem);
