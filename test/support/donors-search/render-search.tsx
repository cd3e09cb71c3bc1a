/**
 * Component-test helpers: render the island the way mount() does, search like a visitor, and a
 * stand-in for the lazily loaded map module (use with `vi.mock('…/map/search-map.ts', () =>
 * import('…/test/support/donors-search/render-search.tsx'))`) that records what the island asked it to draw.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../../src/shared/submit-lock-signal.ts';
import { DonorsSearch } from '../../../widgets/donors-search/donors-search.tsx';
import { DEFAULT_OPTIONS } from '../../../widgets/donors-search/form/host-options.ts';
import type { MapPicture } from '../../../widgets/donors-search/map/map-picture.ts';
import type { SearchMap } from '../../../widgets/donors-search/map/search-map.ts';
import { createTestContext } from '../../island-context.ts';

export const fakeMap = {
  draw: vi.fn<SearchMap['draw']>(async () => {}),
  mark: vi.fn<SearchMap['mark']>(),
  destroy: vi.fn(),
};
export const createSearchMap = vi.fn(async (..._args: unknown[]): Promise<SearchMap> => fakeMap);
/** What the island asked the map to draw, one picture per search with results. */
export const drawnPictures = (): MapPicture[] => fakeMap.draw.mock.calls.map(([picture]) => picture);

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
