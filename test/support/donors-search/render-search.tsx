/**
 * Component-test helpers: render the donors search the way mount() does, search like a visitor, and
 * read the status area and the table as a visitor reads them.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../../src/shared/submit-lock-signal.ts';
import { DonorsSearch } from '../../../widgets/donors-search/donors-search.tsx';
import { DEFAULT_OPTIONS } from '../../../widgets/donors-search/form/host-options.ts';
import { createTestContext } from '../../island-context.ts';

/**
 * Renders the donors search with the original ids and the default choices under a page config of
 * `config`, and gives back its context, a spy on the submit lock's release and `search(zip, …)`.
 */
export function renderSearch(config: Record<string, unknown> = {}) {
  const ctx = createTestContext('donors-search', config);
  const releases = vi.fn();
  document.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, releases, { signal: ctx.signal });
  const view = render(<DonorsSearch ctx={ctx} options={DEFAULT_OPTIONS} />);
  const user = userEvent.setup();
  const search = async (zipcode: string, { radius = '15', days = '30' } = {}) => {
    const zip = screen.getByLabelText('Zip code');
    await user.clear(zip);
    if (zipcode) await user.type(zip, zipcode);
    await user.selectOptions(screen.getByLabelText('Within'), `${radius} miles`);
    await user.selectOptions(screen.getByLabelText('In the last'), `${days} days`);
    await user.click(screen.getByRole('button', { name: 'Search' }));
  };
  onTestFinished(() => ctx.abort());
  return { ctx, releases, user, search, view };
}

/** The status area's lines, as a visitor reads them. */
export const statusLines = () =>
  Array.from(document.querySelectorAll('.alert-before p'), (line) => line.textContent);

/** The table body's rows, as arrays of cell texts. */
export const tableRows = () =>
  within(screen.getByRole('table'))
    .queryAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
