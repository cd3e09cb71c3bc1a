import { createTestContext } from '../../test/island-context.ts';
import { mount } from './index.ts';
import { CHECK_EVERY_MS, WAIT_FOR_ANALYTICS_MS } from './wait-for-sender.ts';

type Analytics = { gtag?: unknown; dataLayer?: unknown };
const win = window as Window & Analytics;

const DONATION_EVENTS = 4;

/** Mounts on /thank-you/ of a page that has no analytics yet. */
function arriveWithoutAnalytics() {
  history.replaceState(null, '', '/thank-you/');
  const ctx = createTestContext('conversion-tracker');
  mount(document.documentElement, ctx);
  return ctx;
}

/** What a consent manager or Tag Manager does: `gtag` pushing its arguments to the dataLayer. */
function defineGtag() {
  const dataLayer: unknown[] = [];
  win.dataLayer = dataLayer;
  const gtag = vi.fn(function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag.js queues its Arguments object, as here
    dataLayer.push(arguments);
  });
  win.gtag = gtag;
  return gtag;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  delete win.gtag;
  delete win.dataLayer;
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('conversion-tracker with analytics that arrives late', () => {
  it('sends the conversion once when the dataLayer appears two seconds after load', () => {
    const ctx = arriveWithoutAnalytics();
    vi.advanceTimersByTime(2000);
    const dataLayer: unknown[] = [];
    win.dataLayer = dataLayer;
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(dataLayer).toHaveLength(DONATION_EVENTS);
    vi.advanceTimersByTime(10 * CHECK_EVERY_MS);
    expect(dataLayer).toHaveLength(DONATION_EVENTS);
    expect(vi.getTimerCount()).toBe(0);
    ctx.abort();
  });

  it('does not count it again on a later visit of the same session once it was sent', () => {
    arriveWithoutAnalytics();
    win.dataLayer = [];
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(win.dataLayer).toHaveLength(DONATION_EVENTS);
    win.dataLayer = [];
    arriveWithoutAnalytics();
    vi.advanceTimersByTime(10 * CHECK_EVERY_MS);
    expect(win.dataLayer).toEqual([]);
  });

  it('sends nothing and stops waiting when no analytics appears in time', () => {
    arriveWithoutAnalytics();
    vi.advanceTimersByTime(WAIT_FOR_ANALYTICS_MS);
    expect(vi.getTimerCount()).toBe(0);
    const gtag = defineGtag();
    vi.advanceTimersByTime(WAIT_FOR_ANALYTICS_MS);
    expect(gtag).not.toHaveBeenCalled();
  });

  it('still sends when analytics appears just before the wait ends', () => {
    arriveWithoutAnalytics();
    vi.advanceTimersByTime(WAIT_FOR_ANALYTICS_MS - CHECK_EVERY_MS);
    const gtag = defineGtag();
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(gtag).toHaveBeenCalledTimes(DONATION_EVENTS);
  });

  it('stops waiting when it is disposed', () => {
    const ctx = arriveWithoutAnalytics();
    ctx.abort();
    expect(vi.getTimerCount()).toBe(0);
    const gtag = defineGtag();
    vi.advanceTimersByTime(WAIT_FOR_ANALYTICS_MS);
    expect(gtag).not.toHaveBeenCalled();
  });

  it('waits on a page where nothing is to be reported for nothing', () => {
    history.replaceState(null, '', '/about/');
    mount(document.documentElement, createTestContext('conversion-tracker'));
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('conversion-tracker under Google Consent Mode', () => {
  /** What `gtag(...)` pushes to the dataLayer: its `arguments`. */
  const gtagArguments = (...args: unknown[]) => args;

  it('never pushes around what Consent Mode denies, and sends once Consent Mode grants it', () => {
    const dataLayer: unknown[] = [
      gtagArguments('consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied' }),
    ];
    win.dataLayer = dataLayer;
    const ctx = arriveWithoutAnalytics();
    vi.advanceTimersByTime(10 * CHECK_EVERY_MS);
    expect(dataLayer).toHaveLength(1);
    dataLayer.push(
      gtagArguments('consent', 'update', { ad_storage: 'granted', analytics_storage: 'granted' }),
    );
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(dataLayer.slice(2)).toHaveLength(DONATION_EVENTS);
    ctx.abort();
  });

  it('sends through gtag, which applies Consent Mode itself, and never straight to the dataLayer', () => {
    const gtag = defineGtag();
    gtag('consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied' });
    arriveWithoutAnalytics().abort();
    expect(gtag.mock.calls.slice(1).map(([command]) => command)).toEqual(
      Array(DONATION_EVENTS).fill('event'),
    );
    const plainPushes = (win.dataLayer as unknown[]).filter(
      (entry) => !(entry instanceof Object) || 'event' in entry,
    );
    expect(plainPushes).toEqual([]);
  });
});
