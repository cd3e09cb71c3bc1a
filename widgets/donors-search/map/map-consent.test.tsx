import { act, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import {
  chosenEarlier,
  consentApi,
  defineConsentType,
  deliverConsentApiLate,
  installConsentApi,
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
const mapRegion = () => document.getElementById('map');
const loadButton = () => screen.queryByRole('button', { name: 'Load the map' });

/**
 * Searches 10001 and waits for the rows, which never wait for the map, then for the map's consent to be
 * settled: its note shown, or the map made.
 */
async function searchWithResults(config: Record<string, unknown> = {}) {
  const rendered = renderSearch(config);
  await rendered.search('10001');
  await screen.findByText(/Found/);
  await waitFor(() => expect(tableRows()).toHaveLength(2));
  await waitFor(() => expect(loadButton() !== null || createSearchMap.mock.calls.length > 0).toBe(true));
  return rendered;
}

describe('the map and the WP Consent API', () => {
  it('holds an OpenStreetMap map in an opt-in region: a note names the host, the results are all there', async () => {
    installConsentApi('optin');
    await searchWithResults();
    expect(screen.getByText(OSM_NOTE)).toBeVisible();
    expect(mapRegion()).not.toBeVisible();
    expect(createSearchMap).not.toHaveBeenCalled();
  });

  it('holds a map whose tiles are the site’s own while its boundary files come from another host, and names that host', async () => {
    installConsentApi('optin');
    await searchWithResults({
      boundaryBaseUrl: 'https://zips.cdn.example/zipcodes/',
      maps: { tileUrl: '/tiles/{z}/{x}/{y}.png' },
    });
    expect(
      screen.getByText(
        'The map comes from zips.cdn.example, which learns your IP address and the area shown when it loads. The table lists every donation found.',
      ),
    ).toBeVisible();
    expect(createSearchMap).not.toHaveBeenCalled();
  });

  it('loads the map when the visitor presses the button, records the choice for the service, and focuses the map', async () => {
    installConsentApi('optin');
    const { user } = await searchWithResults();
    await user.click(loadButton() as HTMLElement);
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(document.cookie).toContain(
      `wp_consent_consented_services=${JSON.stringify({ openstreetmap: true })}`,
    );
    expect(mapRegion()).toBeVisible();
    expect(mapRegion()).toHaveFocus();
    expect(loadButton()).toBeNull();
  });

  it('loads the map when the visitor allows marketing through the banner, on this page', async () => {
    installConsentApi('optin');
    await searchWithResults();
    expect(createSearchMap).not.toHaveBeenCalled();
    act(() => consentApi().wp_set_consent('marketing', 'allow'));
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(loadButton()).toBeNull();
  });

  it('waits for the category the admin chose', async () => {
    installConsentApi('optin');
    await searchWithResults({ maps: { consentCategory: 'functional' } });
    act(() => consentApi().wp_set_consent('marketing', 'allow'));
    expect(loadButton()).not.toBeNull();
    act(() => consentApi().wp_set_consent('functional', 'allow'));
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });

  it('names Google as the host of a Google map', async () => {
    installConsentApi('optin');
    await searchWithResults({ maps: { googleApiKey: 'key' } });
    expect(screen.getByText(/^The map comes from maps\.googleapis\.com,/)).toBeVisible();
  });

  it('keeps the map back after the visitor said no to the map itself, until they press the button', async () => {
    installConsentApi('optout');
    consentApi().wp_set_service_consent('openstreetmap', false);
    const { user } = await searchWithResults();
    expect(createSearchMap).not.toHaveBeenCalled();
    await user.click(loadButton() as HTMLElement);
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });

  it('counts Global Privacy Control as a no to marketing in an opt-out region', async () => {
    installConsentApi('optout');
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    onTestFinished(() =>
      Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true }),
    );
    await searchWithResults();
    expect(loadButton()).not.toBeNull();
  });

  it('waits for a banner that sets the region in the browser', async () => {
    installConsentApi('', { waitForType: true });
    await searchWithResults();
    expect(loadButton()).not.toBeNull();
    act(() => defineConsentType('optout'));
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });

  it.each([
    ['in an opt-out region without a choice', 'optout', {}],
    ['where the API has no region type', '', {}],
    ['for tiles from the site’s own host', 'optin', { maps: { tileUrl: '/tiles/{z}/{x}/{y}.png' } }],
    ['without a consent plugin', undefined, {}],
  ])('loads at once %s', async (_, type, config) => {
    if (type !== undefined) installConsentApi(type);
    await searchWithResults(config);
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(loadButton()).toBeNull();
  });
});

/** What the plugin prints where the WP Consent API is active. */
const RUNS_API = { consentApi: true };

describe('the map where the page config says the WP Consent API runs, and its script comes late', () => {
  it('shows the note until the script arrives, keeps it in an opt-in region, and loads on the banner’s yes', async () => {
    await searchWithResults(RUNS_API);
    expect(screen.getByText(OSM_NOTE)).toBeVisible();
    act(() => deliverConsentApiLate('optin'));
    expect(loadButton()).not.toBeNull();
    expect(createSearchMap).not.toHaveBeenCalled();
    act(() => consentApi().wp_set_consent('marketing', 'allow'));
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });

  it('loads once the script arrives and finds the yes the visitor gave on an earlier page', async () => {
    chosenEarlier('marketing', 'allow');
    await searchWithResults(RUNS_API);
    expect(createSearchMap).not.toHaveBeenCalled();
    act(() => deliverConsentApiLate('optin'));
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
    expect(loadButton()).toBeNull();
  });

  it('keeps the note while the script never comes; the button still loads the map on this page', async () => {
    const { user } = await searchWithResults(RUNS_API);
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
    await searchWithResults();
    await waitFor(() => expect(drawnPictures()).toHaveLength(1));
  });
});
