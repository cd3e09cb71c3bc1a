/**
 * How an island looks, measured: the checks the looks suites run on the demo and in the real WordPress
 * (labels above their fields, nothing wider than its box, values that never break, axe's contrast and
 * label rules) and the screenshot each takes for a person to look at. Each check returns the problems
 * it found, in words, so a failure says what is wrong where.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { axeViolations } from './page-helpers.ts';

/** Where screenshots go (gitignored): test-results/looks/ at the repository's root. */
export const LOOKS_DIR = fileURLToPath(new URL('../test-results/looks/', import.meta.url));

/** The widths every island is looked at: a desktop and a narrow phone. */
export const WIDTHS = [1280, 390] as const;

/** A viewport of `width`, tall enough for a search's results. */
export const viewportOf = (width: number) => ({ width, height: width > 800 ? 900 : 844 });

/** Each `label[for]` in `scope` whose box is not wholly above its field's box. */
export const labelsNotAbove = (page: Page, scope: string) =>
  page.$$eval(`${scope} label[for]`, (labels) =>
    labels.flatMap((label) => {
      const field = document.getElementById(label.getAttribute('for') ?? '');
      if (!field || field.offsetParent === null) return [];
      const l = label.getBoundingClientRect();
      const f = field.getBoundingClientRect();
      // Half a pixel for rounding: a label that ends where its field starts is above it.
      return l.bottom <= f.top + 0.5
        ? []
        : [`"${label.textContent?.trim()}" ends at ${l.bottom}px, its field starts at ${f.top}px`];
    }),
  );

/** Each select in `scope` too narrow to show its choices whole (a clipped "15 mil"). */
export const clippedSelects = (page: Page, scope: string) =>
  page.$$eval(`${scope} select`, (selects) =>
    selects.flatMap((select) => {
      if (!(select instanceof HTMLSelectElement) || select.offsetParent === null) return [];
      // The same select at its natural width, out of the flow: what its choices need.
      const probe = select.cloneNode(true) as HTMLSelectElement;
      probe.removeAttribute('id');
      probe.removeAttribute('name');
      probe.style.cssText =
        'position: absolute; visibility: hidden; inline-size: max-content; min-inline-size: 0; max-inline-size: none';
      select.after(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const width = select.getBoundingClientRect().width;
      return width + 0.5 >= needed ? [] : [`a select is ${width}px wide, its choices need ${needed}px`];
    }),
  );

/**
 * Each control of `scope` (field, select, button) that sticks out of `scope`'s box sideways, where the
 * theme's column would cut it or run it into the margin; a control inside a box that scrolls is that
 * box's business.
 */
export const controlsOutOfBox = (page: Page, scope: string) =>
  page.$$eval(`${scope} :is(input, select, textarea, button)`, (controls) =>
    controls.flatMap((control) => {
      if (!(control instanceof HTMLElement) || control.offsetParent === null) return [];
      const host = control.closest('[data-island], form');
      for (let box = control.parentElement; box && box !== host; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return [];
      if (!host) return [];
      const outer = host.getBoundingClientRect();
      const inner = control.getBoundingClientRect();
      return inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5
        ? []
        : [
            `"${control.id || control.textContent?.trim()}" spans ${inner.left}–${inner.right}px, its island ${outer.left}–${outer.right}px`,
          ];
    }),
  );

/** How far the page scrolls sideways, in px (0: not at all). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Each table in `scope` wider than the box that holds it (the box would cut a column). */
export const tablesWiderThanBox = (page: Page, scope: string) =>
  page.$$eval(`${scope} table`, (tables) =>
    tables.flatMap((table) => {
      const box = table.parentElement;
      if (!box) return [];
      const width = table.getBoundingClientRect().width;
      return width <= box.clientWidth + 0.5
        ? []
        : [`the table is ${width}px wide in a ${box.clientWidth}px box`];
    }),
  );

/**
 * Each value in the columns of `scope`'s tables that must stay whole (all but the title, the second)
 * that runs over more than one line: the lines its text sits on, read from the text alone, since the box
 * of an element around it (a row's button, which a theme may pad) starts above its line.
 */
export const brokenValues = (page: Page, scope: string) =>
  page.$$eval(`${scope} table tbody td:not(:nth-child(2))`, (cells) =>
    cells.flatMap((cell) => {
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const lines = new Set<number>();
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) lines.add(Math.round(rect.top));
      }
      return lines.size <= 1 ? [] : [`"${cell.textContent}" runs over ${lines.size} lines`];
    }),
  );

/**
 * What keeps a results table in `scope` from reading well on a narrow screen, run in the page (any
 * engine's harness can `evaluate` it): a table wider than its box (a column cut off, or reached only by
 * scrolling sideways); in a box too narrow for whole dates (under 500 px), a date that shows its day or
 * time in full instead of its short day alone (the full ones hidden from sight, still in the text for
 * screen readers); a `<time>` whose text is not its whole date and time; a button of the table (sort,
 * row) smaller than a 24 × 24 px touch target.
 */
export function narrowTableProblems(scope: string): string[] {
  const problems: string[] = [];
  for (const table of document.querySelectorAll<HTMLElement>(`${scope} table`)) {
    const box = table.parentElement;
    if (!box || table.offsetParent === null) continue;
    if (table.getBoundingClientRect().width > box.clientWidth + 0.5 || box.scrollWidth > box.clientWidth)
      problems.push(
        `the table is ${table.getBoundingClientRect().width}px wide in a ${box.clientWidth}px box`,
      );
    for (const time of table.querySelectorAll('time')) {
      if (!/\d/.test(time.getAttribute('datetime') ?? '') || !/\d:\d\d/.test(time.textContent ?? ''))
        problems.push(
          `"${time.textContent}" (${time.getAttribute('datetime')}) is not a whole date and time`,
        );
      if (box.clientWidth >= 500) continue;
      // The short day is the date's ::before: the date has a width only when it shows.
      const inFull = Array.from(time.children).some((part) => part.getBoundingClientRect().width > 1);
      const short = time.hasAttribute('data-short') && time.getBoundingClientRect().width > 1;
      if (inFull || !short)
        problems.push(
          `"${time.textContent}" shows ${inFull ? 'in full' : 'no short day'} in a ${box.clientWidth}px box`,
        );
    }
    for (const button of table.querySelectorAll('button')) {
      const { width, height } = button.getBoundingClientRect();
      if (width < 24 || height < 24)
        problems.push(`"${button.textContent}" is a ${width} × ${height}px touch target`);
    }
  }
  return problems;
}

/** Chromium's own face for a button no stylesheet touches. */
const BARE_BUTTON = 'rgb(239, 239, 239)';

/**
 * Each of the islands' action buttons in `scope` (a form's submit, the priority note's dismiss) still in
 * the browser's bare grey, which no theme would choose.
 */
export const bareButtons = (page: Page, scope: string) =>
  page.$$eval(
    `:is(${scope}) :is(button[type="submit"], button[data-priority-dismiss])`,
    (buttons, bare) =>
      buttons.flatMap((button) =>
        getComputedStyle(button).backgroundColor === bare
          ? [`"${button.textContent?.trim()}" is the browser's bare button`]
          : [],
      ),
    BARE_BUTTON,
  );

/** axe-core's colour contrast and label rules on `scope`. */
export const contrastAndLabels = (page: Page, scope: string) =>
  axeViolations(page, scope, ['color-contrast', 'label']);

/**
 * Every check above on `scope`, as one list of problems (empty: it looks right), after saving a
 * screenshot of `scope` as test-results/looks/<name>.png. At every width, a phone's too, each column of
 * a table shows without scrolling sideways.
 */
export async function looksProblems(
  page: Page,
  scope: string,
  { name }: { name: string },
): Promise<string[]> {
  mkdirSync(LOOKS_DIR, { recursive: true });
  await page
    .locator(scope)
    .first()
    .screenshot({ path: path.join(LOOKS_DIR, `${name}.png`) });
  const overflow = await sidewaysOverflow(page);
  return [
    ...(await labelsNotAbove(page, scope)),
    ...(await clippedSelects(page, scope)),
    ...(await controlsOutOfBox(page, scope)),
    ...(overflow > 0 ? [`the page scrolls ${overflow}px sideways`] : []),
    ...(await tablesWiderThanBox(page, scope)),
    ...(await page.evaluate(narrowTableProblems, scope)),
    ...(await brokenValues(page, scope)),
    ...(await bareButtons(page, scope)),
    ...(await contrastAndLabels(page, scope)),
  ];
}
