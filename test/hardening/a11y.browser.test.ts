/**
 * Accessibility (docs/how-it-works.md#accessibility-and-hostile-input): axe-core's WCAG 2.2 A/AA rules on
 * every demo page, and on the home page in every state its islands can be in: idle, working, error, results,
 * map note, priority note open, screening section shown. Zero violations; a failure lists each rule id with
 * its targets.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../browser.ts';
import { axeViolations, islandsMounted, SEARCH_ZIP, search, searchEnded, withConfig } from './helpers.ts';

const PAGES = [
  '/',
  '/?s=sofa',
  '/about/',
  '/islands/',
  '/islands/donors-search/',
  '/islands/screening-questions/',
  '/islands/priority-alert/',
  '/islands/submit-lock/',
  '/islands/lazy-background/',
  '/islands/conversion-tracker/',
  '/thank-you/',
  '/sign-up/',
  '/sign-up/sign-up-complete/',
  '/__login/',
];

// Chromium only: axe-core judges the markup and ARIA the islands build, the same in every engine; each island's own suite runs axe in all three.
describeBrowser('axe-core finds no WCAG 2.2 A/AA violations, in Chromium', () => {
  const suite = useBrowserSuite();

  it.each(PAGES)('on %s, idle', async (path) => {
    const { page } = await suite.open(path);
    await islandsMounted(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the home page while a search is working', async () => {
    const { page } = await suite.open('/', { fault: 'delay=5000' });
    await islandsMounted(page);
    await search(page, SEARCH_ZIP);
    await page.locator('.alert-before').getByText('Working...').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the home page after an error', async () => {
    const { page } = await suite.open('/', { fault: 'multierrors' });
    await islandsMounted(page);
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the home page with results, the map drawn', async () => {
    const { page } = await suite.open('/');
    await islandsMounted(page);
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    await page.locator('#map .donors-search-centre').waitFor();
    await page.locator('#map .leaflet-overlay-pane path').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the home page with results and the note that replaces a map that could not load', async () => {
    const { page } = await suite.open(
      withConfig('/', { maps: { provider: 'google', googleApiKey: 'test' } }),
    );
    await islandsMounted(page);
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    await page.locator('.donors-map-note').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the home page with the priority note open and the screening section shown', async () => {
    const { page } = await suite.open('/');
    await islandsMounted(page);
    await page.locator('[data-priority-open]').click();
    await page.locator('.priority-alert').waitFor({ state: 'hidden' });
    await page
      .getByRole('group', { name: /damaged/ })
      .getByLabel('Yes')
      .check();
    await page.locator('#additional-details').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
