import { act, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import {
  chosenEarlier,
  consentApi,
  deliverConsentApiLate,
  removeConsentApi,
} from '../../../test/consent-api-stand-in.ts';
import { createSearchMap, drawnPictures } from '../../../test/support/donors-search/fake-search-map.ts';
import { renderSearch, tableRows } from '../../../test/support/donors-search/render-search.tsx';
import { searchHandler } from '../../../test/support/donors-search/search-answers.ts';

vi.mock('./search-map.ts', () => import('../../../test/support/donors-search/fake-search-map.ts'));

const server = setupServer(searchHandler());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.clearAllMocks();
  removeConsentApi();
});
afterAll(() => server.close());

const OSM_NOTE =
  'The map comes from tile.openstreetmap.org, which learns your IP address and the area shown when it loads. The table lists every donation found.';
const loadButton = () => screen.queryByRole('button', { name: 'Load the map' });
/** What the plugin prints where the WP Consent API is active. */
const RUNS_API = { consentApi: true };

/** Searches 10001 and waits for the rows, then for the map's consent to be settled. */
async function searchWithResults(config: Record<string, unknown> = RUNS_API) {
  const rendered = renderSearch(config);
  await rendered.search('10001');
  await waitFor(() => expect(tableRows()).toHaveLength(2));
  await waitFor(() => expect(loadButton() !== null || createSearchMap.mock.calls.length > 0).toBe(true));
  return rendered;
}

describe('the map where the page config says the WP Consent API runs, and its script comes late', () => {
  it('shows the note until the script arrives, keeps it in an opt-in region, and loads on the banner’s yes', async () => {
    await searchWithResults();
    expect(screen.getByText(OSM_NOTE)).toBeVisible();
    act(() => deliverConsentApiLate('optin'));
    expect(loadButton()).not.toBeNull();
    expect(createSearchMap).not.toHaveBeenCalled();
    act(() => consentApi().wp_set_consent('marketing', 'allow'));
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });

  it('loads once the script arrives and finds the yes the visitor gave on an earlier page', async () => {
    chosenEarlier('marketing', 'allow');
    await searchWithResults();
    expect(createSearchMap).not.toHaveBeenCalled();
    act(() => deliverConsentApiLate('optin'));
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(loadButton()).toBeNull();
  });

  it('keeps the note while the script never comes; the button still loads the map on this page', async () => {
    const { user } = await searchWithResults();
    expect(screen.getByText(OSM_NOTE)).toBeVisible();
    expect(createSearchMap).not.toHaveBeenCalled();
    await user.click(loadButton() as HTMLElement);
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });

  it('loads tiles from the site’s own host at once, with or without the script', async () => {
    await searchWithResults({ ...RUNS_API, maps: { tileUrl: '/tiles/{z}/{x}/{y}.png' } });
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });

  it('loads at once, as always, where the page config does not say so', async () => {
    await searchWithResults({});
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });
});
