import { memo, useCallback } from 'react';
import type { Donation } from './donation.ts';
import { useProgressiveCount } from './use-progressive-count.ts';

/** Rows in the first commit, the one that also shows the results alert and the map. */
const FIRST_ROWS = 250;
/** The fewest and the most rows per later `<tbody>` group. */
const MIN_GROUP = 250;
const MAX_GROUP = 1000;

/**
 * Where the group starting at row `start` ends. Chromium lays out the whole table again in every
 * frame that adds rows to it (a fixed layout spares measuring the columns, not walking the rows), so
 * a long table is best grown in few frames: groups of 250 while the table is small, then half the
 * rows already in, at most 1,000 (about 15 frames for 10,000 rows instead of 40, none of them long).
 * Once rendered, a group is never rendered again while later groups arrive.
 */
const groupEnd = (start: number): number =>
  start + Math.min(MAX_GROUP, Math.max(MIN_GROUP, Math.floor(start / 2)));

/**
 * One group of rows, written with `textContent` (so values stay text) into a `<tbody>` that React
 * creates and removes but never looks inside. React would otherwise keep five fibers per row and walk
 * them all when a new search empties the table: tens of milliseconds at ten thousand rows, where
 * removing forty elements costs next to nothing.
 */
const RowGroup = memo(function RowGroup({
  donations,
  start,
  end,
}: {
  donations: readonly Donation[];
  start: number;
  end: number;
}) {
  const fill = useCallback(
    (tbody: HTMLTableSectionElement | null) => {
      if (!tbody) return;
      const doc = tbody.ownerDocument;
      const rows = doc.createDocumentFragment();
      for (const { number, title, zipcode, date } of donations.slice(start, end)) {
        const row = doc.createElement('tr');
        for (const text of [number, title, zipcode, date]) row.insertCell().textContent = text;
        rows.append(row);
      }
      tbody.replaceChildren(rows);
    },
    [donations, start, end],
  );
  return <tbody ref={fill} />;
});

/**
 * The results table, the accessible equivalent of the map: one row per donation with its number,
 * title, zip code and date, as text; empty while a search runs or after an error. Rows
 * arrive in groups so that thousands of them never block the page, with `aria-busy` set until all
 * are in. Give each result set its own `key` so that its rows start over.
 */
export function ResultsTable({ id, donations }: { id: string; donations: readonly Donation[] }) {
  const shown = useProgressiveCount(donations.length, FIRST_ROWS, groupEnd);
  const groups: [number, number][] = [[0, Math.min(shown, FIRST_ROWS)]];
  for (let start = FIRST_ROWS; start < shown; start = groupEnd(start)) groups.push([start, groupEnd(start)]);
  return (
    <table id={id} className="donors-search-table" aria-busy={shown < donations.length || undefined}>
      <caption>Recent donations in your area</caption>
      <thead>
        <tr>
          <th scope="col">Number</th>
          <th scope="col">Title</th>
          <th scope="col">Zip code</th>
          <th scope="col">Date</th>
        </tr>
      </thead>
      {groups.map(([start, end]) => (
        <RowGroup key={start} donations={donations} start={start} end={end} />
      ))}
    </table>
  );
}
