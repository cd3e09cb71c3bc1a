import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenPage, useBrowserSuite } from '../../../test/browser.ts';
import { pasteMarkup } from '../../../test/paste-markup.mjs';

interface BuiltFile {
  file: string;
  inputs: string[];
}

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const { files } = JSON.parse(read('../../../dist/sizes.json')) as { files: BuiltFile[] };
const priorityMarkup = read('../../../widgets/priority-alert/markup.html');

/** The sources of every built script the page has requested so far. */
const inputsOf = ({ requests }: OpenPage) =>
  requests
    .map((url) => new URL(url).pathname)
    .filter((path) => path.startsWith('/dist/'))
    .flatMap((path) => files.find((f) => f.file === path.slice('/dist/'.length))?.inputs ?? []);
const hasSearch = (inputs: string[]) => inputs.some((input) => input.startsWith('widgets/donors-search/'));
const hasReact = (inputs: string[]) => inputs.some((input) => input.includes('node_modules/react'));

// Chromium only: it proves what is not downloaded until a scroll through Chromium's own request events.
describeBrowser('an island that loads when visible, in Chromium', () => {
  const suite = useBrowserSuite();

  it('downloads nothing of the donors search or React until the visitor scrolls near it, then mounts and searches', async () => {
    const opened = await suite.open('/islands/donors-search/below-the-fold/');
    const { page } = opened;
    const host = page.locator('[data-island="donors-search"]');
    const viewport = page.viewportSize();
    expect((await host.boundingBox())?.y).toBeGreaterThan((viewport?.height ?? 0) + 200);

    // An island pasted now loads at once: its chunk is requested after anything the loader asked for
    // when the page loaded, so once it has arrived a request for the search would have been seen.
    await pasteMarkup(page, [priorityMarkup]);
    await expect.poll(() => inputsOf(opened)).toContain('widgets/priority-alert/index.ts');
    expect(hasSearch(inputsOf(opened))).toBe(false);
    expect(hasReact(inputsOf(opened))).toBe(false);
    expect(await page.locator('#zipcode').count()).toBe(0);

    await host.scrollIntoViewIfNeeded();
    await page.locator('#zipcode').waitFor();
    expect(hasSearch(inputsOf(opened))).toBe(true);
    expect(hasReact(inputsOf(opened))).toBe(true);

    await page.fill('#zipcode', '10001');
    await page.click('#donors-in-your-area button[type=submit]');
    await page.locator('.alert-donors:not([hidden])').waitFor();
    expect(await page.locator('#display_zipcode').textContent()).toBe('10001');
    expect(opened.pageErrors).toEqual([]);
  });
});
