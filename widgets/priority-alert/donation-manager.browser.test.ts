import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { axeViolations } from '../../test/page-helpers.ts';
import { countSlides, noteSettled, slidesStarted } from '../../test/support/priority-alert.ts';

const TRIGGER = '#show-priority';
const DISMISS = '.priority-note button.elementor-alert-dismiss';

/** What a visitor sees of the alert and the note, and what the original's jQuery has done to them. */
const state = (page: EnginePage) =>
  page.evaluate(() => {
    const shown = (selector: string) => {
      const element = document.querySelector(selector);
      return !!element && getComputedStyle(element).display !== 'none';
    };
    const jQuery = (window as { jQuery?: { timers: unknown[] } }).jQuery;
    return {
      alertShown: shown('.priority-alert'),
      noteShown: shown('.priority-note'),
      expanded: document.querySelector('#show-priority')?.getAttribute('aria-expanded'),
      focus: document.activeElement?.id || document.activeElement?.localName,
      url: location.href,
      // jQuery's slides write an inline style on every element they move and queue their steps.
      inlineStyles: [...document.querySelectorAll('.priority-alert, .priority-note')].map((el) =>
        el.getAttribute('style'),
      ),
      jQuerySlides: jQuery?.timers.length ?? 0,
    };
  });

describeEngines("priority-alert on Donation Manager's pick-up dates step", (suite) => {
  async function openStep(withItsScripts: boolean) {
    const page = await suite.open(
      `/donation-manager/pick-up-dates/${withItsScripts ? 'with-its-scripts/' : ''}`,
    );
    // Mounted: the island tells assistive technology the note is closed.
    await page.waitFor((trigger) => document.querySelector(`${trigger}[aria-expanded="false"]`), TRIGGER);
    return page;
  }

  it.each([
    ['with the script tag alone', false],
    ["with Donation Manager's scripts.js on the page too", true],
  ])('opens the note once by mouse and closes it once, %s', async (_, withItsScripts) => {
    const page = await openStep(withItsScripts);
    const before = await state(page);
    expect(before).toMatchObject({ alertShown: true, noteShown: false, inlineStyles: [null, null] });
    if (withItsScripts)
      // The original's handler is bound on the link: it would slide the note if the click reached it.
      expect(
        await page.evaluate(
          (trigger) =>
            (
              window as unknown as { jQuery: { _data(el: Element, key: string): { click?: unknown[] } } }
            ).jQuery._data(document.querySelector(trigger) as Element, 'events').click?.length,
          TRIGGER,
        ),
      ).toBe(1);
    await page.click(TRIGGER);
    await noteSettled(page, true);
    expect(await state(page)).toEqual({
      ...before,
      alertShown: false,
      noteShown: true,
      expanded: 'true',
      focus: 'priority-note',
    });
    await page.click(DISMISS);
    await noteSettled(page, false);
    expect(await state(page)).toEqual({ ...before, focus: 'show-priority' });
    expect(await page.problems()).toEqual([]);
  });

  it.each([
    ['with the script tag alone', false],
    ["with Donation Manager's scripts.js on the page too", true],
  ])(
    'works by keyboard: Enter opens, Escape closes, Space on dismiss closes, %s',
    async (_, withItsScripts) => {
      const page = await openStep(withItsScripts);
      await page.focus(TRIGGER);
      await page.press('Enter');
      await noteSettled(page, true);
      expect(await state(page)).toMatchObject({ focus: 'priority-note', noteShown: true });
      await page.press('Escape');
      await noteSettled(page, false);
      expect(await state(page)).toMatchObject({ focus: 'show-priority', noteShown: false, alertShown: true });
      await page.press('Enter');
      await noteSettled(page, true);
      await page.focus(DISMISS);
      await page.press('Space');
      await noteSettled(page, false);
      expect(await state(page)).toMatchObject({
        focus: 'show-priority',
        noteShown: false,
        alertShown: true,
        inlineStyles: [null, null],
        jQuerySlides: 0,
      });
    },
  );

  it('slides nothing when the visitor asks for reduced motion', async () => {
    const page = await suite.open('/donation-manager/pick-up-dates/with-its-scripts/', {
      reducedMotion: true,
    });
    await page.waitFor((trigger) => document.querySelector(`${trigger}[aria-expanded="false"]`), TRIGGER);
    await countSlides(page);
    await page.click(TRIGGER);
    await noteSettled(page, true);
    expect(await slidesStarted(page)).toBe(0);
    expect(await state(page)).toMatchObject({ noteShown: true, jQuerySlides: 0, inlineStyles: [null, null] });
  });

  // What the island adds and moves, not the step around it: Donation Manager's own date labels point at
  // no field (for="donor[pickupdate0]", id="pickupdate0") and its buttons' colours are the site's.
  const ISLAND_RULES = [
    'aria-allowed-attr',
    'aria-valid-attr',
    'aria-valid-attr-value',
    'aria-required-attr',
    'aria-hidden-focus',
    'button-name',
    'link-name',
    'nested-interactive',
  ];

  it('has no WCAG A/AA violations of what it adds, with the note closed or open', async () => {
    const page = await openStep(false);
    const violations = async () => [
      ...(await axeViolations(page, '.priority-alert', ISLAND_RULES)),
      ...(await axeViolations(page, '.priority-note', ISLAND_RULES)),
    ];
    expect(await violations()).toEqual([]);
    await page.click(TRIGGER);
    await noteSettled(page, true);
    expect(await violations()).toEqual([]);
  });
});
