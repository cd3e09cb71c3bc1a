import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';

/** Whether the donor sees the details, and whether any class or attribute is left that says otherwise. */
const details = (page: EnginePage) =>
  page.evaluate(() => {
    const section = document.getElementById('additional-details') as HTMLElement;
    const shown = getComputedStyle(section).display !== 'none';
    return { shown, agrees: shown !== (section.hidden || section.classList.contains('hidden')) };
  });

const yes = (question: number) => `tr:nth-child(${question}) input[value="Yes"]`;
const no = (question: number) => `tr:nth-child(${question}) input[value="No"]`;

describeEngines("screening-questions on Donation Manager's screening step", (suite) => {
  it.each([
    ['with the script tag alone', ''],
    ["with Donation Manager's scripts.js on the page too", 'with-its-scripts/'],
  ])('shows the details on a "Yes" and hides them on the last "No", %s', async (_, variant) => {
    const page = await suite.open(`/donation-manager/screening-questions/${variant}`);
    // Mounted: the island hides the section with the attribute, the original with its class alone.
    await page.waitFor(() => document.getElementById('additional-details')?.hidden);
    expect(await details(page)).toEqual({ shown: false, agrees: true });
    await page.click(yes(1));
    expect(await details(page)).toEqual({ shown: true, agrees: true });
    await page.click(no(2));
    expect(await details(page)).toEqual({ shown: true, agrees: true });
    await page.click(no(1));
    expect(await details(page)).toEqual({ shown: false, agrees: true });
    await page.click(yes(3));
    await page.fill('textarea[name="donor[additional_details]"]', 'A sofa with a torn arm');
    expect(await details(page)).toEqual({ shown: true, agrees: true });
    expect(await page.problems()).toEqual([]);
  });
});
