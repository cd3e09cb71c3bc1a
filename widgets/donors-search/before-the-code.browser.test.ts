import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { SEARCH_PAGE, textOf, waitForResults } from '../../test/support/donors-search/search-page.ts';

const { files } = JSON.parse(readFileSync(new URL('../../dist/sizes.json', import.meta.url), 'utf8')) as {
  files: { file: string; inputs: string[] }[];
};
const fileWith = (input: (path: string) => boolean) =>
  files.filter((f) => f.inputs.some(input)).map((f) => `/dist/${f.file}`);
const SEARCH_CHUNK = `/dist/${files.find((f) => f.inputs.includes('widgets/donors-search/index.tsx'))?.file}`;
const REACT_FILES = fileWith((input) => input.includes('node_modules/react'));
const BEHAVIOUR_CHUNK = fileWith((input) => input === 'widgets/submit-lock/index.ts')[0] as string;

const HOST = '[data-island="donors-search"]';
const STATUS = `${HOST} .alert-before`;
const BUTTON = '#donors-in-your-area button[type="submit"]';

// A page load, a held chunk and a search with its map: past the default on a loaded two-core machine.
const SEARCH_MS = 60_000;

/** Whether a frame has been rendered since now: the page has had its chance to start anything on view. */
const twoFrames = (page: EnginePage) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))),
      ),
  );

describeEngines('the donors search before its code', (suite) => {
  const requested = (path: string) =>
    suite.door.requests.some((request) => new URL(request.url, suite.door.url).pathname === path);
  const mounted = (page: EnginePage) =>
    page.evaluate((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST);

  it('a visitor who only reads the page downloads neither the search nor React; reaching for the form does', {
    timeout: SEARCH_MS,
  }, async () => {
    expect(REACT_FILES).toContain(SEARCH_CHUNK);
    const page = await suite.open(SEARCH_PAGE);
    // The loader has run and found every host: the submit lock's chunk, asked for in the same scan as
    // anything that loads on sight, has been requested; the search's host is in view for two frames.
    await page.waitFor(() => (window as { donationWidgets?: unknown }).donationWidgets !== undefined);
    await expect.poll(() => requested(BEHAVIOUR_CHUNK)).toBe(true);
    await twoFrames(page);
    await page.evaluate(() => window.scrollBy(0, 200));
    await twoFrames(page);
    expect(REACT_FILES.filter(requested)).toEqual([]);
    expect(await mounted(page)).toBe(false);
    // The form is there all the same, ready to type into.
    expect(
      await page.evaluate(() => document.querySelectorAll('#zipcode, #radius option, #days option').length),
    ).toBe(9);

    await page.focus('#zipcode');
    await page.waitFor((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST);
    expect(requested(SEARCH_CHUNK)).toBe(true);
    expect(await page.problems()).toEqual([]);
  });

  it("a search submitted before the code arrives shows 'Working...' at once, stays on the page and gives the typed zip's results", {
    timeout: SEARCH_MS,
  }, async () => {
    const held = suite.door.hold(SEARCH_CHUNK);
    const page = await suite.open(SEARCH_PAGE);
    await page.evaluate(() => {
      (window as { __samePage?: boolean }).__samePage = true;
    });
    await page.fill('#zipcode', '80401');
    await page.select('#radius', '30');
    await held.arrived;
    // Clicked and read in one task: the words are there before the browser could paint a frame.
    const shown = await page.evaluate(
      ({ button, status }) => {
        document.querySelector<HTMLButtonElement>(button)?.click();
        return document.querySelector(status)?.textContent;
      },
      { button: BUTTON, status: STATUS },
    );
    expect(shown).toBe('Working...');
    expect(await mounted(page)).toBe(false);

    held.release();
    await waitForResults(page);
    expect(await textOf(page, '#display_zipcode')).toBe('80401');
    expect(await textOf(page, '#display_radius')).toBe('30');
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    // The same page, with the search in its address as any search has.
    expect(await page.url()).toBe(`${suite.door.url}${SEARCH_PAGE}?zipcode=80401&radius=30&days=30`);
    // The page's submit lock, which disabled Search on the submit, gave it back when the search ended.
    await page.waitFor((button) => {
      const element = document.querySelector<HTMLButtonElement>(button);
      return element && !element.disabled && element.textContent === 'Search';
    }, BUTTON);
    expect(await page.problems()).toEqual([]);
  });

  it('a second submit before the code arrives replaces the first', { timeout: SEARCH_MS }, async () => {
    const before = suite.door.requests.length;
    const held = suite.door.hold(SEARCH_CHUNK);
    const page = await suite.open(SEARCH_PAGE);
    await page.fill('#zipcode', '10001');
    await held.arrived;
    await page.click(BUTTON);
    await page.waitFor((status) => document.querySelector(status)?.textContent === 'Working...', STATUS);
    // The submit lock may have disabled Search: submitted again as Enter or a script would.
    await page.fill('#zipcode', '80401');
    await page.evaluate(() =>
      document.querySelector<HTMLFormElement>('#donors-in-your-area')?.requestSubmit(),
    );
    expect(await page.evaluate((status) => document.querySelectorAll(`${status} p`).length, STATUS)).toBe(1);

    held.release();
    await waitForResults(page);
    expect(await textOf(page, '#display_zipcode')).toBe('80401');
    const searched = suite.door.requests
      .slice(before)
      .map((request) => new URL(request.url, suite.door.url).pathname)
      .filter((path) => path.startsWith('/wp-json/donations/v1/search/'));
    expect(searched).toEqual(['/wp-json/donations/v1/search/80401/15/30']);
    expect(await page.problems()).toEqual([]);
  });
});
