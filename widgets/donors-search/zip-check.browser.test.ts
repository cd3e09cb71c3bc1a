import { expect, it } from 'vitest';
import { DONATION_MANAGER_SEARCH_PAGE } from '../../mock-server/demo/donation-manager-search.js';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { SEARCH_PAGE } from '../../test/support/donors-search/search-page.ts';

// Two searches, the second with its map, on two loaded cores.
const SEARCH_MS = 60_000;
const SEARCH_ROUTE = '/wp-json/donations/v1/search/';
const LINE = 'ERROR: The zip code must have 5 digits. Please try another search.';

/** The zip code field as assistive technology reads it: invalid or not, and the text it points to. */
const zipField = (page: EnginePage) =>
  page.evaluate(() => {
    const field = document.getElementById('zipcode') as HTMLInputElement;
    const described = field.getAttribute('aria-describedby');
    return {
      invalid: field.getAttribute('aria-invalid'),
      says: described ? (document.getElementById(described)?.textContent ?? null) : null,
    };
  });

/** The zip code field's mark for the eye: its box shadow ('none' unmarked). */
const zipMark = (page: EnginePage) =>
  page.evaluate(() => getComputedStyle(document.getElementById('zipcode') as HTMLElement).boxShadow);

async function searchFor(page: EnginePage, zip: string) {
  // Firefox's fill types after what a number field (Donation Manager's) holds: it starts empty here.
  await page.evaluate(() => {
    (document.getElementById('zipcode') as HTMLInputElement).value = '';
  });
  await page.fill('#zipcode', zip);
  await page.click('form#donors-in-your-area button[type="submit"]');
}

describeEngines('a zip code that cannot be one, answered in the browser', (suite) => {
  const searched = () =>
    suite.door.requests.filter((request) =>
      new URL(request.url, suite.door.url).pathname.startsWith(SEARCH_ROUTE),
    ).length;

  for (const { where, path, zips } of [
    { where: "the island's page", path: SEARCH_PAGE, zips: ['1234', 'abcde', ''] },
    // Its zip code field is a number field: no letters get in.
    {
      where: "Donation Manager's form, taken over",
      path: DONATION_MANAGER_SEARCH_PAGE,
      zips: ['1234', '123456', ''],
    },
  ])
    it(`on ${where}: ${zips.map((zip) => `"${zip}"`).join(', ')} get the line and no request; five digits ask the route`, {
      timeout: SEARCH_MS,
    }, async () => {
      const page = await suite.open(path);
      const before = searched();
      const address = await page.url();
      // Submits counted as they start (capture, before the form's own handlers): once the count has
      // moved, the whole submit, the island's handling included, has run.
      await page.evaluate(() => {
        const counter = window as unknown as { submits: number };
        counter.submits = 0;
        addEventListener('submit', () => counter.submits++, true);
      });
      for (const [index, zip] of zips.entries()) {
        await searchFor(page, zip);
        // The first may be held until the island's code has come (the status shows 'Working...').
        await page.waitFor(
          ([count, line]) =>
            (window as unknown as { submits: number }).submits > (count as number) &&
            document.querySelector('.alert-before')?.textContent === line,
          [index, LINE] as const,
          20_000,
        );
        expect(await zipField(page)).toEqual({ invalid: 'true', says: LINE });
        // A search the page refused goes into neither the address nor the history.
        expect(await page.url()).toBe(address);
        // The refused field is marked for the eye too, not only for assistive technology.
        expect(await zipMark(page)).not.toBe('none');
      }
      expect(searched()).toBe(before);
      expect(await page.problems()).toEqual([]);

      await searchFor(page, '60601');
      await page.waitFor(
        () => document.querySelector('#display_zipcode')?.textContent === '60601',
        undefined,
        20_000,
      );
      expect(searched()).toBe(before + 1);
      expect(await zipField(page)).toEqual({ invalid: null, says: null });
      expect(await zipMark(page)).toBe('none');
    });
});
