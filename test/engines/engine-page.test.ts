import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { webDriverPage } from './engine-page.ts';
import type { WebDriverSession } from './webdriver.ts';

/**
 * A WebDriver session whose Navigate To answers while the new document is still interactive, as
 * WebKitGTK's driver does now and then on a loaded machine; each script the page is asked to run
 * afterwards sees the document one step further on (interactive, then complete, then shown).
 */
function sessionAnsweringEarly() {
  const steps: { readyState: string; shows: string[] }[] = [
    { readyState: 'interactive', shows: [] },
    { readyState: 'complete', shows: [] },
    { readyState: 'complete', shows: ['loaded'] },
  ];
  let step = -1;
  const session = {
    navigate: async () => {
      step = 0;
      return null;
    },
    refresh: async () => {
      step = 0;
      return null;
    },
    executeAsync: (body: string, args: unknown[]) =>
      new Promise((done) => {
        const { readyState, shows } = steps[Math.min(step, steps.length - 1)] ?? {
          readyState: '',
          shows: [],
        };
        step += 1;
        const page: Record<string, unknown> = { document: { readyState }, __harnessShows: shows, done };
        page.window = page;
        runInNewContext(`(function () { ${body} }).apply(null, [...args, done])`, { ...page, args });
      }),
  };
  return {
    page: webDriverPage(session as unknown as WebDriverSession, 'http://site.test'),
    seen: () => step,
  };
}

it('opens a page in WebKit only once it has loaded and shown, though the driver answers before', async () => {
  const { page, seen } = sessionAnsweringEarly();
  await page.goto('/islands/donors-search/below-the-fold/');
  // Three looks at the page: interactive, complete without its pageshow, then loaded and shown.
  expect(seen()).toBe(3);
});

it('reloads a page in WebKit only once it has loaded and shown, though the driver answers before', async () => {
  const { page, seen } = sessionAnsweringEarly();
  await page.reload();
  expect(seen()).toBe(3);
});
