import { expect, it } from 'vitest';
import { readBuiltFiles } from '../../bench/lib/page-scripts.mjs';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';

const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];

/** The chunks that hold the tracker and, on a page with the WP Consent API, its consent gate. */
const CHUNKS = (() => {
  const built = readBuiltFiles();
  const holding = (input: string) => {
    const chunk = built.find(({ inputs }) => inputs.includes(input));
    if (!chunk) throw new Error(`no built chunk holds ${input}`);
    return [chunk.file.replace(/^chunks\//, ''), ...chunk.imports];
  };
  return [
    ...holding('widgets/conversion-tracker/index.ts'),
    ...holding('widgets/conversion-tracker/tracker-setup.ts'),
  ];
})();

describeEngines('conversion-tracker with the WP Consent API', (suite) => {
  /**
   * The events the page's dataLayer received, once the tracker and its consent gate have arrived and
   * every request the page started has ended: by then a conversion the gate lets through is pushed (the
   * opt-out case proves it), so an empty list means the gate held it.
   */
  async function eventsOf(page: EnginePage) {
    await page.waitFor((chunks) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return (
        document.readyState === 'complete' &&
        chunks.every((chunk) => entries.some(({ name }) => name.endsWith(`/chunks/${chunk}`))) &&
        entries.every(({ responseEnd }) => responseEnd > 0)
      );
    }, CHUNKS);
    return page.evaluate(() =>
      (window as unknown as { dataLayer: { event: string }[] }).dataLayer.map(({ event }) => event),
    );
  }

  /** Presses one of the demo banner's buttons; the API fires its change event before the click ends. */
  async function choose(page: EnginePage, value: 'allow' | 'deny') {
    await page.click(`[data-consent="${value}"]`);
    await page.waitFor(
      (expected) => document.getElementById('consent-switch-state')?.textContent?.includes(expected) ?? false,
      `statistics ${value}`,
    );
  }

  it('sends nothing in an opt-in region before the visitor chooses, each event once on allow, nothing after a reload', async () => {
    const page = await suite.open('/thank-you/?consent=optin');
    expect(await eventsOf(page)).toEqual([]);
    await choose(page, 'allow');
    expect(await eventsOf(page)).toEqual(DONATION);
    await page.reload();
    expect(await eventsOf(page)).toEqual([]);
    expect(await page.problems()).toEqual([]);
  });

  it('sends nothing once the visitor denies, then or later', async () => {
    const page = await suite.open('/thank-you/?consent=optin');
    await eventsOf(page);
    await choose(page, 'deny');
    expect(await eventsOf(page)).toEqual([]);
    await page.reload();
    expect(await eventsOf(page)).toEqual([]);
  });

  it('sends at once in an opt-out region where the visitor has not said no', async () => {
    const page = await suite.open('/thank-you/?consent=optout');
    await expect.poll(() => eventsOf(page)).toEqual(DONATION);
  });

  it('sends at once without a consent plugin, and downloads no consent code', async () => {
    const from = suite.door.requests.length;
    const page = await suite.open('/thank-you/');
    await page.waitFor(() => (window as unknown as { dataLayer: unknown[] }).dataLayer.length === 4);
    expect(suite.door.requests.slice(from).some(({ url }) => url.includes('/chunks/tracker-setup-'))).toBe(
      false,
    );
  });
});
