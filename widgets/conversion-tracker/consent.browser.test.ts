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
 * In the page: imports the chunk named `name` again, then lists the dataLayer's events. Written as text,
 * so that the test runner does not rewrite its `import()` for Node.
 */
const EVENTS_AFTER_IMPORT = new Function(
  'name',
  `const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/chunks/' + name + '-'));
  return (entry ? import(entry.name) : Promise.resolve()).then(() => window.dataLayer.map((e) => e.event));`,
) as (name: string) => Promise<string[]>;

const hasApi = () => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function';

describeEngines('conversion-tracker with the WP Consent API', (suite) => {
  /**
   * The events the page's dataLayer received once the tracker is done with what it holds: its chunk (and,
   * with the WP Consent API, its consent gate's) imported again here resolves only after the tracker's
   * own import has run its callback, in which an allowed conversion is pushed. So an empty list means
   * the tracker held the conversion; the allow that follows each such check proves it was held, not late.
   */
  async function eventsOf(page: EnginePage, chunk: 'tracker-setup' | 'behaviour-islands' = 'tracker-setup') {
    await page.waitFor(
      (name) =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/chunks/${name}-`)),
      chunk,
    );
    return page.evaluate(EVENTS_AFTER_IMPORT, chunk);
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
    await expect.poll(() => eventsOf(page, 'behaviour-islands')).toEqual(DONATION);
    expect(suite.door.requests.slice(from).some(({ url }) => url.includes('/chunks/tracker-setup-'))).toBe(
      false,
    );
  });

  // The API's script delayed as an optimiser prints it (the demo's `consent-delay`).
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
