/**
 * Component-test helpers: render the donors search the way mount() does, search like a visitor, and
 * read the status area and the table as a visitor reads them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../../src/shared/submit-lock-signal.ts';
import { mount } from '../../../widgets/donors-search/index.tsx';
import { createTestContext } from '../../island-context.ts';

/** widgets/donors-search/markup.html, the host and form as a page prints them. */
export const SEARCH_MARKUP = readFileSync(
  // A path, not a URL: jsdom's URL is not the one node:fs accepts.
  join(dirname(fileURLToPath(import.meta.url)), '../../../widgets/donors-search/markup.html'),
  'utf8',
);

/** Puts markup.html's host in the page, as the page printed it, and returns the host. */
export function printSearchHost(): HTMLElement {
  document.body.innerHTML = SEARCH_MARKUP;
  return document.querySelector('[data-island="donors-search"]') as HTMLElement;
}

/** An empty host, as a snippet pasted before pages printed the form: the island builds the form. */
function emptySearchHost(): HTMLElement {
  document.body.innerHTML = '<div class="donors-in-your-area" data-island="donors-search"></div>';
  return document.body.firstElementChild as HTMLElement;
}

/**
 * Mounts the donors search as the loader does, on the host markup.html prints (original ids, default
 * choices), or on an empty host with `{ printed: false }`, its `attributes` set, under a page config of
 * `config`, and gives back its context, a spy on the submit lock's release and `search(zip, …)`.
 * Disposed when the test ends.
 */
export function renderSearch(
  config: Record<string, unknown> = {},
  { printed = true, attributes = {} }: { printed?: boolean; attributes?: Record<string, string> } = {},
) {
  const ctx = createTestContext('donors-search', config);
  const releases = vi.fn();
  document.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, releases, { signal: ctx.signal });
  const host = printed ? printSearchHost() : emptySearchHost();
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  let dispose = () => {};
  act(() => {
    dispose = mount(host, ctx);
  });
  onTestFinished(() => {
    act(() => dispose());
    document.body.replaceChildren();
  });
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
  return { ctx, releases, user, search, host };
}

/** The status area's lines, as a visitor reads them. */
export const statusLines = () =>
  Array.from(document.querySelectorAll('.alert-before p'), (line) => line.textContent);

/** The table body's rows, as arrays of cell texts. */
export const tableRows = () =>
  // No table is no rows: the table shows only with results.
  within(screen.queryByRole('table') ?? document.createElement('table'))
    .queryAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
