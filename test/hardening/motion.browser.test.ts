/**
 * `prefers-reduced-motion: reduce` removes animation (docs/how-it-works.md#priority-alert): the priority note
 * changes state in one step, and the map moves to a new search in one step instead of gliding there.
 */
import { expect, it } from 'vitest';
import type { EnginePage } from '../engines/engine-page.ts';
import { describeEngines } from '../engines/suite.ts';
import { SEARCH_ZIP, search, searchEnded } from './helpers.ts';

/** Clicks `selector` and reports, in the same task, what changed and what is still moving. */
const clickAndLook = (page: EnginePage, selector: string) =>
  page.evaluate((target) => {
    document.querySelector<HTMLElement>(target)?.click();
    const box = (element: HTMLElement | null) => {
      const style = element ? getComputedStyle(element) : undefined;
      return {
        hidden: element?.hidden,
        transition: style?.transitionDuration,
        animation: style?.animationDuration,
      };
    };
    return {
      alert: box(document.querySelector('.priority-alert')),
      note: box(document.querySelector('.priority-note')),
      // Anything that moves for longer than a millisecond (the theme cuts its own transitions to 0.01 ms).
      animations: document.getAnimations().filter((a) => Number(a.effect?.getComputedTiming().duration) > 1)
        .length,
    };
  }, selector);

interface MapMotion {
  /** Leaflet's animation classes seen: `leaflet-pan-anim` on a gliding pane, `leaflet-zoom-anim` on a zooming map. */
  classes: string[];
  /** Each new position of the map pane. */
  moves: { transform: string }[];
}

/** Records, from now on, how the map moves: the classes whatever the frame rate, the moves as they come. */
const watchMapMotion = (page: EnginePage) =>
  page.evaluate(() => {
    const map = document.querySelector('#map') as HTMLElement;
    const pane = map.querySelector<HTMLElement>('.leaflet-map-pane');
    const motion: MapMotion = { classes: [], moves: [] };
    (window as { __mapMotion?: MapMotion }).__mapMotion = motion;
    new MutationObserver((records) => {
      for (const { target, attributeName } of records) {
        const element = target as HTMLElement;
        if (attributeName === 'class') {
          for (const name of ['leaflet-pan-anim', 'leaflet-zoom-anim'])
            if (element.classList.contains(name) && !motion.classes.includes(name)) motion.classes.push(name);
        } else if (element === pane && motion.moves.at(-1)?.transform !== pane.style.transform) {
          motion.moves.push({ transform: pane.style.transform });
        }
      }
    }).observe(map, { attributes: true, attributeFilter: ['class', 'style'], subtree: true });
  });

/** How far, in whole pixels, the centre marker sits from the middle of the map (it is centred on its point). */
const centreOffset = (page: EnginePage) =>
  page.evaluate(() => {
    const middle = (element: Element | null) => {
      const box = element?.getBoundingClientRect();
      return box ? [box.left + box.width / 2, box.top + box.height / 2] : [Number.NaN, Number.NaN];
    };
    const [mapX = 0, mapY = 0] = middle(document.querySelector('#map'));
    const [x = 0, y = 0] = middle(document.querySelector('#map .donors-search-centre'));
    // Within a pixel: Leaflet rounds the pane's position.
    return [x - mapX, y - mapY].map((d) => (Math.abs(d) <= 1 ? 0 : Math.round(d)));
  });

const mapMotion = (page: EnginePage) =>
  page.evaluate(() => (window as { __mapMotion?: MapMotion }).__mapMotion as MapMotion);

/** The title of the map's centre marker, once there is one. */
const centreTitle = (page: EnginePage) =>
  page.evaluate(() => document.querySelector('#map .donors-search-centre')?.getAttribute('title'));

describeEngines('reduced motion', (suite) => {
  it.each([
    [true, false],
    [false, true],
  ] as const)(
    'priority note with reduced motion %s: shown at once, animated: %s',
    async (reducedMotion, animated) => {
      const page = await suite.open('/islands/priority-alert/', { reducedMotion });
      await page.waitFor(() => document.querySelector('[data-priority-open][aria-expanded="false"]'));
      const opened = await clickAndLook(page, '[data-priority-open]');
      expect(opened.note.hidden).toBe(false);
      expect(opened.animations > 0).toBe(animated);
      if (reducedMotion) {
        expect(opened.alert.hidden).toBe(true);
        for (const box of [opened.alert, opened.note]) {
          expect(Number.parseFloat(box.transition ?? '')).toBeLessThanOrEqual(0.00001);
          expect(Number.parseFloat(box.animation ?? '')).toBeLessThanOrEqual(0.00001);
        }
        const closed = await clickAndLook(page, '[data-priority-dismiss]');
        expect([closed.note.hidden, closed.alert.hidden, closed.animations]).toEqual([true, false, 0]);
      }
      expect(await page.problems()).toEqual([]);
    },
  );

  it('the map jumps to the next search’s zip code instead of gliding there', async () => {
    const page = await suite.open('/islands/donors-search/', { reducedMotion: true });
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    await expect.poll(() => centreTitle(page)).toBe(`Searched zip code ${SEARCH_ZIP}`);
    // The first search's map has settled once its centre marker sits in the middle of the map.
    await expect.poll(() => centreOffset(page)).toEqual([0, 0]);
    await watchMapMotion(page);
    await search(page, '60004');
    // Leaflet adds its animation class as the move starts, so once the map shows the new zip code in
    // its middle, a glide would already have been seen. No time bound: the bench measures speed.
    await expect.poll(() => centreTitle(page)).toBe('Searched zip code 60004');
    await expect
      .poll(() => centreOffset(page), { message: 'the new zip code is in the middle of the map' })
      .toEqual([0, 0]);
    const { classes, moves } = await mapMotion(page);
    const path = moves.map(({ transform }) => transform).join(' → ');
    expect(moves.length, 'the map moved to the new zip code').toBeGreaterThan(0);
    expect(classes, path).toEqual([]);
    expect(await page.problems()).toEqual([]);
  });
});
