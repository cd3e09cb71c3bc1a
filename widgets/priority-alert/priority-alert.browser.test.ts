import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines, type OpenOptions } from '../../test/engines/suite.ts';
import { axeViolations } from '../../test/page-helpers.ts';
import { countSlides, noteSettled, slidesStarted } from '../../test/support/priority-alert.ts';

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');
const TRIGGER = '[data-priority-open]';
const DISMISS = '[data-priority-dismiss]';

const state = (page: EnginePage) =>
  page.evaluate(() => ({
    alertHidden: document.querySelector<HTMLElement>('.priority-alert')?.hidden,
    noteHidden: document.querySelector<HTMLElement>('.priority-note')?.hidden,
    // A button by its words (the dismiss carries the theme's button class), anything else by its class.
    focus:
      document.activeElement?.localName === 'button'
        ? document.activeElement.textContent
        : document.activeElement?.className || document.activeElement?.textContent,
    scrollY: Math.round(window.scrollY),
    url: location.href,
  }));
/**
 * Waits until the slides have ended with the note in `within` shown (`open`) or hidden, and its alert the
 * other way. No animation left is not enough: a slide's finish event, which sets `hidden`, comes at the
 * page's next rendering step, and on a busy machine the driver read the state in between (the note not
 * yet hidden, 1 run in 3 of the browser suite).
 */
describeEngines('priority-alert', (suite) => {
  async function openAlert(options: OpenOptions = {}) {
    const page = await suite.open('/islands/priority-alert/', options);
    // Mounted: the island tells assistive technology the note is closed.
    await page.waitFor((trigger) => document.querySelector(`${trigger}[aria-expanded="false"]`), TRIGGER);
    return page;
  }

  it('opens by mouse without scrolling or touching the URL, then dismisses, moving focus each time', async () => {
    const page = await openAlert();
    // Room to scroll, so that a jump to the top of the page would show; the trigger in the middle of the
    // viewport, so that no driver scrolls before it clicks.
    await page.evaluate((trigger) => {
      document.body.style.paddingTop = '1000px';
      document.body.style.paddingBottom = '2000px';
      document.querySelector(trigger)?.scrollIntoView({ block: 'center' });
    }, TRIGGER);
    const before = await state(page);
    await page.click(TRIGGER);
    await noteSettled(page, true);
    expect(await state(page)).toMatchObject({
      alertHidden: true,
      noteHidden: false,
      focus: 'priority-note',
      scrollY: before.scrollY,
      url: before.url,
    });
    expect(
      await page.evaluate((t) => document.querySelector(t)?.getAttribute('aria-expanded'), TRIGGER),
    ).toBe('true');
    await page.click(DISMISS);
    await noteSettled(page, false);
    expect(await state(page)).toMatchObject({
      alertHidden: false,
      noteHidden: true,
      focus: 'Read the priority note',
    });
    expect(
      await page.evaluate((t) => document.querySelector(t)?.getAttribute('aria-expanded'), TRIGGER),
    ).toBe('false');
    expect(await page.problems()).toEqual([]);
  });

  it('works by keyboard: Enter opens, Tab reaches dismiss, Escape closes, Space on dismiss closes', async () => {
    const page = await openAlert();
    await page.focus(TRIGGER);
    await page.press('Enter');
    await page.waitFor(() => document.activeElement?.className === 'priority-note');
    await page.press('Tab');
    expect((await state(page)).focus).toBe('Dismiss the note');
    await page.press('Escape');
    await noteSettled(page, false);
    expect(await state(page)).toMatchObject({ noteHidden: true, focus: 'Read the priority note' });
    await page.press('Enter');
    await page.waitFor(() => document.activeElement?.className === 'priority-note');
    await page.press('Tab');
    await page.press('Space');
    await noteSettled(page, false);
    expect(await state(page)).toMatchObject({
      alertHidden: false,
      noteHidden: true,
      focus: 'Read the priority note',
    });
  });

  it.each([
    ['slides', false, 2],
    ['does not slide', true, 0],
  ] as const)('%s when the visitor asks for reduced motion: %s', async (_, reducedMotion, slides) => {
    const page = await openAlert({ reducedMotion });
    await countSlides(page);
    await page.click(TRIGGER);
    await page.waitFor(() => document.querySelector<HTMLElement>('.priority-note')?.hidden === false);
    expect(await slidesStarted(page)).toBe(slides);
  });

  it('keeps a second copy of the snippet, pasted as it is, independent of the first', async () => {
    const page = await openAlert();
    await page.evaluate((html) => {
      const section = document.createElement('section');
      section.className = 'second';
      section.innerHTML = html;
      document.querySelector('main')?.append(section);
    }, markup);
    await page.waitFor(() => document.querySelector('.second [aria-expanded="false"]'));
    await page.click(`.second ${TRIGGER}`);
    await noteSettled(page, true, '.second');
    expect(
      await page.evaluate(() => [
        document.querySelector<HTMLElement>('.second .priority-note')?.hidden,
        document.querySelector<HTMLElement>('#priority-note')?.hidden,
      ]),
    ).toEqual([false, true]);
    // Each trigger controls the note in its own wrapper.
    expect(
      await page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-priority-open]'), (trigger) => {
          const note = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
          return note?.closest('[data-island]') === trigger.closest('[data-island]') && note?.id;
        }),
      ),
    ).toEqual(['priority-note', 'priority-note-2']);
  });

  it('numbers two copies pasted in the page in page order, with no id twice', async () => {
    const page = await suite.open('/islands/priority-alert/?copies=2');
    await page.waitFor(
      () => document.querySelectorAll('[data-priority-open][aria-expanded="false"]').length === 2,
    );
    const ids = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-island="priority-alert"]'), (host) => [
        host.querySelector('[data-priority-open]')?.id,
        host.querySelector('.priority-note')?.id,
      ]),
    );
    expect(ids).toEqual([
      ['show-priority', 'priority-note'],
      ['show-priority-2', 'priority-note-2'],
    ]);
    const everyId = await page.evaluate(() => Array.from(document.querySelectorAll('[id]'), (e) => e.id));
    expect(new Set(everyId).size).toBe(everyId.length);
  });

  it('has no WCAG A/AA violations with the note closed or open', async () => {
    const page = await openAlert();
    expect(await axeViolations(page)).toEqual([]);
    await page.click(TRIGGER);
    await noteSettled(page, true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
