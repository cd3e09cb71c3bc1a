/**
 * Hostile data (docs/how-it-works.md#accessibility-and-hostile-input): every title, number, zip code, date,
 * zip key and error message the search shows is an HTML/JS payload. The pages are served without their CSP,
 * so a payload that reached the DOM as markup would really run; nothing may.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../mock-server/faults/xss-payloads.js';
import { describeBrowser, useBrowserSuite } from '../browser.ts';
import {
  donationMarkers,
  donationsOnMap,
  EMPTY_ZIP,
  installTraps,
  readTraps,
  SEARCH_ZIP,
  search,
  searchEnded,
  statusLines,
  tableRows,
  withoutCsp,
} from './helpers.ts';
import { afterLateHandlers } from './late-handlers.ts';

const payload = (i: number) => XSS_PAYLOADS[i % XSS_PAYLOADS.length] as string;
const formatError = (message: string) => `ERROR: ${message} Please try another search.`;

/** Elements the page prints for the island (its form, its note for browsers without JavaScript) and the island renders itself, outside the map (which Leaflet draws). */
const ISLAND_TAGS = new Set(
  'noscript form div label input select option button p span section table caption thead tbody tr th td'.split(
    ' ',
  ),
);

/** What a payload could have left in the page, each as a short description. */
const injected = (page: Page) =>
  page.evaluate(
    (ownTags) => {
      const host = document.querySelector('[data-island="donors-search"]');
      const found: string[] = [];
      for (const element of host?.querySelectorAll('*') ?? []) {
        // The map is Leaflet's to draw; the "use my location" button's icon is the island's own drawing.
        if (!element.closest('#map, .donors-search-locate svg') && !ownTags.includes(element.localName))
          found.push(`<${element.localName}>`);
      }
      for (const element of document.querySelectorAll('*')) {
        for (const { name, value } of element.attributes) {
          const url = /^(href|src|srcdoc|action|formaction|data|xlink:href|poster|background)$/.test(name);
          if (name.startsWith('on') || (url && /^\s*(javascript|data):/i.test(value)))
            found.push(`<${element.localName} ${name}>`);
        }
      }
      const risky = 'iframe, object, embed, frame, base, meta[http-equiv], math, template, details, marquee';
      for (const element of document.querySelectorAll(risky)) found.push(`<${element.localName}> anywhere`);
      for (const element of document.querySelectorAll('#map svg')) {
        // Leaflet's own: the boundary outlines and the flag in its attribution.
        if (!element.closest('.leaflet-overlay-pane, .leaflet-control-attribution'))
          found.push('<svg> outside Leaflet’s panes');
      }
      return found;
    },
    [...ISLAND_TAGS],
  );

const scriptCount = (page: Page) => page.evaluate(() => document.scripts.length);

// Chromium only: it removes the CSP with Playwright's request interception and traps payloads with an init script, which WebKit's WebDriver lacks; the donors search suite checks hostile text in all three.
describeBrowser('hostile search data in Chromium (no CSP to save the day)', () => {
  const suite = useBrowserSuite();

  async function openHostile(fault: string) {
    const dialogs: string[] = [];
    const opened = await suite.open('/', {
      fault,
      before: async (context, page) => {
        await withoutCsp(context);
        await installTraps(context);
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
      },
    });
    await opened.page.locator('#zipcode').waitFor();
    return { ...opened, dialogs, scripts: await scriptCount(opened.page) };
  }

  it('catches a payload that does reach the DOM (the trap itself works)', async () => {
    const { page, dialogs } = await openHostile('');
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__pwned=1;alert(2)">');
    });
    await expect.poll(async () => (await readTraps(page)).pwned).toEqual(['1']);
    expect((await readTraps(page)).dialogs).toEqual(['alert(2)']);
    expect(dialogs).toEqual([]);
  });

  it('shows every payload as text in every cell and marker, runs none, injects nothing, keeps the layout', async () => {
    const { page, context, dialogs, scripts, pageErrors } = await openHostile('xss');
    await search(page, EMPTY_ZIP, '15', '90');
    await searchEnded(page);
    await expect.poll(() => donationsOnMap(page)).toBe(XSS_PAYLOADS.length);
    await afterLateHandlers(page);

    const rows = XSS_PAYLOADS.map((_, i) => [payload(i + 3), payload(i), payload(i + 1), payload(i + 2)]);
    expect(await tableRows(page)).toEqual(rows);
    expect(await page.locator('.alert-donors').textContent()).toBe(
      `Found ${XSS_PAYLOADS.length} donations within 15 miles of ${EMPTY_ZIP} in the last 90 days.`,
    );
    // Single donations carry their zip (a payload) as title; clusters name their count.
    const markers = await donationMarkers(page).evaluateAll((elements) =>
      elements.map((element) => [element.getAttribute('title'), element.textContent]),
    );
    const titles = XSS_PAYLOADS.map((_, i) => payload(i + 1));
    for (const [title, label] of markers) {
      if (title?.startsWith('Cluster of ')) expect(title).toBe(`Cluster of ${label} donations`);
      else expect([titles.includes(title ?? ''), label]).toEqual([true, '1']);
    }

    expect(await readTraps(page)).toEqual({ pwned: [], dialogs: [], cspViolations: [] });
    expect(dialogs).toEqual([]);
    expect(await injected(page)).toEqual([]);
    expect(await scriptCount(page)).toBe(scripts);
    expect(pageErrors).toEqual([]);

    // The layout survives: still a four-column table, nothing wider than the page.
    expect(await page.locator('#donors-in-your-area-table thead th').allTextContents()).toEqual([
      'Number',
      'Title',
      'Zip code',
      'Date',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

    // And Search still works once the server behaves.
    await context.clearCookies();
    await search(page, SEARCH_ZIP);
    await searchEnded(page);
    expect(await page.locator('#display_zipcode').textContent()).toBe(SEARCH_ZIP);
    expect((await tableRows(page))[0]?.[2]).toMatch(/^\d{5}$/);
  });

  it.each([
    ['an unknown zip’s error (xss)', 'xss', XSS_PAYLOADS.map(formatError)],
    ['two error keys (xss,multierrors)', 'xss,multierrors', [...XSS_PAYLOADS, payload(1)].map(formatError)],
    ['string messages (xss,stringerrors)', 'xss,stringerrors', [formatError(XSS_PAYLOADS.join(' '))]],
  ])('shows hostile error messages as text: %s', async (_name, fault, expected) => {
    const { page, dialogs, scripts, pageErrors } = await openHostile(fault);
    await search(page, fault === 'xss' ? '00000' : SEARCH_ZIP);
    await searchEnded(page);
    await afterLateHandlers(page);
    expect(await statusLines(page)).toEqual(expected);
    expect(await readTraps(page)).toEqual({ pwned: [], dialogs: [], cspViolations: [] });
    expect(dialogs).toEqual([]);
    expect(await injected(page)).toEqual([]);
    expect(await scriptCount(page)).toBe(scripts);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('keeps typed input from the route: a zip that cannot be one is answered in the page, never sent', async () => {
    const { page, requests, pageErrors } = await openHostile('');
    const typed = [
      '../../../wp-admin/',
      '10001/15/30?x=',
      '..',
      '%2e%2e',
      '<img src=x onerror=window.__pwned=true>',
    ];
    for (const zip of typed) {
      await search(page, zip);
      await searchEnded(page);
      expect(await statusLines(page)).toEqual([formatError('The zip code must have 5 digits.')]);
    }
    // A five-digit zip is all the route is ever sent from the field (each value one encoded path segment).
    expect(requests.filter((url) => new URL(url).pathname.startsWith('/wp-json/'))).toEqual([]);
    expect(await readTraps(page)).toEqual({ pwned: [], dialogs: [], cspViolations: [] });
    expect(pageErrors).toEqual([]);
  });
});
