import { memo, useCallback } from 'react';
import type { Donation } from './donation.ts';
import { useProgressiveCount } from './use-progressive-count.ts';

/** Rows per `<tbody>`: once rendered, a group is never rendered again while later groups arrive. */
export const ROWS_PER_GROUP = 250;
/** Rows in the first commit, the one that also shows the results alert and the map. */
export const FIRST_ROWS = 250;

/**
 * One group of rows, written with `textContent` (so values stay text) into a `<tbody>` that React
 * creates and removes but never looks inside. React would otherwise keep five fibers per row and walk
 * them all when a new search empties the table: tens of milliseconds at ten thousand rows, where
 * removing forty elements costs next to nothing.
 */
const RowGroup = memo(function RowGroup({
  donations,
  start,
}: {
  donations: readonly Donation[];
  start: number;
}) {
  const fill = useCallback(
    (tbody: HTMLTableSectionElement | null) => {
      if (!tbody) return;
      const doc = tbody.ownerDocument;
      const rows = doc.createDocumentFragment();
      for (const { number, title, zipcode, date } of donations.slice(start, start + ROWS_PER_GROUP)) {
        const row = doc.createElement('tr');
        for (const text of [number, title, zipcode, date]) row.insertCell().textContent = text;
        rows.append(row);
      }
      tbody.replaceChildren(rows);
    },
    [donations, start],
  );
  return <tbody ref={fill} />;
});

/**
 * The results table, the accessible equivalent of the map: one row per donation with its number,
 * title, zip code and date (SPEC §2), as text; empty while a search runs or after an error. Rows
 * arrive in groups so that thousands of them never block the page, with `aria-busy` set until all
 * are in. Give each result set its own `key` so that its rows start over.
 */
export function ResultsTable({ donations }: { donations: readonly Donation[] }) {
  const shown = useProgressiveCount(donations.length, FIRST_ROWS, ROWS_PER_GROUP);
  const starts: number[] = [];
  for (let start = 0; start < shown; start += ROWS_PER_GROUP) starts.push(start);
  return (
    <table id="donors-in-your-area-table" aria-busy={shown < donations.length || undefined}>
      <caption>Recent donations in your area</caption>
      <thead>
        <tr>
          <th scope="col">Number</th>
          <th scope="col">Title</th>
          <th scope="col">Zip code</th>
          <th scope="col">Date</th>
        </tr>
      </thead>
      {starts.length === 0 ? (
        <tbody />
      ) : (
        starts.map((start) => <RowGroup key={start} donations={donations} start={start} />)
      )}
    </table>
  );
}
