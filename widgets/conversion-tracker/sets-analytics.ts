import type { SectionParser } from '../../src/shared/config-readers.ts';

/**
 * Whether the page config sets `analytics` at all. The loader asks it to decide whether a page may
 * report (and so download the tracker); the tracker asks it to decide whether the validator for the
 * section is worth downloading. One parser for both, so the page config answers it once.
 */
export const setsAnalytics: SectionParser<boolean> = (json) => json.analytics !== undefined;
