import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenPage, useBrowserSuite } from '../../test/browser.ts';

// Evaluated through the DevTools protocol, which the page's CSP does not govern.
const axe = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const axeViolations = (page: Page): Promise<string[]> =>
  page.evaluate(`${axe};axe.run({runOnly:['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']})
    .then((r) => r.violations.map((v) => v.id + ' ' + v.nodes.map((n) => n.target).join()))`);

const donation = (extra = {}) =>
  ['purchase', 'donation', 'donation_thank_you_page', 'completed_donation_w__screening_question'].map(
    (event) => ({
      event,
      value: 200,
      currency: 'USD',
      ...extra,
    }),
  );

/**
 * The page's dataLayer once its chunk has run and the network is quiet; gtag's Arguments objects as
 * arrays. With `analytics` in the config the tracker first imports its validator, so a push is polled for.
 */
async function dataLayerOf({ page, requests }: OpenPage) {
  await page.waitForLoadState('networkidle');
  expect(requests.some((url) => url.includes('/chunks/behaviour-islands-'))).toBe(true);
  return page.evaluate(() =>
    (window as unknown as { dataLayer: unknown[] }).dataLayer.map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    ),
  );
}

const config = (analytics: object) => `config=${encodeURIComponent(JSON.stringify({ analytics }))}`;

describeBrowser('conversion-tracker in Chromium', () => {
  const suite = useBrowserSuite();

  it('pushes the donation set once on /thank-you/, and nothing after a reload or a return', async () => {
    const opened = await suite.open('/thank-you/');
    await expect.poll(() => dataLayerOf(opened)).toEqual(donation());
    await opened.page.reload();
    await expect.poll(() => dataLayerOf(opened)).toEqual([]);
    await opened.page.goto(`${suite.url}/about/`);
    await opened.page.goBack();
    await expect.poll(() => dataLayerOf(opened)).toEqual([]);
    expect([...opened.pageErrors, ...opened.consoleErrors]).toEqual([]);
  });

  it('counts each completed screening once, by the transaction id the thank-you page prints', async () => {
    const opened = await suite.open('/islands/screening-questions/');
    const { page } = opened;
    const submit = async () => {
      await page.getByRole('button', { name: 'Send my answers' }).click();
      await page.waitForURL('**/thank-you/');
      return dataLayerOf(opened);
    };
    const first = (await submit()) as { transaction_id?: string }[];
    const id = first[0]?.transaction_id;
    expect(id).toMatch(/^screening-\d+$/);
    expect(first).toEqual(donation({ transaction_id: id }));
    await page.reload();
    await expect.poll(() => dataLayerOf(opened)).toEqual([]);
    await page.goto(`${suite.url}/islands/screening-questions/`);
    const second = (await submit()) as { transaction_id?: string }[];
    expect(second).toHaveLength(4);
    expect(second[0]?.transaction_id).not.toBe(id);
  });

  it('pushes the provider sign-up on /sign-up/sign-up-complete/', async () => {
    const opened = await suite.open('/sign-up/sign-up-complete/');
    await expect
      .poll(() => dataLayerOf(opened))
      .toEqual([{ event: 'pick_up_provider_sign_up___all_details', value: 0, currency: 'USD' }]);
  });

  it('calls gtag instead when the page has it, with send_to from the config', async () => {
    const sendTo = 'AW-123456789/AbC-dEfG';
    const conversions = [{ path: '/thank-you/', value: 200, events: [{ name: 'purchase', sendTo }] }];
    const opened = await suite.open(`/thank-you/?${config({ conversions })}`, {
      before: async (_, page) => {
        await page.addInitScript(() => {
          const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
          w.dataLayer = [];
          w.gtag = function gtag() {
            // biome-ignore lint/complexity/noArguments: gtag.js pushes its Arguments object, exactly this.
            w.dataLayer.push(arguments);
          };
        });
      },
    });
    await expect
      .poll(() => dataLayerOf(opened))
      .toEqual([['event', 'purchase', { value: 200, currency: 'USD', send_to: sendTo }]]);
  });

  it('matches a configured path at the end of a longer pathname, as on a site under a sub-path', async () => {
    const conversions = [{ path: '/conversion-tracker', value: 5, events: [{ name: 'demo_conversion' }] }];
    const opened = await suite.open(`/islands/conversion-tracker/?${config({ conversions })}`);
    await expect
      .poll(() => dataLayerOf(opened))
      .toEqual([{ event: 'demo_conversion', value: 5, currency: 'USD' }]);
  });

  it.each([
    ['not by default', {}, []],
    ['when turned on', { siteSearch: true }, [{ event: 'view_search_results', search_term: 'sofa' }]],
  ])('reports a site search %s', async (_, analytics, expected) => {
    const opened = await suite.open(`/?s=sofa&${config(analytics)}`);
    await expect.poll(() => dataLayerOf(opened)).toEqual(expected);
  });

  it('downloads the analytics validator only on a page whose config sets analytics', async () => {
    const validator = ({ requests }: OpenPage) =>
      requests.some((url) => url.includes('/chunks/analytics-config-'));
    const plain = await suite.open('/islands/conversion-tracker/');
    await dataLayerOf(plain);
    expect(validator(plain)).toBe(false);
    const configured = await suite.open(`/islands/conversion-tracker/?${config({ siteSearch: false })}`);
    await expect.poll(() => validator(configured)).toBe(true);
  });

  it('has no WCAG A/AA violations on its demo page and on the thank-you page', async () => {
    for (const path of ['/islands/conversion-tracker/', '/thank-you/']) {
      const opened = await suite.open(path);
      await dataLayerOf(opened);
      expect(await axeViolations(opened.page)).toEqual([]);
    }
  });
});
