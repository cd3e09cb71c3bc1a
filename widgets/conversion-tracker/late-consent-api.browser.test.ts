import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';

const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];

/**
 * In the page: imports the consent gate's chunk again, then lists the dataLayer's events. Written as
 * text, so that the test runner does not rewrite its `import()` for Node.
 */
const EVENTS_AFTER_IMPORT = new Function(
  `const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/chunks/tracker-setup-'));
  return import(entry.name).then(() => window.dataLayer.map((e) => e.event));`,
) as () => Promise<string[]>;

const hasApi = () => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function';

describeEngines('conversion-tracker with the WP Consent API’s script delayed by an optimiser', (suite) => {
  /**
   * The events the dataLayer holds once the tracker is done with what it holds: the consent gate's
   * chunk imported again resolves only after the tracker's own import ran its callback.
   */
  async function eventsOf(page: EnginePage) {
    await page.waitFor(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chunks/tracker-setup-')),
    );
    return page.evaluate(EVENTS_AFTER_IMPORT);
  }

  it('sends nothing in an opt-in region before the script comes on the visitor’s first move, nor after it until the visitor allows', async () => {
    const page = await suite.open('/thank-you/?consent=optin&consent-delay=interaction');
    expect(await eventsOf(page)).toEqual([]);
    expect(await page.evaluate(hasApi)).toBe(false);
    await page.click('h1');
    await page.waitFor(hasApi);
    expect(await eventsOf(page)).toEqual([]);
    await page.click('[data-consent="allow"]');
    await expect.poll(() => eventsOf(page)).toEqual(DONATION);
    expect(await page.problems()).toEqual([]);
  });

  it('sends at once when the delayed script comes in an opt-out region', async () => {
    const page = await suite.open('/thank-you/?consent=optout&consent-delay=interaction');
    expect(await eventsOf(page)).toEqual([]);
    await page.click('h1');
    await expect.poll(() => eventsOf(page)).toEqual(DONATION);
  });
});
