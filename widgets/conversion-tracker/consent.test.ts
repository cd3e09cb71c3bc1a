import { API_CHECK_EVERY_MS, API_CHECK_FOR_MS } from '../../src/shared/wp-consent.ts';
import {
  chosenEarlier,
  consentApi,
  defineConsentType,
  deliverConsentApiLate,
  installConsentApi,
  removeConsentApi,
} from '../../test/consent-api-stand-in.ts';
import { visit } from '../../test/support/conversion-tracker.ts';

type Analytics = { gtag?: ReturnType<typeof vi.fn>; dataLayer?: unknown[] };
const win = window as Window & Analytics;

const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];
const ADS = 'AW-123/abc';
/** What the plugin prints where the WP Consent API is active. */
const RUNS_API = { consentApi: true };
/** A donation reported to GA4 (statistics) and to an Ads account (marketing). */
const BOTH = {
  conversions: [
    {
      path: '/thank-you/',
      value: 200,
      events: [
        { name: 'purchase', sendTo: '' },
        { name: 'conversion', sendTo: ADS },
      ],
    },
  ],
};

/** The event names gtag received, in order. */
const sent = () => (win.gtag?.mock.calls ?? []).map((call) => call[1]);

const setGlobalPrivacyControl = (on: boolean | undefined) =>
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: on, configurable: true });

beforeEach(() => {
  win.gtag = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  delete win.gtag;
  delete win.dataLayer;
  removeConsentApi();
  setGlobalPrivacyControl(undefined);
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('conversions and the WP Consent API', () => {
  it('sends nothing in an opt-in region before the visitor chooses, and each event once on allow', async () => {
    installConsentApi('optin');
    await visit('/thank-you/');
    expect(sent()).toEqual([]);
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual(DONATION);
    consentApi().wp_set_consent('marketing', 'allow');
    consentApi().wp_set_consent('statistics', 'deny');
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual(DONATION);
  });

  it('never sends a denied conversion, even when the visitor allows later on the page', async () => {
    installConsentApi('optin');
    consentApi().wp_set_consent('statistics', 'deny');
    await visit('/thank-you/');
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual([]);
  });

  it('drops a held conversion the visitor denies, and claims nothing for it', async () => {
    installConsentApi('optin');
    await visit('/thank-you/');
    consentApi().wp_set_consent('statistics', 'deny');
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual([]);
    // The next page of the session, with consent, still counts the donation: nothing was sent.
    await visit('/thank-you/');
    expect(sent()).toEqual(DONATION);
  });

  it('sends at once where the visitor allowed before, and nothing again after a reload', async () => {
    installConsentApi('optin');
    consentApi().wp_set_consent('statistics', 'allow');
    await visit('/thank-you/');
    expect(sent()).toEqual(DONATION);
    await visit('/thank-you/');
    expect(sent()).toEqual(DONATION);
  });

  it('sends in an opt-out region while the visitor has not said no', async () => {
    installConsentApi('optout');
    await visit('/thank-you/');
    expect(sent()).toEqual(DONATION);
  });

  it('sends everything where the API has no region type (no consent management)', async () => {
    installConsentApi('');
    await visit('/thank-you/', { analytics: BOTH });
    expect(sent()).toEqual(['purchase', 'conversion']);
  });

  it('holds the Ads event for marketing and the GA4 event for statistics, each sent once when allowed', async () => {
    installConsentApi('optin');
    await visit('/thank-you/', { analytics: BOTH });
    consentApi().wp_set_consent('marketing', 'allow');
    expect(sent()).toEqual(['conversion']);
    expect(win.gtag).toHaveBeenCalledWith('event', 'conversion', {
      value: 200,
      currency: 'USD',
      send_to: ADS,
    });
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual(['conversion', 'purchase']);
    await visit('/thank-you/', { analytics: BOTH });
    expect(sent()).toEqual(['conversion', 'purchase']);
  });

  it('waits for the categories the admin maps them to', async () => {
    installConsentApi('optin');
    const analytics = {
      ...BOTH,
      statisticsCategory: 'statistics-anonymous',
      marketingCategory: 'statistics',
    };
    await visit('/thank-you/', { analytics });
    consentApi().wp_set_consent('statistics-anonymous', 'allow');
    expect(sent()).toEqual(['purchase']);
    consentApi().wp_set_consent('marketing', 'allow');
    expect(sent()).toEqual(['purchase']);
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual(['purchase', 'conversion']);
  });

  it('counts Global Privacy Control as a no to marketing in an opt-out region', async () => {
    installConsentApi('optout');
    setGlobalPrivacyControl(true);
    await visit('/thank-you/', { analytics: BOTH });
    expect(sent()).toEqual(['purchase']);
  });

  it('lets Global Privacy Control decide nothing in an opt-in region, where the visitor chooses', async () => {
    installConsentApi('optin');
    setGlobalPrivacyControl(true);
    consentApi().wp_set_consent('marketing', 'allow');
    await visit('/thank-you/', { analytics: BOTH });
    expect(sent()).toEqual(['conversion']);
  });

  it('waits for a banner that sets the region type in the browser, where the API says one will', async () => {
    installConsentApi('', { waitForType: true });
    await visit('/thank-you/');
    expect(sent()).toEqual([]);
    defineConsentType('optin');
    expect(sent()).toEqual([]);
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual(DONATION);
  });

  it('holds a site search for statistics too', async () => {
    installConsentApi('optin');
    await visit('/?s=sofa', { analytics: { siteSearch: true } });
    expect(sent()).toEqual([]);
    consentApi().wp_set_consent('statistics', 'allow');
    expect(win.gtag).toHaveBeenCalledWith('event', 'view_search_results', { search_term: 'sofa' });
  });

  it('lets the site tag decide when the admin chose so: events go to gtag at once', async () => {
    installConsentApi('optin');
    await visit('/thank-you/', { analytics: { consent: 'tag' } });
    expect(sent()).toEqual(DONATION);
  });

  it('writes no Consent Mode defaults of its own', async () => {
    installConsentApi('optin');
    win.dataLayer = [];
    await visit('/thank-you/');
    consentApi().wp_set_consent('statistics', 'allow');
    expect(win.gtag?.mock.calls.filter((call) => call[0] !== 'event')).toEqual([]);
    expect(win.dataLayer).toEqual([]);
  });

  it('stops listening once removed: a later allow sends nothing', async () => {
    installConsentApi('optin');
    const ctx = await visit('/thank-you/');
    ctx.abort();
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual([]);
  });

  it('behaves as without consent management on a page without the API', async () => {
    await visit('/thank-you/', { analytics: BOTH });
    expect(sent()).toEqual(['purchase', 'conversion']);
  });
});

describe('conversions where the page config says the WP Consent API runs, and its script comes late', () => {
  it('sends nothing before the script arrives, nothing after it in an opt-in region, and each event once on allow', async () => {
    await visit('/thank-you/', RUNS_API);
    expect(sent()).toEqual([]);
    deliverConsentApiLate('optin');
    expect(sent()).toEqual([]);
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual(DONATION);
  });

  it('sends when the script arrives and finds the yes the visitor gave on an earlier page', async () => {
    chosenEarlier('statistics', 'allow');
    await visit('/thank-you/', RUNS_API);
    expect(sent()).toEqual([]);
    deliverConsentApiLate('optin');
    expect(sent()).toEqual(DONATION);
  });

  it('sends in an opt-out region once the script arrives, and never before', async () => {
    await visit('/thank-you/', RUNS_API);
    expect(sent()).toEqual([]);
    deliverConsentApiLate('optout');
    expect(sent()).toEqual(DONATION);
  });

  it('holds a conversion whose analytics comes after the late script, until the visitor allows', async () => {
    delete win.gtag;
    vi.useFakeTimers();
    await visit('/thank-you/', RUNS_API);
    deliverConsentApiLate('optin');
    win.gtag = vi.fn();
    await vi.advanceTimersByTimeAsync(API_CHECK_EVERY_MS);
    expect(sent()).toEqual([]);
    consentApi().wp_set_consent('statistics', 'allow');
    expect(sent()).toEqual(DONATION);
  });

  it('finds a script inlined into another, which fires no load, within the next check', async () => {
    vi.useFakeTimers();
    await visit('/thank-you/', RUNS_API);
    chosenEarlier('statistics', 'allow');
    deliverConsentApiLate('optin', { inlined: true });
    expect(sent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(API_CHECK_EVERY_MS);
    expect(sent()).toEqual(DONATION);
  });

  it('sends nothing when the script never comes, and stops checking after a while', async () => {
    vi.useFakeTimers();
    await visit('/thank-you/', RUNS_API);
    await vi.advanceTimersByTimeAsync(API_CHECK_FOR_MS);
    expect(sent()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still hears a script that loads after the checks stopped', async () => {
    vi.useFakeTimers();
    chosenEarlier('statistics', 'allow');
    await visit('/thank-you/', RUNS_API);
    await vi.advanceTimersByTimeAsync(API_CHECK_FOR_MS);
    deliverConsentApiLate('optin');
    expect(sent()).toEqual(DONATION);
  });

  it('reports at once, as always, where the page config does not say so', async () => {
    await visit('/thank-you/');
    deliverConsentApiLate('optin');
    expect(sent()).toEqual(DONATION);
  });
});
