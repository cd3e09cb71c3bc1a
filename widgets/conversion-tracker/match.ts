import type { Conversion } from './analytics-defaults.ts';

const withoutTrailingSlashes = (path: string) => path.replace(/\/+$/, '');

/**
 * The conversion whose path ends the page's pathname, with or without a trailing slash, so that a site
 * living under a sub-path (`/donate/thank-you/`) matches `/thank-you/` too. Because a configured path
 * starts with `/`, a match always begins at a segment boundary: `/no-thank-you/` does not match.
 */
export function findConversion(pathname: string, conversions: readonly Conversion[]): Conversion | undefined {
  const page = withoutTrailingSlashes(pathname);
  return conversions.find((conversion) => {
    const path = withoutTrailingSlashes(conversion.path);
    // A conversion on "/" would otherwise end every pathname.
    return path === '' ? page === '' : page.endsWith(path);
  });
}

/** The first non-blank value among `params`, in their configured order, or '' when the URL has none. */
export function searchTerm(search: string, params: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const name of params) {
    const value = query.get(name)?.trim();
    if (value) return value;
  }
  return '';
}
