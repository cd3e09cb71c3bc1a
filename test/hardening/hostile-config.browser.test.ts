/**
 * Hostile page config (docs/how-it-works.md#page-config): a broken, misshapen or malicious
 * `#donation-widgets-config` is reported with one clear console error naming the key, is never executed, and
 * every island still works on its defaults.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../browser.ts';
import {
  installTraps,
  priorityNoteOpens,
  readTraps,
  SEARCH_ZIP,
  search,
  searchEnded,
  statusLines,
  withConfig,
  withoutCsp,
  withRawConfig,
} from './helpers.ts';
import { afterLateHandlers } from './late-handlers.ts';

const RUN = 'window.__pwned=true';

const cases: [name: string, path: string, errors: string[]][] = [
  [
    'broken JSON',
    withRawConfig('/', '{"restRoot": "/wp-json/",'),
    ['#donation-widgets-config is not valid JSON'],
  ],
  [
    'a script that tries to close its element',
    withRawConfig('/', `</script><script>${RUN}</script>`),
    ['#donation-widgets-config is not valid JSON'],
  ],
  [
    'a JSON array',
    withRawConfig('/', '[{"restRoot":"/evil/"}]'),
    ['"#donation-widgets-config" must be a JSON object, got [{"restRoot":"/evil/"}]'],
  ],
  [
    'values of the wrong type',
    withConfig('/', { restRoot: 42, requestTimeoutMs: 'fast', nonce: { a: 1 }, maps: 'google' }),
    [
      '"restRoot" must be a URL, got 42',
      '"requestTimeoutMs" must be a number from 1000 to 300000, got "fast"',
      '"nonce" must be a nonce (letters and digits), or "" for anonymous, got {"a":1}',
      '"maps" must be an object, got "google"',
    ],
  ],
  [
    'javascript: and data: URLs',
    withConfig('/', {
      restRoot: `javascript:${RUN}//`,
      nonceEndpoint: `data:text/html,<script>${RUN}</script>`,
      boundaryBaseUrl: ` JaVaScRiPt:${RUN}//`,
      maps: { tileUrl: `javascript:${RUN}//{z}/{x}/{y}` },
    }),
    [
      '"restRoot" must be a URL',
      '"nonceEndpoint" must be a URL',
      '"boundaryBaseUrl" must be a URL',
      '"maps.tileUrl" must be',
    ],
  ],
  [
    'keys that try to reach the prototype',
    withRawConfig(
      '/',
      `{"__proto__":{"restRoot":"javascript:${RUN}","polluted":1},"constructor":{"prototype":{"polluted":1}}}`,
    ),
    [],
  ],
];

/** Config errors in the console, once every island on the page has read its keys. */
const configErrors = (consoleErrors: string[]) =>
  consoleErrors.filter((message) => message.includes('[donation-widgets] config:'));

const expectNothingRan = async (page: Page) => {
  expect(await readTraps(page)).toEqual({ pwned: [], dialogs: [], cspViolations: [] });
  expect(await page.evaluate(() => 'polluted' in Object.prototype)).toBe(false);
};

// Chromium only: it traps payloads with an init script and removes the CSP with Playwright's request interception, which WebKit's WebDriver lacks.
describeBrowser('hostile page config in Chromium', () => {
  const suite = useBrowserSuite();
  const open = (path: string) => suite.open(path, { before: (context) => installTraps(context) });

  it.each(cases)(
    '%s: one clear error per key, nothing runs, the islands work on defaults',
    async (_name, path, errors) => {
      const { page, requests, consoleErrors, pageErrors } = await open(path);
      await search(page, SEARCH_ZIP);
      await searchEnded(page);
      expect(await statusLines(page)).toEqual([]);
      expect(await page.locator('#display_zipcode').textContent()).toBe(SEARCH_ZIP);
      // The map (which reads boundaryBaseUrl and maps) loads the default boundaries (the bundle holding
      // the searched zip, named after its first three digits or a neighbour's) and tiles.
      await expect.poll(() => requests.some((url) => /\/zipcodes\/zips\d{3}\.json$/.test(url))).toBe(true);
      await expect
        .poll(() => requests.some((url) => url.startsWith('https://tile.openstreetmap.org/')))
        .toBe(true);
      expect(
        requests.filter((url) => !/^(http:\/\/127\.0\.0\.1|https:\/\/tile\.openstreetmap\.org)/.test(url)),
      ).toEqual([]);
      expect(await priorityNoteOpens(page)).toBe(true);

      expect(configErrors(consoleErrors)).toHaveLength(errors.length);
      for (const error of errors) expect(configErrors(consoleErrors).join('\n')).toContain(error);
      await expectNothingRan(page);
      // The page's own: the config, the loader and the demo theme's menu; none the config smuggled in.
      expect(
        await page.evaluate(() =>
          Array.from(document.scripts, (script) => script.getAttribute('src') ?? 'inline'),
        ),
      ).toHaveLength(3);
      expect(pageErrors).toEqual([]);
    },
  );

  it('analytics of the wrong type on /thank-you/: one error, the default conversion is still pushed', async () => {
    const { page, consoleErrors, pageErrors } = await open(withConfig('/thank-you/', { analytics: [] }));
    const events = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).flatMap((e) => e.event ?? []),
      );
    await expect.poll(events).toContain('completed_donation_w__screening_question');
    expect(configErrors(consoleErrors)).toEqual([
      expect.stringContaining('"analytics" must be an object, got []'),
    ]);
    await expectNothingRan(page);
    expect(pageErrors).toEqual([]);
  });

  it('a hostile map attribution is shown as text, even without the CSP', async () => {
    const attribution = `<img src=x onerror="${RUN}"> Tiles <b>bold</b>`;
    const { page, pageErrors } = await suite.open(
      withConfig('/', { maps: { tileAttribution: attribution } }),
      {
        before: async (context) => {
          await installTraps(context);
          await withoutCsp(context);
        },
      },
    );
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    const control = page.locator('#map .leaflet-control-attribution');
    await expect.poll(() => control.textContent()).toContain(attribution);
    expect(await control.locator('img, b').count()).toBe(0);
    await afterLateHandlers(page);
    await expectNothingRan(page);
    expect(pageErrors).toEqual([]);
  });
});
