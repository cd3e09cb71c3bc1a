import { readFileSync } from 'node:fs';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createTestContext } from '../../test/island-context.ts';
import { renderSearch, statusLines } from '../../test/support/donors-search/render-search.tsx';
import { item, searchHandler } from '../../test/support/donors-search/search-answers.ts';
import { mount } from './index.tsx';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

const server = setupServer(searchHandler((zip) => [item(1, zip)]));
/** Every request the page sent, as the route would have seen it. */
const asked: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
});
beforeEach(() => {
  asked.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const LINE = 'ERROR: The zip code must have 5 digits. Please try another search.';

/** The zip code field's error state as assistive technology reads it: invalid, and the line it points to. */
const fieldError = (label: string) => {
  const field = screen.getByLabelText(label);
  const described = field.getAttribute('aria-describedby');
  return {
    invalid: field.getAttribute('aria-invalid'),
    says: described && document.getElementById(described)?.textContent,
  };
};

describe('a zip code that cannot be one is answered in the browser', () => {
  test.each([
    ['four digits', '1234'],
    ['letters', 'abcde'],
    ['a letter among digits', '6060a'],
    ['an empty field', ''],
  ])('%s: the line at once, the field invalid and tied to it, no request', async (_name, zip) => {
    const { search, releases, ctx } = renderSearch();
    await search(zip);
    expect(statusLines()).toEqual([LINE]);
    expect(fieldError('Zip code')).toEqual({ invalid: 'true', says: LINE });
    expect(asked).toEqual([]);
    expect(ctx.reported).toEqual([]);
    // The page's submit lock, taken by the submit, is given back.
    await vi.waitFor(() => expect(releases).toHaveBeenCalled());
  });

  test.each([['1234'], ['abcde'], ['']])(
    'a refused zip (%j) goes into neither the address nor the history',
    async (zip) => {
      history.replaceState(null, '', '/');
      onTestFinished(() => history.replaceState(null, '', '/'));
      const entries = history.length;
      const { search } = renderSearch();
      await search(zip);
      expect(statusLines()).toEqual([LINE]);
      expect(location.search).toBe('');
      expect(history.length).toBe(entries);
    },
  );

  test('a ZIP+4 is searched as its five-digit zip, which the field and the address then show', async () => {
    history.replaceState(null, '', '/');
    onTestFinished(() => history.replaceState(null, '', '/'));
    const { search } = renderSearch();
    await search('60601-1234');
    await screen.findByText(/Found/);
    expect(asked).toEqual(['/wp-json/donations/v1/search/60601/15/30']);
    expect((screen.getByLabelText('Zip code') as HTMLInputElement).value).toBe('60601');
    expect(new URLSearchParams(location.search).get('zipcode')).toBe('60601');
    expect(fieldError('Zip code').invalid).toBe(null);
  });

  test('a five-digit zip still asks the route, and its search clears the field’s error as it starts', async () => {
    const { search } = renderSearch();
    await search('123');
    expect(fieldError('Zip code').invalid).toBe('true');
    await search('10001');
    expect(screen.getByLabelText('Zip code')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Zip code')).not.toHaveAttribute('aria-describedby');
    await vi.waitFor(() =>
      expect(document.querySelector('.alert-donors')).toHaveTextContent(
        'Found 1 donation within 15 miles of 10001 in the last 30 days.',
      ),
    );
    expect(asked).toEqual(['/wp-json/donations/v1/search/10001/15/30']);
  });

  test('the line is the site’s own words for it', async () => {
    const { search } = renderSearch({
      texts: {
        'donors-search': {
          errorLine: 'ERREUR : {message} {advice}',
          tryAnotherSearch: 'Essayez une autre recherche.',
          zipHint: 'Le code postal doit avoir 5 chiffres.',
        },
      },
    });
    await search('123');
    const french = 'ERREUR : Le code postal doit avoir 5 chiffres. Essayez une autre recherche.';
    expect(statusLines()).toEqual([french]);
    expect(fieldError('Zip code')).toEqual({ invalid: 'true', says: french });
    expect(asked).toEqual([]);
  });

  test("on Donation Manager's form taken over by the island", async () => {
    document.body.innerHTML = readFileSync(
      `${import.meta.dirname}/../../mock-server/demo/donation-manager/donors-in-your-area.html`,
      'utf8',
    );
    const form = document.querySelector('form#donors-in-your-area') as HTMLFormElement;
    const ctx = createTestContext('donors-search');
    let dispose = () => {};
    await act(async () => {
      dispose = mount(form, ctx);
    });
    onTestFinished(() => act(() => dispose()));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Zipcode'), '606');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Its code arrives in a chunk of its own: a submit before then is held and searched on arrival.
    await screen.findByText(LINE);
    expect(statusLines()).toEqual([LINE]);
    expect(fieldError('Zipcode')).toEqual({ invalid: 'true', says: LINE });
    expect(asked).toEqual([]);
  });
});
