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
// React is a file of its own, which the search's chunk imports and the loader asks for beside it.
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
    expect(REACT_FILES).toHaveLength(1);
    const page = await suite.open(SEARCH_PAGE);
    // The loader has run and found every host: the submit lock's chunk, asked for in the same scan as
    // anything that loads on sight, has been requested; the search's host is in view for two frames.
    await page.waitFor(() => (window as { donationWidgets?: unknown }).donationWidgets !== undefined);
    await expect.poll(() => requested(BEHAVIOUR_CHUNK)).toBe(true);
    await twoFrames(page);
    await page.evaluate(() => window.scrollBy(0, 200));
    await twoFrames(page);
    expect([SEARCH_CHUNK, ...REACT_FILES].filter(requested)).toEqual([]);
    expect(await mounted(page)).toBe(false);
    // The form is there all the same, ready to type into.
    expect(
      await page.evaluate(() => document.querySelectorAll('#zipcode, #radius option, #days option').length),
    ).toBe(9);

    await page.focus('#zipcode');
    await page.waitFor((host) => document.querySelector(host)?.hasAttribute('data-mounted'), HOST);
    expect([SEARCH_CHUNK, ...REACT_FILES].filter(requested)).toEqual([SEARCH_CHUNK, ...REACT_FILES]);
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

  it('two copies pasted by hand have ids, labels and field names of their own before anyone touches them', async () => {
    const snippet = readFileSync(new URL('./markup.html', import.meta.url), 'utf8');
    const demo = await (await fetch(`${suite.door.url}${SEARCH_PAGE}`)).text();
    const config = /<script type="application\/json" id="donation-widgets-config">.*?<\/script>/s.exec(
      demo,
    )?.[0];
    const pasted = '/two-pasted-searches/';
    suite.door.serve(
      pasted,
      'text/html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two pasted searches</title>${config}
      <script type="module" src="/dist/donation-widgets.js"></script></head>
      <body><main>${snippet}<p>Another area:</p>${snippet}</main></body></html>`,
    );
    const before = suite.door.requests.length;
    const page = await suite.open(pasted);
    // Numbered at load, while the search's code waits for the visitor.
    await page.waitFor(() => document.querySelector('#zipcode-2') !== null);
    await twoFrames(page);
    const copies = await page.evaluate((hosts) => {
      const all = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
      return {
        duplicates: all.filter((id, index) => all.indexOf(id) !== index),
        labelsOutside: Array.from(document.querySelectorAll(hosts), (host) =>
          Array.from(host.querySelectorAll('label'), (label) => host.contains(label.control)).filter(
            (own) => !own,
          ),
        ).flat().length,
        names: Array.from(document.querySelectorAll(`${hosts} select, ${hosts} input`), (field) =>
          field.getAttribute('name'),
        ),
        mounted: Array.from(document.querySelectorAll(hosts), (host) => host.hasAttribute('data-mounted')),
      };
    }, HOST);
    expect(copies).toEqual({
      duplicates: [],
      labelsOutside: 0,
      names: ['zipcode', 'radius', 'days', 'zipcode-2', 'radius-2', 'days-2'],
      mounted: [false, false],
    });
    const paths = suite.door.requests
      .slice(before)
      .map((request) => new URL(request.url, suite.door.url).pathname);
    expect(paths).not.toContain(SEARCH_CHUNK);
  });
});
