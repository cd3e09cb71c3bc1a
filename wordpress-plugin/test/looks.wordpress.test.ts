/**
 * The islands look native on the release's default theme (Twenty Twenty-Five, Twenty Twenty-Three on
 * 6.1), at a desktop's width and a phone's: labels above their fields, nothing wider than its box, values
 * that never break, the theme's buttons, axe's contrast and label rules; a screenshot of each in
 * test-results/looks/ for a person to look at (see test/looks.ts).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { looksProblems, viewportOf, WIDTHS } from '../../test/looks.ts';
import { islandsMounted } from '../../test/page-helpers.ts';
import { search } from './search.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

const SEARCH = '[data-island="donors-search"]';
const SCREENING = 'form[name="screening-questions"]';
const PRIORITY = '[data-island="priority-alert"]';

describeWordPress('the islands on the default theme of a real WordPress', () => {
  const wp = useWordPress();
  let islandsPage = '';
  const nameOf = (width: number, what: string) =>
    `wordpress-${wp.site.release.version}-${wp.site.release.theme}-${width}-${what}`;

  beforeAll(async () => {
    islandsPage = await pageWith(
      wp.php,
      'islands-looks',
      [
        '[donation_widget island="donors-search" /]',
        '[donation_widget island="screening-questions" /]',
        '[donation_widget island="priority-alert" /]',
      ].join('\n\n'),
    );
  });

  it("links the islands' stylesheet in the head of a page that places an island, by shortcode or block, and nowhere else", async () => {
    const blockPage = await pageWith(
      wp.php,
      'islands-looks-block',
      '<!-- wp:donation-widgets/priority-alert /-->',
    );
    const plainPage = await pageWith(wp.php, 'islands-looks-none', '<p>No island here.</p>');
    const stylesheets = async (path: string) => {
      const { page } = await wp.open(path);
      return page.$$eval('link[href*="donation-widgets.css"]', (links) =>
        links.map((link) => ({
          in: link.parentElement?.localName,
          href: link.getAttribute('href'),
          // Loaded and parsed: a sheet with rules.
          rules: (link as HTMLLinkElement).sheet?.cssRules.length ?? 0,
        })),
      );
    };
    const linked = [
      {
        in: 'head',
        href: `${wp.site.url}/wp-content/plugins/donation-widgets/dist/donation-widgets.css?ver=${version}`,
        rules: expect.any(Number),
      },
    ];
    expect(await stylesheets(islandsPage)).toEqual(linked);
    expect(await stylesheets(blockPage)).toEqual(linked);
    expect((await stylesheets(islandsPage))[0]?.rules).toBeGreaterThan(0);
    expect(await stylesheets(plainPage)).toEqual([]);
  });

  it.each(WIDTHS)('the donors search, before and after a search, at %i px', async (width) => {
    const { page } = await wp.open(islandsPage, { viewport: viewportOf(width) });
    await islandsMounted(page);
    expect
      .soft(await looksProblems(page, SEARCH, { name: nameOf(width, 'donors-search-before') }))
      .toEqual([]);
    await search(page, '10001');
    await page.locator('.alert-donors').waitFor({ state: 'visible' });
    await page.locator('#map .donors-search-centre').waitFor();
    // The page at rest, as a donor reading the results sees it: no focus ring left on Search by the click.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await looksProblems(page, SEARCH, { name: nameOf(width, 'donors-search-results') })).toEqual([]);
  });

  it.each(WIDTHS)('the screening form, its details shown, at %i px', async (width) => {
    const { page } = await wp.open(islandsPage, { viewport: viewportOf(width) });
    await islandsMounted(page);
    await page
      .getByRole('group', { name: /damaged/ })
      .getByLabel('Yes')
      .check();
    await page.locator('#additional-details').waitFor({ state: 'visible' });
    expect(await looksProblems(page, SCREENING, { name: nameOf(width, 'screening-questions') })).toEqual([]);
  });

  it.each(WIDTHS)('the priority alert, then its note, at %i px', async (width) => {
    const { page } = await wp.open(islandsPage, { viewport: viewportOf(width) });
    await islandsMounted(page);
    expect.soft(await looksProblems(page, PRIORITY, { name: nameOf(width, 'priority-alert') })).toEqual([]);
    await page.locator('#show-priority').click();
    await page.locator('.priority-note').waitFor({ state: 'visible' });
    expect(await looksProblems(page, PRIORITY, { name: nameOf(width, 'priority-note') })).toEqual([]);
  });
});
