import { endsWithPath } from '../../src/shared/conversion-pages.ts';
import type { Conversion } from './analytics-defaults.ts';

/** The conversion at the end of the page's pathname (see `endsWithPath`). */
export function findConversion(pathname: string, conversions: readonly Conversion[]): Conversion | undefined {
  return conversions.find((conversion) => endsWithPath(pathname, conversion.path));
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
