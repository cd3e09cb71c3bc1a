/**
 * The default conversion pages (docs/how-it-works.md#conversion-tracker): a completed donation and a
 * completed pick-up provider sign-up. The loader reads them to know which pages may report, the tracker
 * to know what to report there (analytics-defaults.ts).
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
