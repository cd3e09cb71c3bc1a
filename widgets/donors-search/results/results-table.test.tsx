import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Donation } from '../search/donation.ts';
import { ResultsTable, type ResultsTableProps } from './results-table.tsx';
import { pageText, sortOrder } from './table-order.ts';

const donation = (number: string, title: string, zipcode: string, date: string): Donation => ({
  number,
  title,
  zipcode,
  date,
});
const FEW = [
  donation('1010', 'Sofa', '60614', '2026-03-02 10:00:00'),
  donation('998', 'armchair', '60601', '2026-03-09 08:00:00'),
  donation('1003', 'Donation 10', '60601', '2026-01-15 12:30:00'),
  donation('1001', 'Donation 9', '60622', '2026-03-09 07:59:59'),
];

function renderTable(props: Partial<ResultsTableProps> & { donations: readonly Donation[] }) {
  const onChooseRow = vi.fn();
  const view = render(
    <ResultsTable
      id="donors-in-your-area-table"
      chosen={new Set()}
      showRow={undefined}
      onChooseRow={onChooseRow}
      {...props}
    />,
  );
  const rows = () =>
    Array.from(document.querySelectorAll('#donors-in-your-area-table tbody tr'), (row) =>
      Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent),
    );
  return { ...view, onChooseRow, rows, user: userEvent.setup() };
}
const header = (name: string) => screen.getByRole('columnheader', { name });

describe('sorting the table', () => {
  test('the server’s order at first, no column marked as sorted', () => {
    const { rows } = renderTable({ donations: FEW });
    expect(rows().map((row) => row[0])).toEqual(['1010', '998', '1003', '1001']);
    for (const th of screen.getAllByRole('columnheader')) expect(th).not.toHaveAttribute('aria-sort');
  });

  test.each([
    ['Number', 0, 'ascending', ['998', '1001', '1003', '1010']],
    ['Title', 1, 'ascending', ['armchair', 'Donation 9', 'Donation 10', 'Sofa']],
    ['Zip code', 2, 'ascending', ['60601', '60601', '60614', '60622']],
    // Dates newest first at the first click, as a visitor reading recent donations expects.
    [
      'Date',
      3,
      'descending',
      [
        'March 9, 2026 8:00 am',
        'March 9, 2026 7:59 am',
        'March 2, 2026 10:00 am',
        'January 15, 2026 12:30 pm',
      ],
    ],
  ])(
    'the %s header’s button sorts by it, in its first order then reversed, and says so with aria-sort',
    async (name, column, first, sorted) => {
      const reversed = first === 'ascending' ? 'descending' : 'ascending';
      const { rows, user } = renderTable({ donations: FEW });
      await user.click(within(header(name)).getByRole('button', { name }));
      expect(rows().map((row) => row[column])).toEqual(sorted);
      expect(header(name)).toHaveAttribute('aria-sort', first);
      await user.click(within(header(name)).getByRole('button', { name }));
      expect(rows().map((row) => row[column])).toEqual([...sorted].reverse());
      expect(header(name)).toHaveAttribute('aria-sort', reversed);
      expect(screen.getAllByRole('columnheader').filter((th) => th.hasAttribute('aria-sort'))).toHaveLength(
        1,
      );
    },
  );

  test('equal values keep the server’s order', () => {
    expect(sortOrder(FEW, { key: 'zipcode', direction: 'ascending' })).toEqual([1, 2, 0, 3]);
  });

  test('numbers that are not all numbers still sort, as text with numbers in it', () => {
    const odd = [donation('A-10', '', '', ''), donation('A-9', '', '', '')];
    expect(sortOrder(odd, { key: 'number', direction: 'ascending' })).toEqual([1, 0]);
  });
});

describe('paging the table', () => {
  const many = Array.from({ length: 250 }, (_, i) =>
    donation(String(5000 + i), `Item ${i}`, '60601', `2026-01-01 00:00:${String(i % 60).padStart(2, '0')}`),
  );

  test('the count says which rows show; Previous and Next reach every row, by keyboard too', async () => {
    const { rows, user } = renderTable({ donations: many });
    expect(screen.getByText('Showing 1–100 of 250')).toBeVisible();
    expect(rows()).toHaveLength(100);
    const previous = screen.getByRole('button', { name: 'Previous 100' });
    const next = screen.getByRole('button', { name: 'Next 100' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    next.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Showing 201–250 of 250')).toBeVisible();
    expect(rows().map((row) => row[0])).toEqual(many.slice(200).map((d) => d.number));
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Showing 201–250 of 250')).toBeVisible();
  });

  test("a page turned from below the table's top brings the view back to the table's top; from above, nothing moves", async () => {
    const { user } = renderTable({ donations: many });
    const scrolled = vi.fn();
    const box = document.querySelector('.donors-table-box') as HTMLElement;
    box.scrollIntoView = scrolled;
    // The table's top above the viewport, as after reading a page down to its pager.
    box.getBoundingClientRect = () => ({ top: -2400 }) as DOMRect;
    await user.click(screen.getByRole('button', { name: 'Next 100' }));
    expect(screen.getByText('Showing 101–200 of 250')).toBeVisible();
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(screen.getByRole('button', { name: 'Next 100' })).toHaveFocus();

    scrolled.mockClear();
    box.getBoundingClientRect = () => ({ top: 40 }) as DOMRect;
    await user.click(screen.getByRole('button', { name: 'Previous 100' }));
    expect(screen.getByText('Showing 1–100 of 250')).toBeVisible();
    expect(scrolled).not.toHaveBeenCalled();
  });

  test('sorting starts again at the first page', async () => {
    const { rows, user } = renderTable({ donations: many });
    await user.click(screen.getByRole('button', { name: 'Next 100' }));
    await user.click(screen.getByRole('button', { name: 'Number' }));
    await user.click(screen.getByRole('button', { name: 'Number' }));
    expect(screen.getByText('Showing 1–100 of 250')).toBeVisible();
    expect(rows()[0]?.[0]).toBe('5249');
  });

  test('a hundred rows or fewer need no pages', () => {
    renderTable({ donations: many.slice(0, 100) });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('the count reads thousands the way people write them', () => {
    expect(pageText(4100, 10_000)).toBe('Showing 4,101–4,200 of 10,000');
  });
});

describe('the table and the map', () => {
  const many = Array.from({ length: 300 }, (_, i) => donation(String(i), `Item ${i}`, '60601', '2026-01-01'));

  test('donations chosen on the map are highlighted, and the table turns to the first one’s page', () => {
    const { rows, rerender, onChooseRow } = renderTable({ donations: many });
    rerender(
      <ResultsTable
        id="donors-in-your-area-table"
        donations={many}
        chosen={new Set([250, 251])}
        showRow={{ index: 250 }}
        onChooseRow={onChooseRow}
      />,
    );
    expect(screen.getByText('Showing 201–300 of 300')).toBeVisible();
    const highlighted = document.querySelectorAll('tr.donors-row-chosen[aria-current="true"]');
    expect(Array.from(highlighted, (row) => row.firstElementChild?.textContent)).toEqual(['250', '251']);
    expect(rows()).toHaveLength(100);
  });

  test('clicking a row tells the map which donation to centre', async () => {
    const { user, onChooseRow } = renderTable({ donations: FEW });
    await user.click(screen.getByText('Donation 9'));
    expect(onChooseRow).toHaveBeenCalledWith(3);
  });
});

describe('dates in the table', () => {
  test('the day and the time in spans a narrow table hides from sight, the short day beside them, all in <time datetime>', () => {
    renderTable({ donations: FEW.slice(0, 1) });
    const time = document.querySelector('tbody time');
    expect(time?.getAttribute('datetime')).toBe('2026-03-02T10:00:00');
    expect(time?.getAttribute('data-short')).toBe('Mar 2, 2026');
    expect(time?.innerHTML).toBe(
      '<span class="donors-date-day">March 2, 2026</span><span class="donors-date-time"> 10:00 am</span>',
    );
    expect(time?.textContent).toBe('March 2, 2026 10:00 am');
  });

  test('a date that is no date shows as it came, without <time>', () => {
    const { rows } = renderTable({ donations: [donation('1', 'Sofa', '60614', 'yesterday')] });
    expect(rows()[0]?.[3]).toBe('yesterday');
    expect(document.querySelector('tbody time')).toBeNull();
  });
});
