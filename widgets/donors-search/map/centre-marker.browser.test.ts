/**
 * The searched zip's marker on a dense search, in Chromium at a phone's and a desktop's width: it is
 * drawn beneath the clusters, so every count reads whole (its ring, which takes no pointer, is looked at
 * in a screenshot).
 */
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../../test/browser.ts';
import { donationsOnMap, expectedMarkers } from '../../../test/support/donors-search/search-markers.ts';
import {
  askRoute,
  SEARCH_PAGE,
  search,
  waitForResults,
} from '../../../test/support/donors-search/search-page.ts';

/** Downtown Chicago, 60 miles, 90 days: the searched zip sits among clusters of hundreds. */
const DENSE = ['60601', '60', '90'] as const;

describeBrowser('the searched zip’s marker on a dense search, in Chromium', { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it.each([390, 1280])('at %i px no cluster’s count is covered by it', async (width) => {
    const { page } = await suite.open(SEARCH_PAGE, { viewport: { width, height: 844 } });
    await search(page, ...DENSE);
    await waitForResults(page);
    const expected = expectedMarkers(await askRoute(page, ...DENSE)).length;
    await expect.poll(async () => donationsOnMap(page), { timeout: 15_000 }).toBe(expected);
    await page.locator('#map').scrollIntoViewIfNeeded();

    const view = await page.evaluate(() => {
      const centre = document.querySelector('#map .donors-search-centre') as HTMLElement;
      const box = centre.getBoundingClientRect();
      const clusters = [...document.querySelectorAll<HTMLElement>('#map .donors-search-cluster')];
      const overlaps = (other: DOMRect) =>
        other.left < box.right && other.right > box.left && other.top < box.bottom && other.bottom > box.top;
      return {
        // The case that matters: clusters the centre's box reaches into.
        underCentre: clusters.filter((cluster) => overlaps(cluster.getBoundingClientRect())).length,
        // What is on top across each cluster's count, where it is read: its middle, and a grid over
        // its digits (the old centre dot covered a count's last digits, not its middle).
        atCounts: clusters.map((cluster) => {
          const { left, top, width, height } = cluster.getBoundingClientRect();
          const middle = document.elementFromPoint(left + width / 2, top + height / 2);
          const digits = document.createRange();
          digits.selectNodeContents(cluster);
          const text = digits.getBoundingClientRect();
          const covers = new Set<string>();
          for (let x = 0; x <= 4; x++)
            for (let y = 0; y <= 2; y++) {
              const hit = document.elementFromPoint(
                text.left + 1 + ((text.width - 2) * x) / 4,
                text.top + 2 + ((text.height - 4) * y) / 2,
              );
              if (hit !== cluster) covers.add(hit?.className ?? 'nothing');
            }
          return { count: cluster.textContent, middle: middle === cluster, covers: [...covers] };
        }),
      };
    });
    expect(view.underCentre).toBeGreaterThan(0);
    expect(view.atCounts.filter(({ middle }) => !middle)).toEqual([]);
    // Clusters may touch each other's edges; the searched zip's marker never lies over a count.
    expect(view.atCounts.filter(({ covers }) => covers.some((name) => name.includes('centre')))).toEqual([]);
  });
});
