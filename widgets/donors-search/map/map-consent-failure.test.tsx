import { screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { installConsentApi, removeConsentApi } from '../../../test/consent-api-stand-in.ts';
import { createSearchMap } from '../../../test/support/donors-search/fake-search-map.ts';
import { renderSearch } from '../../../test/support/donors-search/render-search.tsx';
import { searchHandler } from '../../../test/support/donors-search/search-answers.ts';

vi.mock('./search-map.ts', () => import('../../../test/support/donors-search/fake-search-map.ts'));
// The consent check's chunk cannot download (a deploy removed it, a network error).
vi.mock('./map-consent-watch.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const server = setupServer(searchHandler());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => removeConsentApi());
afterAll(() => server.close());

it('keeps the map back when its consent check cannot download, says the map could not load, and reports it', async () => {
  installConsentApi('optin');
  const { search, ctx } = renderSearch();
  await search('10001');
  await screen.findByText(/Found/);
  expect(
    await screen.findByText('The map could not be loaded. The table lists every donation found.'),
  ).toBeVisible();
  await waitFor(() => expect(ctx.reported).toHaveLength(1));
  expect(createSearchMap).not.toHaveBeenCalled();
});
