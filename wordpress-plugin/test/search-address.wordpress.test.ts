/**
 * The donors search as an address in a real WordPress: a search's page prints its answer in the page's
 * HTML (the route asked inside WordPress), the island takes it over without asking again, Back and
 * Forward go through the searches, and a German site writes its dates its own way.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const SEARCH_ROUTE = '/wp-json/donations/v1/search/';
const ADDRESS = '?zipcode=10001&radius=15&days=30';

// The site's route answers with wp_send_json() and exits; a route may also return its data, as the
// REST API expects: every test runs against both (the fixture's `returning` switch).
describeWordPress.each([
  { style: 'wp_send_json() and exit', fixture: [] as string[] },
  { style: 'returned data', fixture: ['returning'] },
])('the donors search as an address, the route answering by $style', ({ fixture }) => {
  const wp = useWordPress();
  let searchPage = '';
  const cookie = { headers: { cookie: `fixture=${fixture.join(',')}` } };

  beforeAll(async () => {
    searchPage = await pageWith(wp.php, 'search-address', '[donation_widget island="donors-search"]');
  });

  it("prints a search's results, its rows and its answer in the page's HTML, as a browser without JavaScript gets them", async () => {
    const tracking = '&utm_source=newsletter-%3Cb%3Efree%3C%2Fb%3E&fbclid=IwAR0tracked';
    const page = await (
      await fetch(new URL(`${searchPage}${ADDRESS}&zipcode-2=60601${tracking}`, wp.site.url), cookie)
    ).text();
    const html = page.slice(page.indexOf('data-island="donors-search"'), page.indexOf('</main>'));
    expect(html).toMatch(
      /<span id="display_count">4<\/span> donations within <span id="display_radius">15<\/span>/,
    );
    expect(html.match(/<tr><td><button type="button" class="donors-row-show"/g)).toHaveLength(4);
    expect(html).toContain('aria-label="Show donation 1, Sofa, Dresser, on the map"');
    // Another copy's search goes along with a submit; nothing else of the address is printed, so a page
    // cache that leaves tracking parameters out of its key serves no visitor's address to the next.
    expect(html).toContain('<input type="hidden" name="zipcode-2" value="60601">');
    for (const tracked of ['utm_source', 'newsletter', 'fbclid', 'IwAR0tracked'])
      expect(page).not.toContain(tracked);
    expect(html).toContain('value="10001"');
    expect(html).toContain('class="donors-search-answer"');
    // Without JavaScript the map's place says why it is empty; the note that searching needs
    // JavaScript, untrue here, is not printed.
    expect(html).toMatch(
      /<section id="map" [^>]*><noscript><p class="donors-map-note">The map needs JavaScript\. The table lists the donations found\.<\/p><\/noscript><\/section>/,
    );
    expect(html).not.toContain('donors-search-noscript');
  });

  it("prints the route's errors in the status area", async () => {
    const page = await (await fetch(new URL(`${searchPage}?zipcode=1234`, wp.site.url), cookie)).text();
    const html = page.slice(page.indexOf('data-island="donors-search"'));
    expect(html).toContain('<div class="alert-before alert alert-danger" role="status"');
    expect(html).toContain('<p>ERROR: The zip code must have 5 digits. Please try another search.</p>');
    expect(html).not.toContain('<table');
  });

  it('takes the printed answer over without a request; search, search again, Back, Forward and reload', async () => {
    const { page, requests } = await wp.open(`${searchPage}${ADDRESS}`, { fixture });
    await page.locator('[data-island="donors-search"][data-mounted]').waitFor({ state: 'attached' });
    await page.locator('#map.leaflet-container').waitFor({ state: 'attached' });
    expect(requests.filter((url) => url.includes(SEARCH_ROUTE))).toEqual([]);
    const status = await page.evaluateHandle(() => document.querySelector('.alert-before'));

    await page.getByLabel('Zip code').fill('60601');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('#display_zipcode').textContent()).toBe('60601');
    expect(new URL(page.url()).search).toBe('?zipcode=60601&radius=15&days=30');
    expect(await page.evaluate((before) => before === document.querySelector('.alert-before'), status)).toBe(
      true,
    );

    await page.goBack();
    await expect.poll(() => page.locator('#display_zipcode').textContent()).toBe('10001');
    await expect(page.getByLabel('Zip code').inputValue()).resolves.toBe('10001');
    await page.goForward();
    await expect.poll(() => page.locator('#display_zipcode').textContent()).toBe('60601');
    await page.reload();
    await expect.poll(() => page.locator('#display_zipcode').textContent()).toBe('60601');
  });

  it('a German site writes its dates d.m.Y H:i, in the HTML and after the island takes over', async () => {
    const { page } = await wp.open(`${searchPage}${ADDRESS}`, { fixture: [...fixture, 'german'] });
    const printed = await page.locator('.donors-search-table tbody time').first().textContent();
    expect(printed).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await page.locator('[data-island="donors-search"][data-mounted]').waitFor({ state: 'attached' });
    await expect
      .poll(() => page.locator('.donors-search-table tbody time').first().textContent())
      .toBe(printed);
  });
});
