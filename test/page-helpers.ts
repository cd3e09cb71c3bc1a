/**
 * What browser tests of every kind share, written once: page URLs with a config, axe-core's verdict, and
 * the buttons as a visitor reads them. Each takes an engine page; a Playwright page from the Chromium-only
 * harness is taken as it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { type EnginePage, playwrightPage } from './engines/engine-page.ts';

/** Either kind of page a browser test holds. */
export type AnyPage = EnginePage | Page;

/** The engine page for `page`; a Playwright page stays on its own origin. */
export const enginePage = (page: AnyPage): EnginePage =>
  'engine' in page ? page : playwrightPage('chromium', page, page.url());

/** A page URL with `config` merged into its page config by the mock server. */
export const withConfig = (path: string, config: object) =>
  `${path}${path.includes('?') ? '&' : '?'}config=${encodeURIComponent(JSON.stringify(config))}`;

/** A page whose config element holds `text` as it is. */
export const withRawConfig = (path: string, text: string) =>
  `${path}${path.includes('?') ? '&' : '?'}rawconfig=${encodeURIComponent(text)}`;

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's WCAG 2.2 A/AA violations on the page (or the element matching `within`), each as
 * `rule-id: target, target`; with `rules`, only those rules run (e.g. `color-contrast` and `label`).
 */
export async function axeViolations(
  anyPage: AnyPage,
  within?: string,
  rules?: readonly string[],
): Promise<string[]> {
  const page = enginePage(anyPage);
  // Run by the driver, which the page's CSP does not govern.
  await page.inject(AXE);
  return page.evaluate(
    async ({ tags, within, rules }) => {
      const { axe } = window as unknown as {
        axe: {
          run(
            context: Node,
            options: object,
          ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
        };
      };
      const context = within ? document.querySelector(within) : document;
      if (!context) throw new Error(`no element matches ${within}`);
      const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags };
      const { violations } = await axe.run(context, { runOnly });
      return violations.map(
        ({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { tags: WCAG_22_AA, within, rules },
  );
}

/** The page content's buttons and submit inputs: the demo theme's header (its menu's) is not content. */
export const CONTENT_BUTTONS = ':is(button, input[type=submit]):not(.site-header *)';

/**
 * Every button and submit input of the page's content as `label|enabled` or `label|disabled`, icons left
 * out and an input with no value shown as `(default)`: now, or (`onLeave`) posted to `onLeave` as the
 * page leaves.
 */
const readButtons = (page: AnyPage, onLeave?: string): Promise<string[]> =>
  enginePage(page).evaluate(
    ({ noteUrl, selector }) => {
      const read = () =>
        Array.from(document.querySelectorAll<HTMLButtonElement | HTMLInputElement>(selector), (button) => {
          const copy = button.cloneNode(true) as HTMLElement;
          for (const icon of copy.querySelectorAll('[aria-hidden="true"]')) icon.remove();
          const label =
            button instanceof HTMLInputElement ? button.value || '(default)' : copy.textContent?.trim();
          return `${label}|${button.disabled ? 'disabled' : 'enabled'}`;
        });
      if (!noteUrl) return read();
      addEventListener('pagehide', () => navigator.sendBeacon(noteUrl, JSON.stringify(read())));
      return [];
    },
    { noteUrl: onLeave, selector: CONTENT_BUTTONS },
  );

/** The buttons as a visitor reads them now (see readButtons). */
export const buttonStates = (page: AnyPage): Promise<string[]> => readButtons(page);

/** Posts the buttons, as buttonStates reads them, to `noteUrl` when the page leaves. */
export const sendButtonStatesOnLeave = async (page: AnyPage, noteUrl: string): Promise<void> => {
  await readButtons(page, noteUrl);
};

/**
 * Resolves once every donors search and priority alert on the page has mounted (the loader's chunks have
 * run): the search has drawn its form, the alert's trigger says whether the note is open.
 */
export const islandsMounted = (page: Page) =>
  page.waitForFunction(() => {
    const search = document.querySelector('[data-island="donors-search"]');
    const alert = document.querySelector('[data-priority-open]');
    return (!search || search.querySelector('form')) && (!alert || alert.hasAttribute('aria-expanded'));
  });
