import { fillText } from '../../../src/shared/translated-texts.ts';
import type { Donation } from '../search/donation.ts';
import { type COLUMNS, PAGE_SIZE } from './results-markup.js';

/** The table's columns, in their order (results-markup.js: the page prints the same). */
export { COLUMNS } from './results-markup.js';

export type SortKey = (typeof COLUMNS)[number]['key'];
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** The order a column sorts in at its first click: dates newest first, the rest from A and from 1. */
export const firstDirection = (key: SortKey): SortDirection => (key === 'date' ? 'descending' : 'ascending');

// Numeric collation sorts "Donation 9" before "Donation 10", and numbers that are not plain numbers
// (the server's values are text) still sort sensibly; the site's language decides where "Ä" goes.
const collators = new Map<string, Intl.Collator>();
const collatorFor = (locale: string) => {
  const collator = collators.get(locale) ?? new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  collators.set(locale, collator);
  return collator;
};

/**
 * The order of `donations` under `sort`, as indices into them; the server's order without a sort.
 * Ties keep the server's order (the sort is stable), so a second sort never shuffles equal rows.
 * Dates are WordPress's `YYYY-MM-DD HH:MM:SS`, whose text order is their time order.
 */
export function sortOrder(
  donations: readonly Donation[],
  sort: Sort | undefined,
  locale = 'en-US',
): number[] {
  const order = donations.map((_, index) => index);
  if (!sort) return order;
  const { key } = sort;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const values = donations.map((donation) => donation[key]);
  let compare: (a: string, b: string) => number = collatorFor(locale).compare;
  if (key === 'number' && values.every((value) => value !== '' && Number.isFinite(Number(value)))) {
    const numbers = values.map(Number);
    return order.sort((a, b) => sign * ((numbers[a] as number) - (numbers[b] as number)));
  }
  if (key === 'date' || key === 'zipcode') compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return order.sort((a, b) => sign * compare(values[a] as string, values[b] as string));
}

/** Rows per page of the table (results-markup.js: the page prints as many). */
export { PAGE_SIZE } from './results-markup.js';

const AMERICAN = new Intl.NumberFormat('en-US');

/** The pager's sentence for the page starting at row `first` (0-based) of `total`, from `template`, in `numbers`. */
export function pageText(
  first: number,
  total: number,
  template = 'Showing {first}–{last} of {total}',
  numberFormat: Intl.NumberFormat = AMERICAN,
): string {
  const last = Math.min(total, first + PAGE_SIZE);
  return fillText(template, {
    first: numberFormat.format(first + 1),
    last: numberFormat.format(last),
    total: numberFormat.format(total),
  });
}
