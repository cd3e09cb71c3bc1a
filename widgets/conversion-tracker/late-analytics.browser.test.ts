import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines, type EngineSuite } from '../../test/engines/suite.ts';
import { CHECK_EVERY_MS, WAIT_FOR_ANALYTICS_MS } from './wait-for-sender.ts';

const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];
const siteSearchOn = `config=${encodeURIComponent(JSON.stringify({ analytics: { siteSearch: true } }))}`;

interface HarnessClock {
  runFor(ms: number): number;
  waiting(): { delay: number; repeats: boolean }[];
}
/**
 * Moves the page's fake clock on by `ms`, a step of under 30 s per script: WebKit's driver times each
 * script with the page's own setTimeout, so a longer step would fire its 30 s script timeout too.
 */
async function runFor(page: EnginePage, ms: number) {
  const STEP = 20_000;
  for (let left = ms; left > 0; left -= STEP)
    await page.evaluate(
      (by) => (window as unknown as { __harnessClock: HarnessClock }).__harnessClock.runFor(by),
      Math.min(STEP, left),
    );
}

/**
 * Serves the demo's thank-you page (with `query`) at `path`, its stand-in for Google's tag replaced by
 * `script`, so that nothing defines analytics until `script` does. `path` ends in /thank-you/: the
 * tracker matches a conversion page at the end of the pathname, as on a site under a sub-path.
 */
async function serveThankYou(suite: EngineSuite, path: string, query: string, script: string) {
  const demo = await fetch(`${suite.server.url}/thank-you/${query}`);
  const tag = '<script src="/analytics-debug.js"></script>';
  const html = await demo.text();
  expect(html).toContain(tag);
  const src = `${path}late-analytics.js`;
  suite.door.serve(src, 'text/javascript', script);
  suite.door.serve(path, 'text/html', html.replace(tag, `<script src="${src}"></script>`), {
    'content-security-policy': demo.headers.get('content-security-policy') ?? '',
  });
}

/** The events pushed so far, or null while the page has no dataLayer. */
const events = (page: EnginePage) =>
  page.evaluate(
    () => (window as { dataLayer?: { event?: string }[] }).dataLayer?.map((entry) => entry.event) ?? null,
  );

/** Waits until the tracker is mounted and waiting for analytics: its give-up timer is on the fake clock. */
const trackerWaiting = (page: EnginePage) =>
  page.waitFor(
    (limit) =>
      (window as unknown as { __harnessClock: HarnessClock }).__harnessClock
        .waiting()
        .some(({ delay }) => delay === limit),
    WAIT_FOR_ANALYTICS_MS,
  );

describeEngines('conversion-tracker with analytics that arrives late', (suite) => {
  it('counts the donation when the dataLayer is defined two seconds after load, and not again after a reload', async () => {
    const path = '/late-tag-manager/thank-you/';
    // A late Tag Manager, on every load of the page.
    await serveThankYou(
      suite,
      path,
      `?s=sofa&${siteSearchOn}`,
      "addEventListener('load', () => setTimeout(() => { window.dataLayer = []; }, 2000));",
    );
    const page = await suite.open(`${path}?s=sofa`);
    expect(await events(page)).toBeNull();
    await expect.poll(() => events(page)).toEqual([...DONATION, 'view_search_results']);
    await page.reload();
    // The site search is reported on every load: once it is in, the conversion would have been too.
    await expect.poll(() => events(page)).toEqual(['view_search_results']);
    expect(await page.problems()).toEqual([]);
  });

  it('counts the donation when a click on a consent banner defines gtag later', async () => {
    const path = '/consent-banner/thank-you/';
    await serveThankYou(
      suite,
      path,
      '',
      `document.addEventListener('click', () => {
        window.dataLayer = [];
        window.gtag = (...args) => window.dataLayer.push(args);
      }, { once: true });`,
    );
    // The fake clock only shows when the tracker is waiting; time runs on as usual.
    const page = await suite.open(path, { fakeClock: true });
    await trackerWaiting(page);
    expect(await events(page)).toBeNull();
    await page.click('h1');
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as { dataLayer?: unknown[][] }).dataLayer?.map((call) => call[1]) ?? null,
        ),
      )
      .toEqual(DONATION);
    expect(await page.problems()).toEqual([]);
  });

  it.each([
    // A minute early, since the page's clock also runs on its own while the test waits for the tracker.
    ['sends', WAIT_FOR_ANALYTICS_MS - 60_000, DONATION],
    ['sends nothing and has stopped waiting', WAIT_FOR_ANALYTICS_MS + CHECK_EVERY_MS, []],
  ])('%s when analytics appears %i ms after the tracker started', async (_, after, expected) => {
    const path = '/no-analytics/thank-you/';
    await serveThankYou(suite, path, '', '');
    const page = await suite.open(path, { fakeClock: true });
    await trackerWaiting(page);
    await runFor(page, after);
    await page.evaluate(() => {
      (window as { dataLayer?: unknown[] }).dataLayer = [];
    });
    await runFor(page, 10 * CHECK_EVERY_MS);
    expect(await events(page)).toEqual(expected);
    if (expected.length === 0) {
      // Nothing is left waiting: neither the check nor the give-up timer.
      const waiting = await page.evaluate(() =>
        (window as unknown as { __harnessClock: HarnessClock }).__harnessClock.waiting(),
      );
      expect(
        waiting.filter(
          ({ delay, repeats }) => delay === WAIT_FOR_ANALYTICS_MS || (repeats && delay === CHECK_EVERY_MS),
        ),
      ).toEqual([]);
    }
    expect(await page.problems()).toEqual([]);
  });
});
