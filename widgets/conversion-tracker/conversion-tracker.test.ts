import { createTestContext } from '../../test/island-context.ts';
import { visit } from '../../test/support/conversion-tracker.ts';
import { mount, SEARCH_EVENT } from './index.ts';

type Analytics = { gtag?: unknown; dataLayer?: unknown };
const win = window as Window & Analytics;

const donationEvents = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];

afterEach(() => {
  delete win.gtag;
  delete win.dataLayer;
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('conversion-tracker', () => {
  it('sends each donation goal through gtag with value and currency, and nothing to the dataLayer', async () => {
    win.gtag = vi.fn();
    win.dataLayer = [];
    await visit('/thank-you/');
    expect((win.gtag as ReturnType<typeof vi.fn>).mock.calls).toEqual(
      donationEvents.map((name) => ['event', name, { value: 200, currency: 'USD' }]),
    );
    expect(win.dataLayer).toEqual([]);
  });

  it('pushes GTM events to the dataLayer when there is no gtag', async () => {
    win.dataLayer = [];
    await visit('/sign-up/sign-up-complete/');
    expect(win.dataLayer).toEqual([
      { event: 'pick_up_provider_sign_up___all_details', value: 0, currency: 'USD' },
    ]);
  });

  it('does nothing and throws nothing when the page has neither', async () => {
    await expect(visit('/thank-you/')).resolves.toBeDefined();
  });

  it('adds the transaction id and send_to when they are configured, and never an empty transaction id', async () => {
    win.gtag = vi.fn();
    const conversions = [
      { path: '/thank-you/', value: 200, events: [{ name: 'purchase', sendTo: 'AW-1/abc' }] },
    ];
    await visit('/thank-you/', { analytics: { conversions, transactionId: 'screening-7' } });
    expect(win.gtag).toHaveBeenCalledWith('event', 'purchase', {
      value: 200,
      currency: 'USD',
      transaction_id: 'screening-7',
      send_to: 'AW-1/abc',
    });
    sessionStorage.clear();
    await visit('/thank-you/', { analytics: { conversions, transactionId: '' } });
    expect((win.gtag as ReturnType<typeof vi.fn>).mock.calls[1]?.[2]).not.toHaveProperty('transaction_id');
  });

  it('leaves send_to out of dataLayer pushes, where each GTM tag picks its destination', async () => {
    win.dataLayer = [];
    const conversions = [
      { path: '/thank-you/', value: 5, events: [{ name: 'donation', sendTo: 'AW-1/abc' }] },
    ];
    await visit('/thank-you/', { analytics: { conversions, transactionId: 't-1' } });
    expect(win.dataLayer).toEqual([{ event: 'donation', value: 5, currency: 'USD', transaction_id: 't-1' }]);
  });

  it.each([
    ['a reload in the same session', 'screening-1', 'screening-1', 4],
    ['the next donation with its own transaction id', 'screening-1', 'screening-2', 8],
    ['a reload without transaction ids', '', '', 4],
  ])('counts %s as it should', async (_, firstId, secondId, pushes) => {
    win.dataLayer = [];
    await visit('/thank-you/?utm_source=mail', { analytics: { transactionId: firstId } });
    await visit('/thank-you/', { analytics: { transactionId: secondId } });
    expect(win.dataLayer).toHaveLength(pushes);
  });

  it('matches a site living under a sub-path, with or without the trailing slash', async () => {
    win.dataLayer = [];
    await visit('/site/thank-you');
    expect((win.dataLayer as { event: string }[]).map(({ event }) => event)).toEqual(donationEvents);
  });

  it('reports nothing on a page that is not a conversion page', async () => {
    win.dataLayer = [];
    await visit('/about/?s=sofa');
    expect(win.dataLayer).toEqual([]);
  });

  it.each([
    ['off by default', {}, '/?s=sofa', []],
    ['on by config', { siteSearch: true }, '/?s=sofa', [{ event: SEARCH_EVENT, search_term: 'sofa' }]],
    ['on, without a term', { siteSearch: true }, '/?s=%20', []],
    [
      'on, with its own parameters',
      { siteSearch: true, searchParams: ['find'] },
      '/?find=desk&s=sofa',
      [{ event: SEARCH_EVENT, search_term: 'desk' }],
    ],
  ])('site search reporting is %s', async (_, analytics, url, pushes) => {
    win.dataLayer = [];
    await visit(url, { analytics });
    expect(win.dataLayer).toEqual(pushes);
  });

  it('reports at once with the defaults, without loading the validator', () => {
    win.dataLayer = [];
    history.replaceState(null, '', '/thank-you/');
    mount(document.documentElement, createTestContext('conversion-tracker', { restRoot: '/wp-json/' }));
    expect(win.dataLayer).toHaveLength(4);
  });

  it('sends nothing when it is removed before the validator for its configured section arrives', async () => {
    win.dataLayer = [];
    history.replaceState(null, '', '/thank-you/');
    const ctx = createTestContext('conversion-tracker', { analytics: { transactionId: 't-9' } });
    mount(document.documentElement, ctx);
    ctx.abort();
    await vi.dynamicImportSettled();
    expect(win.dataLayer).toEqual([]);
    expect(ctx.reported).toEqual([]);
  });
});
