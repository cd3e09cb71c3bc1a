import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenPage, useBrowserSuite } from '../../test/browser.ts';
import { CHECK_EVERY_MS, WAIT_FOR_ANALYTICS_MS } from './wait-for-sender.ts';

const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];
const siteSearchOn = `config=${encodeURIComponent(JSON.stringify({ analytics: { siteSearch: true } }))}`;

/** Serves the demo's pages without their stand-in for Google's tag, so nothing defines analytics. */
const withoutAnalytics = (context: BrowserContext) =>
  context.route(
    (url) => url.pathname === '/thank-you/',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<script src="/analytics-debug.js"></script>', '');
      await route.fulfill({ response, body });
    },
  );

/** The events pushed so far, or undefined while the page has no dataLayer. */
const events = (page: Page) =>
  page.evaluate(() =>
    (window as { dataLayer?: { event?: string }[] }).dataLayer?.map((entry) => entry.event),
  );

/** Waits until the tracker's chunk has arrived, so that it is mounted and waiting. */
const trackerLoaded = async ({ page, requests }: OpenPage) => {
  await page.waitForLoadState('networkidle');
  expect(requests.some((url) => url.includes('/chunks/behaviour-islands-'))).toBe(true);
};

describeBrowser('conversion-tracker with analytics that arrives late, in Chromium', () => {
  const suite = useBrowserSuite();

  it('counts the donation when the dataLayer is defined two seconds after load, and not again after a reload', async () => {
    const opened = await suite.open(`/thank-you/?s=sofa&${siteSearchOn}`, {
      before: async (context) => {
        await withoutAnalytics(context);
        // A late Tag Manager, on every load of the page.
        await context.addInitScript(() =>
          addEventListener('load', () =>
            setTimeout(() => {
              (window as { dataLayer?: unknown[] }).dataLayer = [];
            }, 2000),
          ),
        );
      },
    });
    const { page } = opened;
    expect(await events(page)).toBeUndefined();
    await expect.poll(() => events(page), { timeout: 10_000 }).toEqual([...DONATION, 'view_search_results']);
    await page.reload();
    // The site search is reported on every load: once it is in, the conversion would have been too.
    await expect.poll(() => events(page), { timeout: 10_000 }).toEqual(['view_search_results']);
    expect([...opened.pageErrors, ...opened.consoleErrors]).toEqual([]);
  });

  it('counts the donation when a click on a consent banner defines gtag later', async () => {
    const opened = await suite.open('/thank-you/', {
      before: async (context) => {
        await withoutAnalytics(context);
        await context.addInitScript(() =>
          document.addEventListener(
            'click',
            () => {
              const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
              w.dataLayer = [];
              w.gtag = (...args) => w.dataLayer.push(args);
            },
            { once: true },
          ),
        );
      },
    });
    const { page } = opened;
    await trackerLoaded(opened);
    await page.locator('h1').click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as { dataLayer?: unknown[][] }).dataLayer?.map((call) => call[1])),
      )
      .toEqual(DONATION);
    expect(opened.pageErrors).toEqual([]);
  });

  it.each([
    // A minute early, since the page's clock also runs on its own while the test waits for the tracker.
    ['sends', WAIT_FOR_ANALYTICS_MS - 60_000, DONATION],
    ['sends nothing and has stopped waiting', WAIT_FOR_ANALYTICS_MS + CHECK_EVERY_MS, []],
  ])('%s when analytics appears %i ms after the tracker started', async (_, after, expected) => {
    const opened = await suite.open('/thank-you/', {
      before: async (context, page) => {
        await withoutAnalytics(context);
        await page.clock.install();
      },
    });
    const { page } = opened;
    await trackerLoaded(opened);
    await page.clock.runFor(after);
    await page.evaluate(() => {
      (window as { dataLayer?: unknown[] }).dataLayer = [];
    });
    await page.clock.runFor(10 * CHECK_EVERY_MS);
    expect(await events(page)).toEqual(expected);
    expect(opened.pageErrors).toEqual([]);
  });
});
