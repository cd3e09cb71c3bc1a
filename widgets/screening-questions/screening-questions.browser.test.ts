import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { axeViolations } from '../../test/page-helpers.ts';

const SECTION = '#additional-details';
const DETAILS = '#additional-details-text';
const SEND = 'button[name=screening_submit]';
const answer = (question: 'damaged' | 'heavy' | 'outside', value: 'Yes' | 'No') =>
  `input[name=items_${question}][value=${value}]`;

const sectionShown = (page: EnginePage) =>
  page.evaluate((selector) => {
    const section = document.querySelector<HTMLElement>(selector);
    return !!section && !section.hidden && section.getClientRects().length > 0;
  }, SECTION);

describeEngines('screening-questions', (suite) => {
  async function openForm(viewport?: { width: number; height: number }) {
    const page = await suite.open('/islands/screening-questions/', { viewport });
    // Mounted: the island hides the section while no answer is yes.
    await page.waitFor((selector) => document.querySelector<HTMLElement>(selector)?.hidden === true, SECTION);
    return page;
  }

  it('shows the section while an answer is yes and hides it when none is, with no errors', async () => {
    const page = await openForm();
    const detailsDisabled = () =>
      page.evaluate((selector) => document.querySelector<HTMLTextAreaElement>(selector)?.disabled, DETAILS);
    expect(await detailsDisabled()).toBe(true);
    await page.click(answer('damaged', 'Yes'));
    expect(await sectionShown(page)).toBe(true);
    expect(await detailsDisabled()).toBe(false);
    await page.click(answer('heavy', 'Yes'));
    await page.click(answer('damaged', 'No'));
    expect(await sectionShown(page)).toBe(true);
    await page.click(answer('heavy', 'No'));
    expect(await sectionShown(page)).toBe(false);
    expect(await page.problems()).toEqual([]);
  });

  it('answers by keyboard: arrow keys in a radio group reveal the section', async () => {
    const page = await openForm();
    await page.focus(answer('damaged', 'No'));
    await page.press('ArrowUp');
    expect(
      await page.evaluate(
        (s) => document.querySelector<HTMLInputElement>(s)?.checked,
        answer('damaged', 'Yes'),
      ),
    ).toBe(true);
    expect(await sectionShown(page)).toBe(true);
  });

  it('really submits the form to the page it is on, details included, and the thank-you page shows them', async () => {
    const page = await openForm();
    // No action in the markup: the browser's target is the page itself.
    expect(
      await page.evaluate(
        () => document.querySelector<HTMLFormElement>('form[name="screening-questions"]')?.action,
      ),
    ).toBe(await page.url());
    await page.click(answer('outside', 'Yes'));
    await page.fill(DETAILS, 'Behind <the> garage');
    await page.click(SEND);
    await page.waitForUrl(/\/thank-you\/$/);
    expect(suite.server.db.screenings.at(-1)).toMatchObject({
      fields: { items_outside: 'Yes', additional_details: 'Behind <the> garage', screening_submit: 'send' },
    });
    expect(
      await page.evaluate(() =>
        document.querySelector('.received-answers')?.textContent?.replace(/\s+/g, ' '),
      ),
    ).toContain('Tell the driver what to expectBehind <the> garage');
  });

  it('sends nothing from the hidden section, and a required field there never blocks the submit', async () => {
    const page = await openForm();
    await page.evaluate(
      (selector) => document.querySelector(selector)?.setAttribute('required', ''),
      DETAILS,
    );
    await page.click(SEND);
    await page.waitForUrl(/\/thank-you\/$/);
    const { fields } = suite.server.db.screenings.at(-1) as { fields: Record<string, string> };
    expect(fields.items_damaged).toBe('No');
    expect(fields).not.toHaveProperty('additional_details');
  });

  it('keeps the clicked answer under the cursor when a theme puts the section above the questions', async () => {
    // A short viewport, so that the page has room to scroll by the section's height.
    const page = await openForm({ width: 1000, height: 400 });
    const yes = answer('outside', 'Yes');
    const top = () => page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().top, yes);
    await page.evaluate((s) => {
      const section = document.getElementById('additional-details') as HTMLElement;
      section.parentElement?.querySelector('fieldset')?.before(section);
      // As in Safari, which has no scroll anchoring to hide the jump.
      document.documentElement.style.overflowAnchor = 'none';
      document.querySelector(s)?.scrollIntoView({ block: 'center' });
    }, yes);
    const before = await top();
    await page.click(yes);
    expect(await sectionShown(page)).toBe(true);
    expect(await top()).toBeCloseTo(before ?? Number.NaN, 0);
  });

  it('has no WCAG A/AA violations with the section hidden or shown', async () => {
    const page = await openForm();
    expect(await axeViolations(page)).toEqual([]);
    await page.click(answer('damaged', 'Yes'));
    expect(await axeViolations(page)).toEqual([]);
  });
});
