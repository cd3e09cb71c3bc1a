import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../src/shared/submit-lock-signal.ts';
import { createTestContext } from '../../test/island-context.ts';
import { mount } from './index.tsx';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

/** A REST client whose requests never answer, so a search is in flight for as long as the test wants. */
const signals = vi.hoisted(() => [] as AbortSignal[]);
vi.mock('../../src/shared/rest-client.ts', () => ({
  restClient: () => ({
    get: (_path: string, { signal }: { signal: AbortSignal }) => {
      signals.push(signal);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
  }),
}));

/** The host as markup.html has it, with the admin's overrides. */
function pasteHost(attributes: string) {
  document.body.innerHTML = `<div data-island="donors-search" ${attributes}><noscript><p>Needs JavaScript.</p></noscript></div>`;
  return document.querySelector('[data-island="donors-search"]') as HTMLElement;
}

async function mountIn(host: Element) {
  const ctx = createTestContext('donors-search');
  let dispose = () => {};
  await act(async () => {
    dispose = mount(host, ctx);
  });
  return { ctx, dispose: () => act(() => dispose()) };
}

describe('mount', () => {
  test('renders the search inside the host with the choices and defaults from its data attributes', async () => {
    const host = pasteHost(
      'data-radius-options="5,10" data-radius="10" data-days-options="7,14" data-days="14" data-zipcode="10001"',
    );
    const { ctx, dispose } = await mountIn(host);
    expect(within(host).getByRole('combobox', { name: 'Within' })).toHaveValue('10');
    expect(within(host).getByRole('combobox', { name: 'In the last' })).toHaveValue('14');
    expect(within(host).getByLabelText('Zip code')).toHaveValue('10001');
    expect(
      within(host)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 miles', '10 miles', '7 days', '14 days']);
    expect(ctx.reported).toEqual([]);
    await dispose();
  });

  test('reports a bad attribute and uses its default', async () => {
    const { ctx, dispose } = await mountIn(pasteHost('data-days="999"'));
    expect(screen.getByRole('combobox', { name: 'In the last' })).toHaveValue('30');
    expect(ctx.reported).toEqual([
      new Error('data-days must be one of 30, 45, 60, 90, got "999"; using 30.'),
    ]);
    await dispose();
  });

  test('dispose gives the host back, aborts the search in flight and releases the submit lock; twice is harmless', async () => {
    const releases = vi.fn();
    document.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, releases);
    const host = pasteHost('data-zipcode="10001"');
    const { dispose } = await mountIn(host);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Working...');
    await dispose();
    await dispose();
    // An empty host comes back as it was pasted: the form the island built leaves with it.
    expect(host.innerHTML).toBe('<noscript><p>Needs JavaScript.</p></noscript>');
    expect(releases).toHaveBeenCalledTimes(1);
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    document.removeEventListener(SUBMIT_LOCK_RELEASE_EVENT, releases);
  });
});
