import type { Donation } from '../search/donation.ts';
import { COLUMN_LABELS } from '../search/status-text.ts';

/** The table's columns, in their order: the original site's number, title, zip code and date. */
export const COLUMNS = [
  { key: 'number', label: COLUMN_LABELS.number },
  { key: 'title', label: COLUMN_LABELS.title },
  { key: 'zipcode', label: COLUMN_LABELS.zipcode },
  { key: 'date', label: COLUMN_LABELS.date },
] as const;

export type SortKey = (typeof COLUMNS)[number]['key'];
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

// Numeric collation sorts "Donation 9" before "Donation 10", and numbers that are not plain numbers
// (the server's values are text) still sort sensibly.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The order of `donations` under `sort`, as indices into them; the server's order without a sort.
 * Ties keep the server's order (the sort is stable), so a second sort never shuffles equal rows.
 * Dates are WordPress's `YYYY-MM-DD HH:MM:SS`, whose text order is their time order.
 */
export function sortOrder(donations: readonly Donation[], sort: Sort | undefined): number[] {
  const order = donations.map((_, index) => index);
  if (!sort) return order;
  const { key } = sort;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const values = donations.map((donation) => donation[key]);
  let compare: (a: string, b: string) => number = collator.compare;
  if (key === 'number' && values.every((value) => value !== '' && Number.isFinite(Number(value)))) {
    const numbers = values.map(Number);
    return order.sort((a, b) => sign * ((numbers[a] as number) - (numbers[b] as number)));
  }
  if (key === 'date' || key === 'zipcode') compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return order.sort((a, b) => sign * compare(values[a] as string, values[b] as string));
}

/** Rows per page of the table. */
export const PAGE_SIZE = 100;

const numberFormat = new Intl.NumberFormat('en-US');

/** The pager's sentence for the page starting at row `first` (0-based) of `total`. */
export function pageText(first: number, total: number): string {
  const last = Math.min(total, first + PAGE_SIZE);
  return `Showing ${numberFormat.format(first + 1)}–${numberFormat.format(last)} of ${numberFormat.format(total)}`;
}
