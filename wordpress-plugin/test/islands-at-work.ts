/** What a visitor does with the small islands on a page that holds them, however they were placed. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Checks that the screening form, the priority alert and the lazy background on `page` work: a yes
 * reveals the details, the link opens the note, and the section carries `image` and `text`.
 */
export async function expectSmallIslandsWork(page: Page, lazy: { image: string; text: string }) {
  // Hidden once the island mounted (the markup shows it, for visitors without JavaScript).
  await expect.poll(() => page.locator('#additional-details').isHidden()).toBe(true);
  await page
    .getByRole('group', { name: /damaged/ })
    .getByLabel('Yes')
    .check();
  await expect.poll(() => page.locator('#additional-details').isVisible()).toBe(true);
  await openPriorityNote(page);
  const band = page.locator('[data-lazy-background]');
  expect(await band.getAttribute('data-lazy-background')).toBe(lazy.image);
  expect(await band.innerText()).toBe(lazy.text);
}

/**
 * Opens the priority note with its link once the island has taken the link over (it says whether the note
 * is open), and waits for the note: a click before then follows the link's `#` and opens nothing, which a
 * loaded machine makes likely.
 */
export async function openPriorityNote(page: Page) {
  await page.locator('#show-priority[aria-expanded="false"]').click();
  await expect.poll(() => page.locator('.priority-note').isVisible()).toBe(true);
}

/**
 * The messages of the notes editors see on `scope` (a page or a block's preview): each note's first line,
 * which names the island and what is wrong; any line after it only says who sees the note.
 */
export async function editorNotes(scope: { locator(selector: string): Locator }): Promise<string[]> {
  const texts = await scope.locator('.donation-widgets-notice').allInnerTexts();
  return texts.map((text) => text.split('\n')[0] ?? '');
}

/**
 * The donors search form as the page's HTML holds it, before any script (read from the page's source,
 * fetched again): the zip code's value, each select's option texts and chosen value, whether a fill
 * placeholder was left unfilled, and whether the island had mounted by the time it was read (it should
 * not have: it waits for the visitor to reach for it).
 */
export async function printedSearchForm(page: Page) {
  const mounted = await page
    .locator('[data-island="donors-search"]')
    .evaluate((e) => e.hasAttribute('data-mounted'));
  const html = await page.evaluate(() => fetch(location.href).then((response) => response.text()));
  return page.evaluate(
    ({ source, mounted }) => {
      const form = new DOMParser()
        .parseFromString(source, 'text/html')
        .querySelector<HTMLFormElement>('[data-island="donors-search"] form.donors-search-form');
      const select = (name: string) => {
        const element = form?.elements.namedItem(name) as HTMLSelectElement | null;
        return [Array.from(element?.options ?? [], (option) => option.text), element?.value];
      };
      return {
        zipcode: (form?.elements.namedItem('zipcode') as HTMLInputElement | null)?.value,
        radius: select('radius'),
        days: select('days'),
        unfilled: !form || form.outerHTML.includes('%%') || form.outerHTML.includes('data-fill'),
        mounted,
      };
    },
    { source: html, mounted },
  );
}
