/**
 * The islands on the demo, with its theme and with none (`?theme=none`: the islands' own stylesheet
 * alone), at a desktop's width and a phone's: labels above their fields, nothing wider than its box, values
 * that never break, no bare browser buttons, axe's contrast and label rules; a screenshot of each in
 * test-results/looks/ (see test/looks.ts). The WordPress suite checks the same on the default themes.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from './browser.ts';
import { islandsMounted, SEARCH_ZIP, search, searchEnded } from './hardening/helpers.ts';
import { looksProblems, viewportOf, WIDTHS } from './looks.ts';

const THEMES = [
  { theme: 'demo', query: '' },
  { theme: 'none', query: '?theme=none' },
] as const;

const CASES = THEMES.flatMap(({ theme, query }) => WIDTHS.map((width) => ({ theme, query, width })));

// Chromium only: the looks are the stylesheet's, the same in every engine.
describeBrowser('the islands look right on the demo, in Chromium', () => {
  const suite = useBrowserSuite();
  const open = async (path: string, width: number) => {
    const { page } = await suite.open(path, { viewport: viewportOf(width) });
    await islandsMounted(page);
    return page;
  };

  it('styles the page once: the linked stylesheet, no copy of it adopted by the donors search', async () => {
    const page = await open('/islands/donors-search/', 1280);
    const sheets = () =>
      page.evaluate(() => ({
        linked: Array.from(document.styleSheets, (sheet) => sheet.href && new URL(sheet.href).pathname),
        adopted: document.adoptedStyleSheets.filter((sheet) =>
          Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('donors-table-box')),
        ).length,
      }));
    expect(await sheets()).toEqual({ linked: ['/dist/donation-widgets.css', '/demo.css'], adopted: 0 });
    // The map's own styles are adopted with the first results: still no second copy of the islands'.
    await search(page, SEARCH_ZIP);
    await page.locator('#map .donors-search-centre').waitFor();
    expect((await sheets()).adopted).toBe(0);
  });

  it.each(CASES)(
    'the donors search before and after a search, theme $theme, at $width px',
    async ({ theme, query, width }) => {
      const page = await open(`/islands/donors-search/${query}`, width);
      const scope = '[data-island="donors-search"]';
      const name = (state: string) => `demo-${theme}-${width}-donors-search-${state}`;
      expect.soft(await looksProblems(page, scope, { name: name('before') })).toEqual([]);
      await search(page, SEARCH_ZIP);
      await searchEnded(page);
      await page.locator('#map .donors-search-centre').waitFor();
      expect(await looksProblems(page, scope, { name: name('results') })).toEqual([]);
    },
  );

  it.each(CASES)(
    'the screening form, its details shown, theme $theme, at $width px',
    async ({ theme, query, width }) => {
      const page = await open(`/islands/screening-questions/${query}`, width);
      await page
        .getByRole('group', { name: /damaged/ })
        .getByLabel('Yes')
        .check();
      await page.locator('#additional-details').waitFor({ state: 'visible' });
      const name = `demo-${theme}-${width}-screening-questions`;
      expect(await looksProblems(page, 'form[name="screening-questions"]', { name })).toEqual([]);
    },
  );

  it.each(CASES)(
    'the priority alert, then its note, theme $theme, at $width px',
    async ({ theme, query, width }) => {
      const page = await open(`/islands/priority-alert/${query}`, width);
      const scope = '[data-island="priority-alert"]';
      const name = (state: string) => `demo-${theme}-${width}-${state}`;
      expect.soft(await looksProblems(page, scope, { name: name('priority-alert') })).toEqual([]);
      await page.locator('#show-priority').click();
      await page.locator('.priority-note').waitFor({ state: 'visible' });
      expect(await looksProblems(page, scope, { name: name('priority-note') })).toEqual([]);
    },
  );
});
