/**
 * What decides whether a page may report a conversion, which the loader must know before it downloads
 * the conversion tracker (the `may-report` page condition, src/loader/page-conditions.ts) and the tracker
 * knows too: one module for both, so they cannot disagree.
 */
import type { SectionParser } from './config-readers.ts';

/**
 * The default conversion pages (docs/how-it-works.md#conversion-tracker): a completed donation and a
 * completed pick-up provider sign-up. The tracker reports there what its defaults say
 * (widgets/conversion-tracker/analytics-defaults.ts).
 */
export const THANK_YOU_PATH = '/thank-you/';
export const SIGN_UP_COMPLETE_PATH = '/sign-up/sign-up-complete/';

/** A path without its trailing slashes, and the home page as "/" rather than nothing. */
const normal = (path: string) => path.replace(/\/+$/, '') || '/';

/**
 * Whether `path` ends the page's `pathname`, with or without a trailing slash, so that a site living
 * under a sub-path (`/donate/thank-you/`) matches `/thank-you/` too. Because a path starts with `/`, a
 * match always begins at a segment boundary: `/no-thank-you/` does not match, and `/` matches the home
 * page only.
 */
export const endsWithPath = (pathname: string, path: string): boolean =>
  normal(pathname).endsWith(normal(path));

/**
 * Whether the page config sets `analytics` at all: the loader asks to decide whether a page may report,
 * the tracker to decide whether the validator for the section is worth downloading. One parser for
 * both, so the page config answers it once.
 */
export const setsAnalytics: SectionParser<boolean> = (json) => json.analytics !== undefined;
