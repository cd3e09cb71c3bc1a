import { useMemo, useRef, useState } from 'react';
import { fillText } from '../../../src/shared/translated-texts.ts';
import type { Donation } from '../search/donation.ts';
import { useSearchWords } from '../search-words.ts';
import { DonationDate } from './donation-date.tsx';
import {
  COLUMNS,
  firstDirection,
  PAGE_SIZE,
  pageText,
  type Sort,
  type SortKey,
  sortOrder,
} from './table-order.ts';

export interface ResultsTableProps {
  id: string;
  /** Classes the table has beside its own (`table table-striped` on Donation Manager's markup). */
  className?: string;
  donations: readonly Donation[];
  /** The donations chosen on the map (or by a row): their rows are highlighted. */
  chosen: ReadonlySet<number>;
  /** A donation whose page the table turns to (the first one chosen on the map), once per object. */
  showRow: { index: number } | undefined;
  /** The visitor clicked a row: the map centres that donation's marker. */
  onChooseRow(index: number): void;
}

/**
 * The results table, the accessible equivalent of the map: one row per donation with its number,
 * title, zip code and date (the site's way, in `<time datetime>`), as text; the number is a button
 * that centres the donation's marker on the map, named for the donation; empty while a search runs or after an error. Any column sorts
 * (a button in its header, `aria-sort` on it). Thousands of rows are paged a hundred at a time with a
 * count ("Showing 1–100 of 4,212") and Previous/Next buttons, so a search of any size renders in one
 * short task and every donation is a few keystrokes away. The table sits in a box of its own, whose
 * width decides how it fits (a narrow box shows dates without their time: widgets/islands.css), and
 * which scrolls sideways only should the values still not fit. Give each result set its own `key`
 * so that its sort and page start over.
 */
export function ResultsTable({ id, className, donations, chosen, showRow, onChooseRow }: ResultsTableProps) {
  const { texts, site, numbers } = useSearchWords();
  const [sort, setSort] = useState<Sort | undefined>(undefined);
  const [page, setPage] = useState(0);
  const box = useRef<HTMLElement>(null);
  const order = useMemo(() => sortOrder(donations, sort, site.locale), [donations, sort, site]);
  const pages = Math.max(1, Math.ceil(donations.length / PAGE_SIZE));

  const [shown, setShown] = useState(showRow);
  if (showRow !== shown) {
    // A new choice on the map turns to its row's page; a later sort or page turn is the visitor's.
    setShown(showRow);
    if (showRow) setPage(Math.floor(order.indexOf(showRow.index) / PAGE_SIZE));
  }

  // The sorted column reverses; another starts in its own first order (dates newest first).
  const sortBy = (key: SortKey) => {
    setSort((current) => ({
      key,
      direction:
        current?.key === key
          ? current.direction === 'ascending'
            ? 'descending'
            : 'ascending'
          : firstDirection(key),
    }));
    setPage(0);
  };
  // A new page starts at its first row: the view goes back to the table's top when that is above it.
  const turnTo = (next: number) => {
    if (next === page) return;
    setPage(next);
    const top = box.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) box.current?.scrollIntoView?.({ block: 'start' });
  };
  const first = page * PAGE_SIZE;
  return (
    <>
      {/* A box that scrolls sideways must take the focus, so that a keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
      <section className="donors-table-box" aria-label={texts.tableLabel} tabIndex={0} ref={box}>
        <table id={id} className={className ? `donors-search-table ${className}` : 'donors-search-table'}>
          <caption>{texts.tableLabel}</caption>
          <thead>
            <tr>
              {COLUMNS.map(({ key, text }) => (
                <th key={key} scope="col" aria-sort={sort?.key === key ? sort.direction : undefined}>
                  {/* No rows, nothing to sort: the header's words alone (Donation Manager's empty table). */}
                  {donations.length === 0 ? (
                    texts[text]
                  ) : (
                    <button type="button" className="donors-sort" onClick={() => sortBy(key)}>
                      {texts[text]}
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.slice(first, first + PAGE_SIZE).map((index) => {
              const { number, title, zipcode, date } = donations[index] as Donation;
              const isChosen = chosen.has(index);
              return (
                <tr
                  key={index}
                  className={isChosen ? 'donors-row-chosen' : undefined}
                  aria-current={isChosen || undefined}
                  onClick={() => onChooseRow(index)}
                >
                  <td>
                    {/* The row's click is the mouse's way; this button is everyone's, the keyboard's too. */}
                    <button
                      type="button"
                      className="donors-row-show"
                      aria-label={fillText(texts.showOnMap, { number, title })}
                      onClick={(event) => {
                        event.stopPropagation();
                        onChooseRow(index);
                      }}
                    >
                      {number}
                    </button>
                  </td>
                  <td>{title}</td>
                  <td>{zipcode}</td>
                  <td>
                    <DonationDate value={date} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {pages > 1 && (
        <nav className="donors-table-pages" aria-label={texts.pagesLabel}>
          <p aria-live="polite">{pageText(first, donations.length, texts.pageCount, numbers)}</p>
          {/* aria-disabled, not disabled: a button that turns disabled under a keyboard user's focus
              would drop the focus to the page's start. */}
          <button type="button" aria-disabled={page === 0} onClick={() => turnTo(Math.max(0, page - 1))}>
            {fillText(texts.previousPage, { count: PAGE_SIZE })}
          </button>
          <button
            type="button"
            aria-disabled={page >= pages - 1}
            onClick={() => turnTo(Math.min(pages - 1, page + 1))}
          >
            {fillText(texts.nextPage, { count: PAGE_SIZE })}
          </button>
        </nav>
      )}
    </>
  );
}
