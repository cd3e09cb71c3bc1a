import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenOptions, useBrowserSuite } from '../../test/browser.ts';
import { pasteMarkup } from '../../test/paste-markup.mjs';
import { serveTwice } from '../../test/serve-twice.ts';

// Evaluated through the DevTools protocol, which the page's CSP does not govern.
const axe = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const axeViolations = (page: Page): Promise<string[]> =>
  page.evaluate(`${axe};axe.run({runOnly:['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']})
    .then((r) => r.violations.map((v) => v.id + ' ' + v.nodes.map((n) => n.target).join()))`);

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');

describeBrowser('priority-alert in Chromium', () => {
  const suite = useBrowserSuite();

  async function openAlert(options: OpenOptions = {}) {
    const opened = await suite.open('/islands/priority-alert/', options);
    const { page } = opened;
    const trigger = page.getByRole('link', { name: 'Read the priority note' });
    await page.locator('[data-priority-open][aria-expanded="false"]').waitFor();
    const state = () =>
      page.evaluate(() => ({
        alertHidden: document.querySelector<HTMLElement>('.priority-alert')?.hidden,
        noteHidden: document.querySelector<HTMLElement>('.priority-note')?.hidden,
        focus: document.activeElement?.className || document.activeElement?.textContent,
        scrollY: Math.round(window.scrollY),
        url: location.href,
      }));
    return { ...opened, trigger, state };
  }
  const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

  it('opens by mouse without scrolling or touching the URL, then dismisses, moving focus each time', async () => {
    const { page, trigger, state, pageErrors, consoleErrors } = await openAlert();
    // Room to scroll, so that a jump to the top of the page would show.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '2000px';
      window.scrollTo(0, 120);
    });
    const before = await state();
    await trigger.click();
    await settled(page);
    expect(await state()).toMatchObject({
      alertHidden: true,
      noteHidden: false,
      focus: 'priority-note',
      scrollY: before.scrollY,
      url: before.url,
    });
    // The trigger is hidden with its alert now, out of reach of role queries.
    expect(await page.locator('[data-priority-open]').getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Dismiss the note' }).click();
    await settled(page);
    expect(await state()).toMatchObject({
      alertHidden: false,
      noteHidden: true,
      focus: 'Read the priority note',
    });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect([...pageErrors, ...consoleErrors]).toEqual([]);
  });

  it('works by keyboard: Enter opens, Tab reaches dismiss, Escape closes, Space on dismiss closes', async () => {
    const { page, trigger, state } = await openAlert();
    await trigger.focus();
    await page.keyboard.press('Enter');
    expect((await state()).focus).toBe('priority-note');
    await page.keyboard.press('Tab');
    expect((await state()).focus).toBe('Dismiss the note');
    await page.keyboard.press('Escape');
    await settled(page);
    expect(await state()).toMatchObject({ noteHidden: true, focus: 'Read the priority note' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await settled(page);
    expect(await state()).toMatchObject({
      alertHidden: false,
      noteHidden: true,
      focus: 'Read the priority note',
    });
  });

  it.each([
    ['slides', 'no-preference', 2],
    ['does not slide', 'reduce', 0],
  ] as const)('%s when the visitor asks for %s motion', async (_, reducedMotion, slides) => {
    const { page, trigger, state } = await openAlert({ reducedMotion });
    // Counts animations as they start: a finished one no longer shows in getAnimations().
    await page.evaluate(() => {
      const animate = Element.prototype.animate;
      document.documentElement.dataset.slides = '0';
      Element.prototype.animate = function (...args) {
        const { dataset } = document.documentElement;
        dataset.slides = String(Number(dataset.slides) + 1);
        return animate.apply(this, args);
      };
    });
    await trigger.click();
    expect(await page.evaluate(() => Number(document.documentElement.dataset.slides))).toBe(slides);
    expect((await state()).noteHidden).toBe(false);
  });

  it('keeps a second copy of the snippet, pasted as it is, independent of the first', async () => {
    const { page } = await openAlert();
    await pasteMarkup(page, [markup], { class: 'second' });
    const second = page.locator('.second');
    await second.locator('[aria-expanded="false"]').waitFor();
    await second.getByRole('link', { name: 'Read the priority note' }).click();
    await settled(page);
    expect(await second.locator('.priority-note').isVisible()).toBe(true);
    expect(await page.locator('#priority-note').isHidden()).toBe(true);
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
    const { page } = await suite.open('/islands/priority-alert/', {
      before: (context) => serveTwice(context, '/islands/priority-alert/', 'priority-alert'),
    });
    await page.locator('[data-priority-open][aria-expanded="false"]').nth(1).waitFor();
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
    const { page, trigger } = await openAlert();
    expect(await axeViolations(page)).toEqual([]);
    await trigger.click();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
