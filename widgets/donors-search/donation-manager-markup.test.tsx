import { readFileSync } from 'node:fs';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestContext } from '../../test/island-context.ts';
import { item, searchBody, wpErrorBody } from '../../test/support/donors-search/search-answers.ts';
import { ISLANDS } from '../islands.js';
import { mount } from './index.tsx';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

/** The paths searched, in order, and the body the next search is answered with. */
const route = vi.hoisted(() => ({ paths: [] as string[], body: undefined as unknown }));
vi.mock('../../src/shared/rest-client.ts', () => ({
  restClient: () => ({
    get: async (path: string) => {
      route.paths.push(path);
      return route.body;
    },
  }),
}));

/** What Donation Manager's [donors_in_your_area] prints (the demo's fixture of it). */
const PRINTED = readFileSync(
  `${import.meta.dirname}/../../mock-server/demo/donation-manager/donors-in-your-area.html`,
  'utf8',
);
const ISLAND_MARKUP = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');
const SELECTOR = (() => {
  const { host } = ISLANDS.find(({ name }) => name === 'donors-search') ?? {};
  if (!host || !('selector' in host)) throw new Error('the donors search has no host selector');
  return host.selector;
})();

const form = () => document.querySelector('form#donors-in-your-area') as HTMLFormElement;
const part = (selector: string) => document.querySelector(selector) as HTMLElement;

async function mountOnPrinted(heldSubmit?: FormData) {
  const ctx = { ...createTestContext('donors-search'), heldSubmit };
  let dispose = () => {};
  await act(async () => {
    dispose = mount(form(), ctx);
  });
  return { ctx, dispose: () => act(() => dispose()) };
}

beforeEach(() => {
  route.paths.length = 0;
  route.body = searchBody('02134', [item(1, '02134'), item(2, '02135', { title: '<b>Sofa</b>' })]);
  document.body.innerHTML = PRINTED;
});

describe("the donors search on Donation Manager's markup", () => {
  test("the manifest finds Donation Manager's form, and not the form inside the island's own markup", () => {
    document.body.innerHTML = `${ISLAND_MARKUP}${PRINTED}`;
    const hosts = [...document.querySelectorAll(SELECTOR)];
    expect(hosts).toEqual([
      document.querySelector('[data-island="donors-search"]'),
      document.querySelectorAll('form#donors-in-your-area')[1],
    ]);
  });

  test("a search fills the original's parts: the sentence's codes, the table's rows (titles as text), the map; the zip keeps its leading zero", async () => {
    const delegated = vi.fn();
    document.addEventListener('submit', delegated);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<form id="other"><button type="submit">Send</button></form>',
    );
    const { ctx, dispose } = await mountOnPrinted();
    await userEvent.type(screen.getByLabelText('Zipcode'), '02134');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('02134', { selector: 'code#display_zipcode' });

    expect(route.paths).toEqual(['donations/v1/search/02134/15/30']);
    expect(delegated).not.toHaveBeenCalled();
    const alert = part('.alert-donors');
    expect(alert).toBeVisible();
    expect(alert).toHaveClass('alert', 'alert-info', 'alert-donors');
    expect(alert).toHaveTextContent('Found 2 donations within 15 miles of 02134 in the last 30 days.');
    expect(alert.parentElement).toHaveAttribute('role', 'status');
    expect(part('#display_count')).toHaveTextContent('2');
    expect(part('.alert-before')).toBeEmptyDOMElement();
    expect(part('.alert-before')).toHaveAttribute('role', 'status');
    expect(part('#map')).toBeVisible();
    const table = part('#donors-in-your-area-table');
    expect(table).toHaveClass('table', 'table-striped');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)),
    ).toEqual([
      ['1', 'Donation 1', '02134'],
      ['2', '<b>Sofa</b>', '02135'],
    ]);
    // Both columns are taken over, and the form is the page's own.
    expect(document.querySelectorAll('#map, #donors-in-your-area-table, .alert-donors')).toHaveLength(3);
    expect(form()).toHaveAttribute('data-mounted');
    // Unlike Donation Manager's script, the search leaves other forms' buttons as they are.
    expect(within(part('#other')).getByRole('button')).toHaveTextContent('Send');
    expect(ctx.reported).toEqual([]);
    await dispose();
    document.removeEventListener('submit', delegated);
  });

  test('each error line shows in the status area, with the results alert hidden', async () => {
    route.body = wpErrorBody({ nozipcodes: ['No zip codes returned for 00000.'] });
    const { dispose } = await mountOnPrinted();
    await userEvent.type(screen.getByLabelText('Zipcode'), '00000');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const status = part('.alert-before');
    await within(status).findByText('ERROR: No zip codes returned for 00000. Please try another search.');
    expect(status).toBeVisible();
    expect(part('.alert-donors')).not.toBeVisible();
    expect(part('#map')).not.toBeVisible();
    await dispose();
  });

  test("a search submitted while the takeover's own chunk downloads is kept from the page's other handlers and sent once it has arrived", async () => {
    const delegated = vi.fn();
    document.addEventListener('submit', delegated);
    const ctx = createTestContext('donors-search');
    const dispose = mount(form(), ctx);
    // Not taken over yet: donation-manager-markup.ts is still on its way.
    expect(form()).not.toHaveAttribute('data-mounted');
    (screen.getByLabelText('Zipcode') as HTMLInputElement).value = '02134';
    form().requestSubmit();
    expect(delegated).not.toHaveBeenCalled();
    await screen.findByText('02134', { selector: 'code#display_zipcode' });
    expect(route.paths).toEqual(['donations/v1/search/02134/15/30']);
    expect(delegated).not.toHaveBeenCalled();
    expect(ctx.reported).toEqual([]);
    await act(() => dispose());
    document.removeEventListener('submit', delegated);
  });

  test('a search held before the code arrived starts at once', async () => {
    const held = new FormData();
    held.set('zipcode', '80401');
    held.set('radius', '30');
    held.set('days', '45');
    route.body = searchBody('80401', [item(1, '80401')]);
    const { dispose } = await mountOnPrinted(held);
    await screen.findByText('80401', { selector: 'code#display_zipcode' });
    expect(route.paths).toEqual(['donations/v1/search/80401/30/45']);
    expect(part('#display_radius')).toHaveTextContent('30');
    expect(part('#display_days')).toHaveTextContent('45');
    await dispose();
  });

  test("a search the page printed for its address (the plugin's answer in the form) shows without a request", async () => {
    history.replaceState(null, '', '/?zipcode=02134&radius=30&days=45');
    const answer = {
      query: { zipcode: '02134', radius: '30', days: '45' },
      status: 200,
      body: searchBody('02134', [item(1, '02134'), item(2, '02134'), item(3, '02135')]),
    };
    const script = document.createElement('script');
    script.type = 'application/json';
    script.className = 'donors-search-answer';
    script.textContent = JSON.stringify(answer);
    form().append(script);
    try {
      const { dispose } = await mountOnPrinted();
      expect(part('#display_count')).toHaveTextContent('3');
      expect(part('#display_radius')).toHaveTextContent('30');
      expect(
        within(part('#donors-in-your-area-table'))
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.querySelectorAll('td')[2]?.textContent),
      ).toEqual(['02134', '02134', '02135']);
      expect(route.paths).toEqual([]);
      await dispose();
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  test('dispose puts the markup back as Donation Manager printed it', async () => {
    const { dispose } = await mountOnPrinted();
    await userEvent.type(screen.getByLabelText('Zipcode'), '02134');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('02134', { selector: 'code#display_zipcode' });
    await dispose();
    await dispose();
    const printed = document.createElement('body');
    printed.innerHTML = PRINTED;
    expect(document.body.innerHTML).toBe(printed.innerHTML);
  });
});
