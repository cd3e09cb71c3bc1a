import { readFileSync } from 'node:fs';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestContext } from '../../test/island-context.ts';
import { printSearchHost } from '../../test/support/donors-search/render-search.tsx';
import { item, searchBody } from '../../test/support/donors-search/search-answers.ts';
import { mount } from './index.tsx';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

/** The paths searched, in order; every search finds one donation. */
const paths = vi.hoisted(() => [] as string[]);
vi.mock('../../src/shared/rest-client.ts', () => ({
  restClient: () => ({
    get: async (path: string) => {
      paths.push(path);
      return searchBody('10001', [item(1, '10001')]);
    },
  }),
}));

/** What Donation Manager's [donors_in_your_area] prints (the demo's fixture of it). */
const DONATION_MANAGER = readFileSync(
  `${import.meta.dirname}/../../mock-server/demo/donation-manager/donors-in-your-area.html`,
  'utf8',
);

const ADDRESS = '/?zipcode=60601&radius=30&days=60';
const ANSWER = {
  query: { zipcode: '60601', radius: '30', days: '60' },
  status: 200,
  body: searchBody('60601', [item(1, '60601'), item(2, '60602')]),
};

/**
 * Prints `ANSWER`'s search into `form` as the plugin and the demo do for `ADDRESS`: the zip code as the
 * field's value, `selected` moved to the searched radius and days, and the answer as JSON in `answerIn`.
 */
function printSearch(form: HTMLFormElement, answerIn: Element) {
  const field = (name: string) => form.querySelector(`[name="${name}"]`);
  field('zipcode')?.setAttribute('value', ANSWER.query.zipcode);
  for (const name of ['radius', 'days'] as const)
    for (const option of (field(name) as HTMLSelectElement).options)
      option.defaultSelected = option.value === ANSWER.query[name];
  const script = document.createElement('script');
  script.type = 'application/json';
  script.className = 'donors-search-answer';
  script.textContent = JSON.stringify(ANSWER);
  answerIn.append(script);
}

async function mountOn(host: Element) {
  const ctx = createTestContext('donors-search');
  let dispose = () => {};
  await act(async () => {
    dispose = mount(host, ctx);
  });
  onTestFinished(() => act(() => dispose()));
}

const shown = (zip: string, radius: string, days: string) => ({
  zip: (screen.getByLabelText(zip) as HTMLInputElement).value,
  radius: (screen.getByLabelText(radius) as HTMLSelectElement).value,
  days: (screen.getByLabelText(days) as HTMLSelectElement).value,
});

beforeEach(() => {
  paths.length = 0;
  history.replaceState(null, '', ADDRESS);
  onTestFinished(() => history.replaceState(null, '', '/'));
});

describe("the search the page printed from its address is the form's", () => {
  test("on the island's own markup: the form keeps 30 miles and 60 days, and the next search asks them", async () => {
    const host = printSearchHost();
    printSearch(host.querySelector('form') as HTMLFormElement, host);
    await mountOn(host);
    expect(shown('Zip code', 'Within', 'In the last')).toEqual({ zip: '60601', radius: '30', days: '60' });
    expect(paths).toEqual([]);

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Zip code'));
    await user.type(screen.getByLabelText('Zip code'), '10001');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(paths).toEqual(['donations/v1/search/10001/30/60']);
  });

  test('on a host whose own starting choices differ, the address still decides', async () => {
    const host = printSearchHost();
    host.setAttribute('data-radius', '45');
    host.setAttribute('data-days', '90');
    printSearch(host.querySelector('form') as HTMLFormElement, host);
    await mountOn(host);
    expect(shown('Zip code', 'Within', 'In the last')).toEqual({ zip: '60601', radius: '30', days: '60' });
  });

  test("on Donation Manager's form: the form keeps 30 miles and 60 days, and the next search asks them", async () => {
    document.body.innerHTML = DONATION_MANAGER;
    const form = document.querySelector('form#donors-in-your-area') as HTMLFormElement;
    printSearch(form, form);
    await mountOn(form);
    expect(shown('Zipcode', 'Radius', 'Date Range')).toEqual({ zip: '60601', radius: '30', days: '60' });

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Zipcode'));
    await user.type(screen.getByLabelText('Zipcode'), '10001');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(paths).toEqual(['donations/v1/search/10001/30/60']);
  });

  test("the host's starting choices fill what the address leaves out", async () => {
    history.replaceState(null, '', '/?zipcode=60601');
    const host = printSearchHost();
    host.setAttribute('data-radius', '45');
    await mountOn(host);
    expect(shown('Zip code', 'Within', 'In the last')).toEqual({ zip: '60601', radius: '45', days: '30' });
    expect(paths).toEqual(['donations/v1/search/60601/45/30']);
  });
});

describe('a link whose radius and days the form does not offer', () => {
  const LINK = '/?zipcode=60601&radius=7&days=5';
  const choices = (label: string) =>
    [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.text);

  test("on the island's own markup: the form shows 7 miles and 5 days as choices, and Search asks them again", async () => {
    history.replaceState(null, '', LINK);
    await mountOn(printSearchHost());
    expect(shown('Zip code', 'Within', 'In the last')).toEqual({ zip: '60601', radius: '7', days: '5' });
    expect(choices('Within')).toEqual(['7 miles', '15 miles', '30 miles', '45 miles', '60 miles']);
    expect(choices('In the last')).toEqual(['5 days', '30 days', '45 days', '60 days', '90 days']);
    expect(paths).toEqual(['donations/v1/search/60601/7/5']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
    expect(paths).toEqual(['donations/v1/search/60601/7/5', 'donations/v1/search/60601/7/5']);
  });

  test("on Donation Manager's form, worded as its own choices are", async () => {
    history.replaceState(null, '', '/?zipcode=60601&radius=99&days=99');
    document.body.innerHTML = DONATION_MANAGER;
    await mountOn(document.querySelector('form#donors-in-your-area') as HTMLFormElement);
    expect(shown('Zipcode', 'Radius', 'Date Range')).toEqual({ zip: '60601', radius: '99', days: '99' });
    expect(choices('Date Range').at(-1)).toBe('Past 99 days');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
    expect(paths.at(-1)).toBe('donations/v1/search/60601/99/99');
  });

  test('Back to such a search shows its values again', async () => {
    history.replaceState(null, '', '/?zipcode=60601');
    await mountOn(printSearchHost());
    history.pushState(null, '', LINK);
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown('Zip code', 'Within', 'In the last')).toEqual({ zip: '60601', radius: '7', days: '5' });
    expect(paths.at(-1)).toBe('donations/v1/search/60601/7/5');
  });

  test('a value the route refuses adds no choice: the form shows its own, and the answer says what was wrong', async () => {
    history.replaceState(null, '', '/?zipcode=60601&radius=abc&days=150');
    await mountOn(printSearchHost());
    expect(choices('Within')).toEqual(['15 miles', '30 miles', '45 miles', '60 miles']);
    expect(shown('Zip code', 'Within', 'In the last')).toMatchObject({ radius: '15', days: '30' });
  });
});
