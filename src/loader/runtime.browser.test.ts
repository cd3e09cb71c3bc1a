import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenPage, useBrowserSuite } from '../../test/browser.ts';
import { pasteMarkup } from '../../test/paste-markup.mjs';
import { afterEarlierRequests } from '../../test/request-log.ts';

interface BuiltFile {
  file: string;
  inputs: string[];
  /** File names of the chunks this one imports statically, downloaded with it. */
  imports: string[];
}

const { files, version } = JSON.parse(
  readFileSync(new URL('../../dist/sizes.json', import.meta.url), 'utf8'),
) as {
  files: BuiltFile[];
  version: string;
};
/** The built file that contains `input` (a source path such as `widgets/priority-alert/index.ts`). */
const chunkOf = (input: string) => {
  const found = files.find((f) => f.inputs.includes(input));
  if (!found) throw new Error(`no built file contains ${input}`);
  return found.file;
};
/** The built scripts the page requested (the islands' stylesheet, linked by the page, is not the loader's). */
const scripts = ({ requests }: OpenPage) =>
  requests
    .map((url) => new URL(url).pathname)
    .filter((path) => path.startsWith('/dist/') && path.endsWith('.js'))
    .map((path) => path.slice(6));
const inputsOf = (opened: OpenPage) =>
  scripts(opened).flatMap((file) => files.find((f) => f.file === file)?.inputs ?? []);

const priorityMarkup = readFileSync(
  new URL('../../widgets/priority-alert/markup.html', import.meta.url),
  'utf8',
);

// Chromium only: it counts the loader's downloads through Chromium's own request events; each island's behaviour runs in every engine in its own suite.
describeBrowser('the loader in Chromium', () => {
  const suite = useBrowserSuite();

  it('on a page with no island downloads the loader and nothing else', async () => {
    const opened = await suite.open('/about/');
    // The loader has scanned the page once its global is set; any chunk it wanted is requested by then.
    await opened.page.waitForFunction(() => window.donationWidgets !== undefined);
    await afterEarlierRequests(opened);
    expect(scripts(opened)).toEqual(['donation-widgets.js']);
    // The build, not only the release: the package version and a hash of every script built.
    expect(version).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{8}$/);
    expect(await opened.page.evaluate(() => window.donationWidgets?.version)).toBe(version);
    expect(opened.pageErrors).toEqual([]);
  });

  it('on a page with one behaviour island downloads the behaviour islands and nothing of the search', async () => {
    const opened = await suite.open('/islands/priority-alert/');
    // Mounted means its chunk and every chunk that one imports have arrived.
    const trigger = opened.page.locator('[data-island="priority-alert"] [aria-expanded]').first();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await afterEarlierRequests(opened);
    const inputs = inputsOf(opened);
    const chunk = chunkOf('widgets/priority-alert/index.ts');
    const withImports = files.find((f) => f.file === chunk)?.imports.map((name) => `chunks/${name}`) ?? [];
    expect([...scripts(opened)].sort()).toEqual(['donation-widgets.js', chunk, ...withImports].sort());
    expect(inputs.some((i) => i.startsWith('widgets/donors-search/'))).toBe(false);
    expect(inputs.some((i) => i.includes('node_modules/react'))).toBe(false);
    expect(inputs.some((i) => i.includes('@wordpress/api-fetch'))).toBe(false);
  });

  it('mounts an island inserted after the loader has scanned the page, and disposes it when it is removed', async () => {
    const opened = await suite.open('/about/');
    const { page } = opened;
    // Its first scan is over once the global is set: from then on only the MutationObserver can mount.
    await page.waitForFunction(() => window.donationWidgets !== undefined);
    await pasteMarkup(page, [priorityMarkup], { id: 'late' });
    const trigger = page.locator('#late [aria-expanded]').first();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    expect(scripts(opened)).toContain(chunkOf('widgets/priority-alert/index.ts'));

    // Removing the host disposes the island, which gives the trigger its own attributes back.
    await page.evaluate(() => {
      const late = document.getElementById('late') as HTMLElement;
      late.remove();
      Object.assign(window, { __late: late });
    });
    const detachedState = () =>
      page.evaluate(() =>
        (window as { __late?: HTMLElement }).__late
          ?.querySelector('[data-priority-open]')
          ?.getAttribute('aria-expanded'),
      );
    await expect.poll(detachedState).toBeNull();

    // Put back, it is mounted afresh and works.
    await page.evaluate(() =>
      document.querySelector('main')?.append((window as { __late?: HTMLElement }).__late as Node),
    );
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await trigger.click();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
  });

  it('never mounts twice when the loader runs again from a second script tag', async () => {
    const { page } = await suite.open('/islands/priority-alert/', {
      // Counts every listener any script adds from here on: a second mount would add its own.
      before: async (_, page) => {
        await page.addInitScript(() => {
          const counts = { listeners: 0 };
          Object.assign(window, { __counts: counts });
          const add = EventTarget.prototype.addEventListener;
          EventTarget.prototype.addEventListener = function (
            this: EventTarget,
            ...args: Parameters<typeof add>
          ) {
            // Playwright's own helpers listen on window; islands listen on nodes.
            if (this instanceof Node) counts.listeners += 1;
            return add.apply(this, args);
          };
        });
      },
    });
    const trigger = page.locator('[data-island="priority-alert"] [aria-expanded]').first();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    const listeners = () =>
      page.evaluate(() => (window as { __counts?: { listeners: number } }).__counts?.listeners);
    const before = await listeners();
    // Resolves on the tag's load event, which a module script fires once it has run.
    await page.addScriptTag({ url: '/dist/donation-widgets.js?second-tag', type: 'module' });
    // A second mount would wait for the same chunk's import and mount in its `then`. An import of that
    // chunk started after the second loader ran settles after the loader's, so once it has, the mount
    // would have added its listeners (the next evaluate is a later task, after every microtask).
    const chunk = `/dist/${chunkOf('widgets/priority-alert/index.ts')}`;
    // A string, so that Vite leaves this `import()` alone: it runs in the page.
    await page.evaluate(`import(${JSON.stringify(chunk)}).then(() => true)`);
    expect(
      await page.evaluate(
        () => performance.getEntriesByName(`${location.origin}/dist/donation-widgets.js?second-tag`).length,
      ),
    ).toBe(1);
    expect(await listeners()).toBe(before);
    await trigger.click();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
  });

  /** Collects the island of every `donation-widgets:error` event from the start of the page. */
  const recordIslandErrors = (page: import('playwright-core').Page) =>
    page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __islandErrors: seen });
      document.addEventListener('donation-widgets:error', (e) => seen.push((e as CustomEvent).detail.island));
    });
  const islandErrorsOf = (page: import('playwright-core').Page) =>
    page.evaluate(() => (window as { __islandErrors?: string[] }).__islandErrors);

  it('an island that throws while mounting reports one error, and the islands beside it keep working', async () => {
    const opened = await suite.open('/', {
      before: async (_, page) => {
        await recordIslandErrors(page);
      },
    });
    const { page } = opened;
    // A pasted alert without its note: that mount throws, in the same chunk as the islands beside it.
    await pasteMarkup(page, [
      priorityMarkup.replace(/<div class="priority-note"[\s\S]*<\/div>\s*<\/div>/, '</div>'),
    ]);
    await expect.poll(() => islandErrorsOf(page)).toEqual(['priority-alert']);
    expect(opened.consoleErrors.filter((m) => m.startsWith('[donation-widgets] priority-alert:'))).toEqual([
      expect.stringContaining('.priority-note is missing inside [data-island="priority-alert"]'),
    ]);

    // The page's own alert and the screening form, mounted from the same chunk, still work.
    const ownTrigger = page.locator('#show-priority').first();
    await ownTrigger.click();
    await expect.poll(() => ownTrigger.getAttribute('aria-expanded')).toBe('true');
    const section = page.locator('#additional-details');
    await page.locator('form[name="screening-questions"] input[type="radio"][value="Yes" i]').first().check();
    await expect.poll(() => section.isVisible()).toBe(true);
    expect(opened.pageErrors).toEqual([]);
  });

  it('a chunk that cannot be downloaded, twice, reports one error per island in it, and the search keeps working', async () => {
    const behaviour = chunkOf('widgets/priority-alert/index.ts');
    const opened = await suite.open('/', {
      before: async (context, page) => {
        // Its one retry asks at another address (`?retry`): that one fails too.
        await context.route(`**/dist/${behaviour}*`, (route) => route.fulfill({ status: 404, body: '' }));
        await recordIslandErrors(page);
      },
    });
    const { page } = opened;
    // The home page has a priority alert, lazy backgrounds and the screening form in that chunk (the
    // submit lock, for its forms, has a chunk of its own and works): each host reports the failed
    // download once, when its retry (at the host's next intersection with the
    // viewport) has failed too. The visitor scrolls through the page, each host in view for a frame of
    // its own, and again until every host has reported: a host scrolled past before its first download
    // had failed asks for its retry the next time it is seen, as on a real page.
    const scrollThroughHosts = () =>
      page.evaluate(async () => {
        const hosts = document.querySelectorAll(
          '[data-lazy-background], [data-island="priority-alert"], form[name="screening-questions"]',
        );
        for (const host of hosts) {
          host.scrollIntoView();
          await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
        }
        return hosts.length;
      });
    const hosts = await scrollThroughHosts();
    await expect
      .poll(
        async () => {
          await scrollThroughHosts();
          return (await islandErrorsOf(page))?.length;
        },
        { timeout: 15_000 },
      )
      .toBe(hosts);
    expect(new Set(await islandErrorsOf(page))).toEqual(
      new Set(['lazy-background', 'priority-alert', 'screening-questions']),
    );

    await page.fill('#zipcode', '10001');
    await page.click('#donors-in-your-area button[type=submit]');
    await page.locator('.alert-donors:not([hidden])').waitFor();
    expect(opened.pageErrors).toEqual([]);
  });
});
