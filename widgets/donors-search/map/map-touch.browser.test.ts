/**
 * The map on a phone (390 px), touched with real touch input (Chromium's input pipeline; the other
 * engines' drivers here send none, see EnginePage.touch): the two-finger hint is for a one-finger drag, which scrolls the page; a tap
 * calls up no hint and does what a tap does, nothing on an empty spot, a marker's list on a marker.
 */
import { expect, it } from 'vitest';
import type { EnginePage } from '../../../test/engines/engine-page.ts';
import { describeEngines } from '../../../test/engines/suite.ts';
import { SEARCH_PAGE, waitForResults, withConfig } from '../../../test/support/donors-search/search-page.ts';

const PHONE = { width: 390, height: 844 };
const HOST = '[data-island="donors-search"]';
// The map's tiles from the site itself; a search its address holds runs as the island mounts.
const PAGE = `${withConfig(SEARCH_PAGE, { maps: { tileUrl: '/tiles/{z}/{x}/{y}.png' } })}&zipcode=60601&radius=15&days=30`;
const SINGLE = '#map .donors-search-marker:not(.donors-search-cluster):not(.donors-search-centre)';
// A search with its map in WebKit on a loaded two-core machine.
const TOUCH_MS = { timeout: 60_000 };

/**
 * Opens the search with its map drawn and in the middle of the screen, and records on the map whether
 * the hint ever showed and every click the map heard (a tap's own event: the signal that it was taken).
 */
async function openMap(page: EnginePage) {
  await page.waitFor((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST, 20_000);
  await waitForResults(page);
  await page.waitFor((single) => document.querySelector(single), SINGLE, 20_000);
  await page.evaluate(() => {
    const map = document.querySelector('#map') as HTMLElement;
    map.scrollIntoView({ block: 'center' });
    const record = window as unknown as { hintSeen: boolean; clicks: number };
    record.hintSeen = false;
    record.clicks = 0;
    map.addEventListener('click', () => record.clicks++, true);
    const hint = map.querySelector('.donors-map-hint') as HTMLElement;
    new MutationObserver(() => {
      if (hint.classList.contains('donors-map-hint-shown')) record.hintSeen = true;
    }).observe(hint, { attributeFilter: ['class'] });
  });
}

const recorded = (page: EnginePage) =>
  page.evaluate(() => {
    const { hintSeen, clicks } = window as unknown as { hintSeen: boolean; clicks: number };
    return { hintSeen, clicks, scrollY: Math.round(scrollY) };
  });

/** The middle of the single marker nearest the map's middle, in the viewport. */
const singleMarker = (page: EnginePage) =>
  page.evaluate((single) => {
    const map = (document.querySelector('#map') as HTMLElement).getBoundingClientRect();
    const middle = { x: map.left + map.width / 2, y: map.top + map.height / 2 };
    const centres = [...document.querySelectorAll(single)].map((marker) => {
      const box = marker.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2, marker };
    });
    const inside = centres.filter(
      ({ x, y, marker }) => marker.contains(document.elementFromPoint(x, y)) && y > map.top && y < map.bottom,
    );
    inside.sort(
      (a, b) => Math.hypot(a.x - middle.x, a.y - middle.y) - Math.hypot(b.x - middle.x, b.y - middle.y),
    );
    const found = inside[0];
    return found && { x: found.x, y: found.y, label: found.marker.textContent };
  }, SINGLE);

/** A point of the map that shows neither a marker nor a control, near its middle. */
const emptySpot = (page: EnginePage) =>
  page.evaluate(() => {
    const map = (document.querySelector('#map') as HTMLElement).getBoundingClientRect();
    for (let dy = 0; dy < map.height / 2 - 40; dy += 12)
      for (const sign of [1, -1])
        for (let dx = 0; dx < map.width / 2 - 40; dx += 12) {
          const x = map.left + map.width / 2 + sign * dx;
          const y = map.top + map.height / 2 + sign * dy;
          // A marker, a control or anything near one is no empty spot.
          const near = [-14, 0, 14].flatMap((ox) =>
            [-14, 0, 14].map((oy) => document.elementFromPoint(x + ox, y + oy)),
          );
          if (
            near.every(
              (element) =>
                element?.closest('.leaflet-tile-pane, .leaflet-map-pane, #map') &&
                !element.closest('.leaflet-marker-icon, .donors-search-marker, .leaflet-control'),
            )
          )
            return { x, y };
        }
    return undefined;
  });

describeEngines('the map under a finger on a phone', (suite) => {
  // Chromium's only: Firefox's driver here sends no touch input, and WebKitGTK's sends a touch as the
  // mouse to pages that have no touch events (see EnginePage.touch).
  const touching = it.skipIf(suite.engine !== 'chromium');

  touching('a tap on an empty spot of the map shows no hint and moves nothing', TOUCH_MS, async () => {
    const page = await suite.open(PAGE, { viewport: PHONE, touch: true });
    await openMap(page);
    const spot = await emptySpot(page);
    if (!spot) throw new Error('the map has no empty spot');
    const before = await recorded(page);
    await page.touch([{ ...spot, dy: 0 }]);
    await page.waitFor(() => (window as unknown as { clicks: number }).clicks > 0);
    expect(await recorded(page)).toEqual({ hintSeen: false, clicks: 1, scrollY: before.scrollY });
    expect(await page.evaluate(() => document.querySelector('.donors-map-choice'))).toBe(null);
    expect(await page.problems()).toEqual([]);
  });

  touching("a tap on a marker opens its donations' list and shows no hint", TOUCH_MS, async () => {
    const page = await suite.open(PAGE, { viewport: PHONE, touch: true });
    await openMap(page);
    const marker = await singleMarker(page);
    if (!marker) throw new Error('no single marker in view');
    await page.touch([{ x: marker.x, y: marker.y, dy: 0 }]);
    await page.waitFor(() => document.querySelector('.donors-map-choice'));
    expect((await recorded(page)).hintSeen).toBe(false);
    expect(await page.problems()).toEqual([]);
  });

  touching(
    'a one-finger drag over the map scrolls the page and shows the two-finger hint',
    TOUCH_MS,
    async () => {
      const page = await suite.open(PAGE, { viewport: PHONE, touch: true });
      await openMap(page);
      const spot = await emptySpot(page);
      if (!spot) throw new Error('the map has no empty spot');
      const before = await recorded(page);
      await page.touch([{ ...spot, dy: -200 }]);
      await page.waitFor(() => (window as unknown as { hintSeen: boolean }).hintSeen);
      await page.waitFor((from) => scrollY > from + 100, before.scrollY);
      expect(await page.evaluate(() => document.querySelector('.donors-map-hint')?.textContent)).toBe(
        'Use two fingers to move the map',
      );
      expect(await page.problems()).toEqual([]);
    },
  );
});
