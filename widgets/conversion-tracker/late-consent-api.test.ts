const API_CHECK_EVERY_MS = 1000;
const API_CHECK_FOR_MS = 300000;

import {
  chosenEarlier,
  consentApi,
  deliverConsentApiLate,
  removeConsentApi,
} from '../../test/consent-api-stand-in.ts';
import { visit } from '../../test/support/conversion-tracker.ts';

type Analytics = { gtag?: ReturnType<typeof vi.fn> };
const win = window as Window & Analytics;

const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];
/** What the plugin prints where the WP Consent API is active. */
const RUNS_API = { consentApi: true };

const sent = () => (win.gtag?.mock.calls ?? []).map((call) => call[1]);

beforeEach(() => {
  win.gtag = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  delete win.gtag;
  removeConsentApi();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
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
