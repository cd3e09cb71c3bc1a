/**
 * Accessibility beyond axe (docs/how-it-works.md#accessibility-and-hostile-input): each island that has
 * controls works from the keyboard alone (Tab, Enter, Space, arrows, Escape) with focus where a visitor
 * expects it; status changes and results are announced through live regions that are in the page before they
 * change. The submit-lock, lazy-background and conversion-tracker islands have no controls of their own.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../browser.ts';
import { SEARCH_ZIP, searchEnded } from './helpers.ts';

/** The focused element, as `tag#id` or `tag.class` with its text or label. */
const focused = (page: Page) =>
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
async function tabTo(page: Page, selector: string, presses = 60) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`${presses} presses of Tab never reached ${selector}`);
}

/** Waits until the slides have ended with the note shown (`open`) or hidden, and the alert the other way. */
const noteSettles = async (page: Page, open: boolean) => {
  await page.locator('.priority-note').waitFor({ state: open ? 'visible' : 'hidden' });
  await page.locator('.priority-alert').waitFor({ state: open ? 'hidden' : 'visible' });
};

describeBrowser('keyboard and screen reader use, in Chromium', () => {
  const suite = useBrowserSuite();

  it('donors search: Tab through the form, Enter searches, both results and errors are announced', async () => {
    const { page, pageErrors } = await suite.open('/', { fault: 'delay=1500' });
    const status = page.locator('.alert-before[role="status"]');
    const results = page.locator('.donors-results-status[role="status"]');
    await tabTo(page, '#zipcode');
    expect([await status.textContent(), await results.textContent()]).toEqual(['', '']);
    await page.keyboard.type(SEARCH_ZIP);
    for (const next of ['select#radius Within', 'select#days In the last', 'button Search']) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(next);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toBe('Working...');
    await searchEnded(page);
    expect(await results.textContent()).toMatch(
      new RegExp(`^Found \\d+ donations within 15 miles of ${SEARCH_ZIP}`),
    );
    expect(await status.textContent()).toBe('');
    expect(await focused(page)).toBe('button Search');

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('input#zipcode Zip code');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('00000');
    await page.keyboard.press('Enter');
    await searchEnded(page);
    expect(await status.textContent()).toBe(
      'ERROR: No zip codes returned for 00000. Please try another search.',
    );
    expect(await results.textContent()).toBe('');
    expect(await focused(page)).toBe('input#zipcode Zip code');
    expect(pageErrors).toEqual([]);
  });

  it('priority alert: Enter opens the note and focuses it, Tab reaches dismiss, Space and Escape close it', async () => {
    const { page, pageErrors } = await suite.open('/');
    const trigger = page.locator('#show-priority');
    await tabTo(page, '#show-priority');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await noteSettles(page, true);
    expect([await focused(page), await trigger.getAttribute('aria-expanded')]).toEqual([
      expect.stringMatching(/^div#priority-note Priority note/),
      'true',
    ]);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Dismiss the note');
    await page.keyboard.press('Space');
    await noteSettles(page, false);
    expect(await focused(page)).toBe('a#show-priority Read the priority note');
    expect(await page.locator('.priority-note').isHidden()).toBe(true);

    await page.keyboard.press('Enter');
    await noteSettles(page, true);
    await page.keyboard.press('Escape');
    await noteSettles(page, false);
    expect(await focused(page)).toBe('a#show-priority Read the priority note');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect([
      await page.locator('.priority-note').isHidden(),
      await page.locator('.priority-alert').isVisible(),
    ]).toEqual([true, true]);
    expect(pageErrors).toEqual([]);
  });

  it('screening questions: arrow keys answer, a yes reveals the details field in the Tab order, a no removes it', async () => {
    const { page, pageErrors } = await suite.open('/');
    const details = page.locator('#additional-details-text');
    await tabTo(page, 'input[name="items_damaged"]');
    expect(await focused(page)).toBe('input No');
    expect(await details.isHidden()).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('input[name="items_damaged"][value="Yes"]').isChecked()).toBe(true);
    await expect.poll(() => details.isVisible()).toBe(true);
    await tabTo(page, '#additional-details-text');
    await page.keyboard.type('Third floor, no lift.');
    await tabTo(page, 'input[name="items_damaged"]');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('input[name="items_damaged"][value="No"]').isChecked()).toBe(true);
    await expect.poll(() => details.isHidden()).toBe(true);
    expect(await details.isDisabled()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Send my answers');
    expect(pageErrors).toEqual([]);
  });
});
