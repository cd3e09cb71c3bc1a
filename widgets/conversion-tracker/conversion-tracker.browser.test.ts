import { expect, it } from 'vitest';
import { readBuiltFiles } from '../../bench/lib/page-scripts.mjs';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { axeViolations } from '../../test/page-helpers.ts';

const donation = (extra = {}) =>
  ['purchase', 'donation', 'donation_thank_you_page', 'completed_donation_w__screening_question'].map(
    (event) => ({
      event,
      value: 200,
      currency: 'USD',
      ...extra,
    }),
  );

/** The built chunk holding the tracker, and the chunks it imports. */
const TRACKER_CHUNKS = (() => {
  const chunk = readBuiltFiles().find(({ inputs }) => inputs.includes('widgets/conversion-tracker/index.ts'));
  if (!chunk) throw new Error('no built chunk holds the conversion tracker');
  return [chunk.file.replace(/^chunks\//, ''), ...chunk.imports];
})();

const config = (analytics: object) => `config=${encodeURIComponent(JSON.stringify({ analytics }))}`;

describeEngines('conversion-tracker', (suite) => {
  /** Whether the page asked for a chunk whose name starts with `name` since the front door's log had `from` entries. */
  const requestedChunk = (from: number, name: string) =>
    suite.door.requests.slice(from).some(({ url }) => url.includes(`/chunks/${name}-`));

  /**
   * The page's dataLayer once the tracker's chunk and every chunk it imports have arrived and every
   * request the page started has ended (as Playwright's network idle); gtag's Arguments objects as
   * arrays. The imports count too: a test that navigates away while one is still on its way sees
   * WebKit fail the import. With `analytics` in the config the tracker first imports its validator, so
   * a push is polled for.
   */
  async function dataLayerOf(page: EnginePage, from: number | undefined) {
    if (from !== undefined) await expect.poll(() => requestedChunk(from, 'behaviour-islands')).toBe(true);
    await page.waitFor((chunks) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return (
        document.readyState === 'complete' &&
        chunks.every((chunk) => entries.some(({ name }) => name.endsWith(`/chunks/${chunk}`))) &&
        entries.every(({ responseEnd }) => responseEnd > 0)
      );
    }, TRACKER_CHUNKS);
    return page.evaluate(() =>
      (window as unknown as { dataLayer: unknown[] }).dataLayer.map((entry) =>
        Object.prototype.toString.call(entry) === '[object Arguments]'
          ? Array.from(entry as ArrayLike<unknown>)
          : entry,
      ),
    );
  }

  /** Opens `path` and gives the page with where its requests start in the front door's log. */
  const open = async (path: string) => {
    const from = suite.door.requests.length;
    return { page: await suite.open(path), from };
  };

  it('pushes the donation set once on /thank-you/, and nothing after a reload or a return', async () => {
    const { page, from } = await open('/thank-you/');
    await expect.poll(() => dataLayerOf(page, from)).toEqual(donation());
    const reloaded = suite.door.requests.length;
    await page.reload();
    await expect.poll(() => dataLayerOf(page, reloaded)).toEqual([]);
    await page.goto('/about/');
    const returned = suite.door.requests.length;
    await page.back();
    await page.waitForUrl(/\/thank-you\/$/);
    const shows = await page.evaluate(() => (window as { __harnessShows?: string[] }).__harnessShows ?? []);
    // Restored from the back/forward cache, the page runs nothing again and requests nothing; loaded
    // afresh, its tracker runs again and must find the donation already counted.
    await expect.poll(() => dataLayerOf(page, shows.includes('restored') ? undefined : returned)).toEqual([]);
    expect(await page.problems()).toEqual([]);
  });

  it('counts each completed screening once, by the transaction id the thank-you page prints', async () => {
    const { page } = await open('/islands/screening-questions/');
    const submit = async () => {
      // Mounted: the screening island hides its section while no answer is yes.
      await page.waitFor(() => document.querySelector<HTMLElement>('#additional-details')?.hidden === true);
      expect(
        await page.evaluate(() =>
          document.querySelector('button[name=screening_submit]')?.textContent?.trim(),
        ),
      ).toBe('Send my answers');
      const from = suite.door.requests.length;
      await page.click('button[name=screening_submit]');
      await page.waitForUrl(/\/thank-you\/$/);
      // The tracker runs once its chunk has arrived: the whole set is pushed at once.
      await expect.poll(async () => (await dataLayerOf(page, undefined)).length).toBe(4);
      return dataLayerOf(page, from);
    };
    const first = (await submit()) as { transaction_id?: string }[];
    const id = first[0]?.transaction_id;
    expect(id).toMatch(/^screening-\d+$/);
    expect(first).toEqual(donation({ transaction_id: id }));
    const reloaded = suite.door.requests.length;
    await page.reload();
    await expect.poll(() => dataLayerOf(page, reloaded)).toEqual([]);
    await page.goto('/islands/screening-questions/');
    const second = (await submit()) as { transaction_id?: string }[];
    expect(second).toHaveLength(4);
    expect(second[0]?.transaction_id).not.toBe(id);
  });

  it('pushes the provider sign-up on /sign-up/sign-up-complete/', async () => {
    const { page, from } = await open('/sign-up/sign-up-complete/');
    await expect
      .poll(() => dataLayerOf(page, from))
      .toEqual([{ event: 'pick_up_provider_sign_up___all_details', value: 0, currency: 'USD' }]);
  });

  it('calls gtag instead when the page has it, with send_to from the config', async () => {
    const sendTo = 'AW-123456789/AbC-dEfG';
    const conversions = [{ path: '/thank-you/', value: 200, events: [{ name: 'purchase', sendTo }] }];
    // The demo's page with gtag.js in place of its stand-in for Google's tag, at a sub-path so that it
    // does not replace the plain thank-you page for the other tests.
    const demo = await fetch(`${suite.server.url}/thank-you/?${config({ conversions })}`);
    const tag = '<script src="/analytics-debug.js"></script>';
    const html = await demo.text();
    expect(html).toContain(tag);
    suite.door.serve(
      '/gtag/gtag.js',
      'text/javascript',
      // gtag.js pushes its Arguments object, exactly this.
      'window.dataLayer = []; window.gtag = function gtag() { window.dataLayer.push(arguments); };',
    );
    suite.door.serve(
      '/gtag/thank-you/',
      'text/html',
      html.replace(tag, '<script src="/gtag/gtag.js"></script>'),
      {
        'content-security-policy': demo.headers.get('content-security-policy') ?? '',
      },
    );
    const { page, from } = await open('/gtag/thank-you/');
    await expect
      .poll(() => dataLayerOf(page, from))
      .toEqual([['event', 'purchase', { value: 200, currency: 'USD', send_to: sendTo }]]);
  });

  it('matches a configured path at the end of a longer pathname, as on a site under a sub-path', async () => {
    const conversions = [{ path: '/conversion-tracker', value: 5, events: [{ name: 'demo_conversion' }] }];
    const { page, from } = await open(`/islands/conversion-tracker/?${config({ conversions })}`);
    await expect
      .poll(() => dataLayerOf(page, from))
      .toEqual([{ event: 'demo_conversion', value: 5, currency: 'USD' }]);
  });

  it.each([
    ['not by default', {}, []],
    ['when turned on', { siteSearch: true }, [{ event: 'view_search_results', search_term: 'sofa' }]],
  ])('reports a site search %s', async (_, analytics, expected) => {
    const { page, from } = await open(`/?s=sofa&${config(analytics)}`);
    await expect.poll(() => dataLayerOf(page, from)).toEqual(expected);
  });

  it('downloads the analytics validator only on a page whose config sets analytics or that runs the WP Consent API', async () => {
    const plain = await open('/islands/conversion-tracker/');
    await dataLayerOf(plain.page, plain.from);
    expect(requestedChunk(plain.from, 'tracker-setup')).toBe(false);
    const configured = await open(`/islands/conversion-tracker/?${config({ siteSearch: false })}`);
    await expect.poll(() => requestedChunk(configured.from, 'tracker-setup')).toBe(true);
    const withConsent = await open('/islands/conversion-tracker/?consent=optout');
    await expect.poll(() => requestedChunk(withConsent.from, 'tracker-setup')).toBe(true);
  });

  it('has no WCAG A/AA violations on its demo page and on the thank-you page', async () => {
    for (const path of ['/islands/conversion-tracker/', '/thank-you/']) {
      const { page, from } = await open(path);
      await dataLayerOf(page, from);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
