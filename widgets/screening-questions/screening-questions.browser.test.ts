import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';

// Evaluated through the DevTools protocol, which the page's CSP does not govern.
const axe = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const axeViolations = (page: Page): Promise<string[]> =>
  page.evaluate(`${axe};axe.run({runOnly:['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']})
    .then((r) => r.violations.map((v) => v.id + ' ' + v.nodes.map((n) => n.target).join()))`);

describeBrowser('screening-questions in Chromium', () => {
  const suite = useBrowserSuite();

  async function openForm(viewport?: { width: number; height: number }) {
    const opened = await suite.open('/islands/screening-questions/', { viewport });
    const { page } = opened;
    const section = page.locator('#additional-details');
    await section.waitFor({ state: 'hidden' });
    const answer = (question: RegExp, value: 'Yes' | 'No') =>
      page.getByRole('group', { name: question }).getByRole('radio', { name: value });
    return { ...opened, section, answer, details: page.getByLabel('Tell the driver what to expect') };
  }

  it('shows the section while an answer is yes and hides it when none is, with no errors', async () => {
    const { section, answer, details, pageErrors, consoleErrors } = await openForm();
    expect(await details.isDisabled()).toBe(true);
    await answer(/damaged/, 'Yes').check();
    expect(await section.isVisible()).toBe(true);
    expect(await details.isEnabled()).toBe(true);
    await answer(/two people/, 'Yes').check();
    await answer(/damaged/, 'No').check();
    expect(await section.isVisible()).toBe(true);
    await answer(/two people/, 'No').check();
    expect(await section.isHidden()).toBe(true);
    expect([...pageErrors, ...consoleErrors]).toEqual([]);
  });

  it('answers by keyboard: arrow keys in a radio group reveal the section', async () => {
    const { page, section } = await openForm();
    await page.getByRole('radio', { name: 'No' }).first().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: 'Yes' }).first().isChecked()).toBe(true);
    expect(await section.isVisible()).toBe(true);
  });

  it('really submits the form, details included, and lands on /thank-you/', async () => {
    const { page, answer, details } = await openForm();
    await answer(/outside/, 'Yes').check();
    await details.fill('Behind the garage');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.waitForURL('**/thank-you/');
    expect(suite.server.db.screenings.at(-1)).toMatchObject({
      fields: { items_outside: 'Yes', additional_details: 'Behind the garage', screening_submit: 'send' },
    });
  });

  it('sends nothing from the hidden section, and a required field there never blocks the submit', async () => {
    const { page, details } = await openForm();
    await details.evaluate((field) => field.setAttribute('required', ''));
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.waitForURL('**/thank-you/');
    const { fields } = suite.server.db.screenings.at(-1) as { fields: Record<string, string> };
    expect(fields.items_damaged).toBe('No');
    expect(fields).not.toHaveProperty('additional_details');
  });

  it('keeps the clicked answer under the cursor when a theme puts the section above the questions', async () => {
    // A short viewport, so that the page has room to scroll by the section's height.
    const { page, answer } = await openForm({ width: 1000, height: 400 });
    const yes = answer(/outside/, 'Yes');
    await page.evaluate(() => {
      const section = document.getElementById('additional-details') as HTMLElement;
      section.parentElement?.querySelector('fieldset')?.before(section);
      // As in Safari, which has no scroll anchoring to hide the jump.
      document.documentElement.style.overflowAnchor = 'none';
    });
    await yes.evaluate((radio) => radio.scrollIntoView({ block: 'center' }));
    const before = await yes.boundingBox();
    await yes.check();
    expect(await page.locator('#additional-details').isVisible()).toBe(true);
    expect((await yes.boundingBox())?.y).toBeCloseTo(before?.y ?? Number.NaN, 0);
  });

  it('has no WCAG A/AA violations with the section hidden or shown', async () => {
    const { page, answer } = await openForm();
    expect(await axeViolations(page)).toEqual([]);
    await answer(/damaged/, 'Yes').check();
    expect(await axeViolations(page)).toEqual([]);
  });
});
