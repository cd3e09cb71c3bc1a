/**
 * What the hardening browser tests share: searching like a visitor, reading what the page shows, the
 * traps that catch executed payloads and CSP violations, and axe-core.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** A zip with donations in the demo data (Barrington, IL: about 60 in 15 miles and 30 days, 30 zips). */
export const SEARCH_ZIP = '60010';
/** A real zip far from every demo metro: no donations, so the `xss` fault's 57 rows are the payloads exactly. */
export const EMPTY_ZIP = '59001';

import { type AnyPage, enginePage } from '../page-helpers.ts';

export { axeViolations, islandsMounted, WCAG_22_AA, withConfig, withRawConfig } from '../page-helpers.ts';
export { donationsOnMap } from '../support/donors-search/search-markers.ts';
export { search } from '../support/donors-search/search-page.ts';
export { tableRows } from '../support/donors-search/search-table.ts';

/** Waits until the search has ended: no `Working...`, Search back, every row in the table. */
export async function searchEnded(page: AnyPage, timeout = 15_000) {
  await enginePage(page).waitFor(
    () => {
      const button = document.querySelector<HTMLButtonElement>('#donors-in-your-area button[type="submit"]');
      const status = document.querySelector('.alert-before')?.textContent ?? '';
      return (
        button?.textContent === 'Search' &&
        !button.disabled &&
        !status.includes('Working...') &&
        !document.querySelector('#donors-in-your-area-table[aria-busy]')
      );
    },
    undefined,
    timeout,
  );
}

/** The status area's lines, as a visitor reads them. */
export const statusLines = (page: AnyPage) =>
  enginePage(page).evaluate(() =>
    Array.from(document.querySelectorAll('.alert-before p'), (line) => line.textContent ?? ''),
  );

/** Every submit control on the page, as `label|enabled` or `label|disabled`. */
export const submitButtons = (page: AnyPage) =>
  enginePage(page).evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input[type="submit"]'),
    )
      .filter((control) => control.type === 'submit')
      .map((button) => {
        const label = button instanceof HTMLInputElement ? button.value : button.textContent?.trim();
        return `${label}|${button.disabled ? 'disabled' : 'enabled'}`;
      }),
  );

/** The donation markers the map drew (the centre marker left out): single donations and clusters. */
export const donationMarkers = (page: Page) =>
  page.locator('#map .donors-search-marker:not(.donors-search-centre)');

/** Opens the priority note and resolves with whether, within 5 s, the note is shown and the alert hidden. */
export async function priorityNoteOpens(anyPage: AnyPage): Promise<boolean> {
  const page = enginePage(anyPage);
  const trigger = '[data-priority-open][aria-expanded="false"]';
  await page.waitFor((target) => document.querySelector(target), trigger, 5000);
  await page.click(trigger);
  return page
    .waitFor(
      () =>
        document.querySelector<HTMLElement>('.priority-note')?.hidden === false &&
        document.querySelector<HTMLElement>('.priority-alert')?.hidden === true,
      undefined,
      5000,
    )
    .then(
      () => true,
      () => false,
    );
}

export interface Traps {
  pwned: string[];
  dialogs: string[];
  cspViolations: string[];
}

declare global {
  interface Window {
    __traps?: Traps;
    __pwned?: unknown;
  }
}

/**
 * Before any page script runs: `window.__pwned` becomes a setter that records every payload that
 * ran (in this frame or, through `parent.__pwned`, a child frame), dialogs are recorded instead of
 * shown, and every CSP violation is recorded with the directive and what was blocked.
 */
export async function installTraps(context: BrowserContext) {
  await context.addInitScript(() => {
    // A child frame reports to the top window's record when it can reach it.
    let topRecord: Traps | undefined;
    try {
      topRecord = window.top === window ? undefined : window.top?.__traps;
    } catch {
      topRecord = undefined;
    }
    const traps: Traps = topRecord ?? { pwned: [], dialogs: [], cspViolations: [] };
    if (!topRecord) Object.defineProperty(window, '__traps', { value: traps });
    Object.defineProperty(window, '__pwned', {
      get: () => undefined,
      set: (value) => traps.pwned.push(String(value)),
    });
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      Object.defineProperty(window, name, {
        value: (message?: unknown) => {
          traps.dialogs.push(`${name}(${String(message)})`);
        },
      });
    }
    document.addEventListener('securitypolicyviolation', (event) =>
      traps.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
}

export const readTraps = (page: Page): Promise<Traps> =>
  page.evaluate(() => window.__traps ?? { pwned: ['traps missing'], dialogs: [], cspViolations: [] });

/** Serves every page with its Content-Security-Policy header changed by `rewrite` (none when it returns ''). */
export async function rewriteCsp(context: BrowserContext, rewrite: (csp: string) => string) {
  await context.route(
    () => true,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const { 'content-security-policy': csp = '', ...headers } = response.headers();
      const changed = rewrite(csp);
      await route.fulfill({
        response,
        headers: changed ? { ...headers, 'content-security-policy': changed } : headers,
      });
    },
  );
}

/**
 * Serves every page without its Content-Security-Policy, so that a payload that reached the DOM would
 * really run: the tests must prove the islands never let it in, not that the CSP stopped it.
 */
export const withoutCsp = (context: BrowserContext) => rewriteCsp(context, () => '');
