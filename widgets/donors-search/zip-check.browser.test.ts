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
      for (const zip of zips) {
        await searchFor(page, zip);
        // Each search goes into the address once it has started: this one has been handled.
        await page.waitForUrl(new RegExp(`[?&]zipcode=${zip}&`), 20_000);
        expect(await page.evaluate(() => document.querySelector('.alert-before')?.textContent)).toBe(LINE);
        expect(await zipField(page)).toEqual({ invalid: 'true', says: LINE });
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
    });
});
