/**
 * Accessibility beyond axe (docs/how-it-works.md#accessibility-and-hostile-input): each island that has
 * controls works from the keyboard alone (Tab, Enter, Space, arrows, Escape) with focus where a visitor
 * expects it; status changes and results are announced through live regions that are in the page before they
 * change. The submit-lock, lazy-background and conversion-tracker islands have no controls of their own.
 */
import { expect, it } from 'vitest';
import type { EnginePage } from '../engines/engine-page.ts';
import { describeEngines } from '../engines/suite.ts';
import { noteSettled } from '../support/priority-alert.ts';
import { SEARCH_ZIP, searchEnded } from './helpers.ts';

/** The focused element, as `tag#id` or `tag.class` with its text or label. */
const focused = (page: EnginePage) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const name = element.id
      ? `#${element.id}`
      : element.className
        ? `.${element.className.split(' ')[0]}`
        : '';
    const label =
      (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? element.textContent?.trim();
    return `${element.localName}${name} ${label?.slice(0, 30) ?? ''}`.trim();
  });

/** Presses Tab from the top of the page until `selector` has focus; fails if it never does. */
async function tabTo(page: EnginePage, selector: string, presses = 60) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < presses; i++) {
    await page.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`${presses} presses of Tab never reached ${selector}`);
}

const text = (page: EnginePage, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent, selector);
const shown = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const element = document.querySelector<HTMLElement>(s);
    return (
      !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
    );
  }, selector);

// Every key press is a round trip to the driver, and reaching a control takes up to 60 of them.
const KEYBOARD_TIME = { timeout: 90_000 };
const STATUS = '.alert-before[role="status"]';
const RESULTS = '.donors-results-status[role="status"]';
const TRIGGER = '#show-priority';

describeEngines('keyboard and screen reader use', (suite) => {
  it(
    'donors search: Tab through the form, Enter searches, both results and errors are announced',
    KEYBOARD_TIME,
    async () => {
      const page = await suite.open('/', { fault: 'delay=1500' });
      await page.waitFor(() => document.querySelector('#donors-in-your-area button[type=submit]'));
      await tabTo(page, '#zipcode');
      expect([await text(page, STATUS), await text(page, RESULTS)]).toEqual(['', '']);
      // The focus reached for the form: the island takes it over, its button after the zip code.
      await page.waitFor(() => document.querySelector('.donors-search-locate'));
      await page.typeKeys(SEARCH_ZIP);
      for (const next of [
        // "Use my location": every engine here can tell a position (if allowed) on the site's own origin.
        'button.donors-search-locate',
        'select#radius Within',
        'select#days In the last',
        'button.wp-element-button Search',
      ]) {
        await page.press('Tab');
        expect(await focused(page)).toBe(next);
      }
      await page.press('Enter');
      await expect.poll(() => text(page, STATUS)).toBe('Working...');
      await searchEnded(page);
      expect(await text(page, RESULTS)).toMatch(
        new RegExp(`^Found \\d+ donations within 15 miles of ${SEARCH_ZIP}`),
      );
      expect(await text(page, STATUS)).toBe('');
      expect(await focused(page)).toBe('button.wp-element-button Search');

      for (let press = 0; press < 4; press++) await page.press('Shift+Tab');
      expect(await focused(page)).toBe('input#zipcode Zip code');
      await page.press('SelectAll');
      await page.typeKeys('00000');
      await page.press('Enter');
      await searchEnded(page);
      expect(await text(page, STATUS)).toBe(
        'ERROR: No zip codes returned for 00000. Please try another search.',
      );
      expect(await text(page, RESULTS)).toBe('');
      expect(await focused(page)).toBe('input#zipcode Zip code');
      expect(await page.problems()).toEqual([]);
    },
  );

  it(
    'priority alert: Enter opens the note and focuses it, Tab reaches dismiss, Space and Escape close it',
    KEYBOARD_TIME,
    async () => {
      const page = await suite.open('/');
      await page.waitFor(
        (t) => document.querySelector(t)?.getAttribute('aria-expanded') === 'false',
        TRIGGER,
      );
      const expanded = () =>
        page.evaluate((t) => document.querySelector(t)?.getAttribute('aria-expanded'), TRIGGER);
      await tabTo(page, TRIGGER);
      await page.press('Enter');
      await noteSettled(page, true);
      expect([await focused(page), await expanded()]).toEqual([
        expect.stringMatching(/^div#priority-note Priority note/),
        'true',
      ]);
      await page.press('Tab');
      expect(await focused(page)).toBe('button.wp-element-button Dismiss the note');
      await page.press('Space');
      await noteSettled(page, false);
      expect(await focused(page)).toBe('a#show-priority Read the priority note');

      await page.press('Enter');
      await noteSettled(page, true);
      await page.press('Escape');
      await noteSettled(page, false);
      expect(await focused(page)).toBe('a#show-priority Read the priority note');
      expect(await expanded()).toBe('false');
      expect([await shown(page, '.priority-note'), await shown(page, '.priority-alert')]).toEqual([
        false,
        true,
      ]);
      expect(await page.problems()).toEqual([]);
    },
  );

  it('screening questions: arrow keys answer, a yes reveals the details field in the Tab order, a no removes it', async () => {
    const page = await suite.open('/');
    const details = '#additional-details-text';
    const checked = (value: string) =>
      page.evaluate(
        (v) => document.querySelector<HTMLInputElement>(`input[name="items_damaged"][value="${v}"]`)?.checked,
        value,
      );
    await page.waitFor(() => document.querySelector<HTMLElement>('#additional-details')?.hidden === true);
    await tabTo(page, 'input[name="items_damaged"]');
    expect(await focused(page)).toBe('input No');
    expect(await shown(page, details)).toBe(false);
    await page.press('ArrowUp');
    expect(await checked('Yes')).toBe(true);
    await expect.poll(() => shown(page, details)).toBe(true);
    await tabTo(page, details);
    await page.typeKeys('Third floor, no lift.');
    await tabTo(page, 'input[name="items_damaged"]');
    await page.press('Space');
    await page.press('ArrowDown');
    expect(await checked('No')).toBe(true);
    await expect.poll(() => shown(page, details)).toBe(false);
    expect(
      await page.evaluate((s) => document.querySelector<HTMLTextAreaElement>(s)?.disabled, details),
    ).toBe(true);
    await page.press('Tab');
    await page.press('Tab');
    await page.press('Tab');
    expect(await focused(page)).toBe('button.wp-element-button Send my answers');
    expect(await page.problems()).toEqual([]);
  });
});
