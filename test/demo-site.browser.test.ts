/**
 * The demo reads as a real site, on a phone (390 × 844) and a desktop (1280): no page of it scrolls
 * sideways, shows an empty box or a raw value (a field's code name, an amount as "200.0 USD",
 * `undefined`), and its header stays compact, with menus a visitor opens by tap or keyboard.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { demoPages } from '../bench/lib/demo-pages.mjs';
import { DEFAULT_CONVERSIONS } from '../widgets/conversion-tracker/analytics-defaults.ts';
import { describeBrowser, useBrowserSuite } from './browser.ts';
import { viewportOf } from './looks.ts';

const PHONE = viewportOf(390);
const DESKTOP = viewportOf(1280);

/** What a visitor should never read: a program's value where words belong. */
const RAW_VALUES = [
  /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/,
  /\b\d+\.\d [A-Z]{3}\b/,
  /\bundefined\b/,
  /\bnull\b/,
  /\bNaN\b/,
  /\[object Object\]/,
];

/**
 * Each raw value in the page's visible text, with the line it is on. Text set as code (a shortcode, a
 * fault switch's name) is meant to be read as written, so it is left out.
 */
const rawValues = async (page: Page) => {
  const text = await page.evaluate(() => {
    const hideCode = document.createElement('style');
    hideCode.textContent = 'code, kbd, samp, pre { display: none !important; }';
    document.head.append(hideCode);
    const visible = document.body.innerText;
    hideCode.remove();
    return visible;
  });
  return text
    .split('\n')
    .filter((line) => RAW_VALUES.some((pattern) => pattern.test(line)))
    .map((line) => line.trim());
};

/** What a visitor sees without any text in it. */
const SHOWS_ITSELF = 'img, svg, canvas, iframe, video, input, select, textarea, button';

/**
 * Each visible box of at least 100 × 100 px that holds nothing a visitor can see: no text, no image,
 * no control, no background image.
 */
const emptyBoxes = (page: Page) =>
  page.evaluate(
    (SHOWS_ITSELF) =>
      [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => {
          const { width, height } = element.getBoundingClientRect();
          if (width < 100 || height < 100 || !element.checkVisibility()) return false;
          if (element.matches(`${SHOWS_ITSELF}, col, colgroup`)) return false;
          if (element.innerText.trim() !== '') return false;
          if (element.querySelector(SHOWS_ITSELF)) return false;
          return getComputedStyle(element).backgroundImage === 'none';
        })
        .map((element) => element.outerHTML.slice(0, 80)),
    SHOWS_ITSELF,
  );

// Chromium only: the demo's pages and theme are checked once; each island's own suite runs in all three engines.
describeBrowser('the demo reads as a real site, in Chromium', () => {
  const suite = useBrowserSuite();
  let pages: string[] = [];
  beforeAll(async () => {
    pages = await demoPages(suite.url);
  });

  // Every page of the demo, one after another: longer than one page's test, on a shared machine.
  it.each([PHONE, DESKTOP])(
    'scrolls no page sideways and shows no empty box and no raw value, at $width px',
    async (viewport) => {
      const problems: string[] = [];
      const { page } = await suite.open('/', { viewport });
      for (const path of pages) {
        await page.goto(new URL(path, suite.url).href, { waitUntil: 'load' });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) problems.push(`${path}: ${scrollWidth} px wide`);
        for (const box of await emptyBoxes(page)) problems.push(`${path}: empty box ${box}`);
        for (const line of await rawValues(page)) problems.push(`${path}: raw value in "${line}"`);
      }
      expect(pages.length).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    },
    120_000,
  );

  it.each([PHONE, DESKTOP])(
    'leaves no tall blank space under a section of the home page, at $width px',
    async (viewport) => {
      const { page } = await suite.open('/', { viewport });
      // The gap between each story section's last line and the next section's top.
      const gaps = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main > .story')].map((section) => {
          const last = section.lastElementChild?.getBoundingClientRect().bottom ?? 0;
          return { id: section.id, gap: Math.round(section.getBoundingClientRect().bottom - last) };
        }),
      );
      expect(gaps.length).toBeGreaterThan(2);
      expect(gaps.filter(({ gap }) => gap > 64)).toEqual([]);
    },
  );

  it.each([PHONE, DESKTOP])(
    'shows on the lazy-background page a band far below the fold that loads only once scrolled to, at $width px',
    async (viewport) => {
      const { page, requests } = await suite.open('/islands/lazy-background/', { viewport });
      const far = '[data-lazy-background$="shelves.svg"]';
      const top = await page.locator(far).evaluate((band) => band.getBoundingClientRect().top);
      // Further than the island's 200 px margin below the first screen.
      expect(top).toBeGreaterThan(viewport.height + 200);
      await page.waitForFunction(() => document.querySelector('.lazy-bg-loaded'));
      expect(requests.some((url) => url.endsWith('/shelves.svg'))).toBe(false);
      await page.locator(far).scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (selector) => document.querySelector(selector)?.classList.contains('lazy-bg-loaded'),
        far,
      );
      await expect.poll(() => requests.some((url) => url.endsWith('/shelves.svg'))).toBe(true);
    },
  );

  it.each([PHONE, DESKTOP])(
    'keeps each lazy band’s words clear of its picture, at $width px',
    async (viewport) => {
      const { page } = await suite.open('/islands/lazy-background/', { viewport });
      const placed = await page.evaluate(
        (phone) =>
          [...document.querySelectorAll<HTMLElement>('[data-lazy-background]')].map((band) => {
            const box = band.getBoundingClientRect();
            const words = (band.querySelector('div') ?? band.querySelector('p')) as HTMLElement;
            // On a phone the 1600 × 600 picture stands at the band's full width along its bottom; on a
            // desktop it covers the band, its subject in the lower half.
            const pictureTop = phone ? box.bottom - (box.width * 600) / 1600 : box.top + box.height / 2;
            return {
              band: band.dataset.lazyBackground,
              clear: words.getBoundingClientRect().bottom <= pictureTop + 1,
            };
          }),
        viewport.width < 600,
      );
      expect(placed.length).toBe(4);
      expect(placed.filter(({ clear }) => !clear)).toEqual([]);
    },
  );

  it('explains on the submit-lock page, in words a visitor sees, what to press and what happens', async () => {
    const { page } = await suite.open('/islands/submit-lock/', { viewport: PHONE });
    const intro = page.locator('.island-intro');
    expect(await intro.isVisible()).toBe(true);
    const text = await intro.innerText();
    expect(text).toContain('one moment...');
    expect(text).toContain('Back');
    // Read before the forms it explains.
    const introTop = (await intro.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const formsTop = (await page.locator('.submit-lock-demo').boundingBox())?.y ?? 0;
    expect(introTop).toBeLessThan(formsTop);
  });

  it('shows the thank-you page after a real screening in words, with no field code names', async () => {
    const { page } = await suite.open('/islands/screening-questions/', { viewport: PHONE });
    await page
      .getByRole('group', { name: /outside/ })
      .getByLabel('Yes')
      .check();
    await page.getByLabel('Tell the driver what to expect').fill('Behind the garage');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.waitForURL(/\/thank-you\/$/);
    expect(await rawValues(page)).toEqual([]);
    const received = await page.locator('.received-answers').innerText();
    expect(received.split('\n').filter((line) => line.trim() !== '')).toEqual([
      'What we received',
      'Are any of the items damaged, stained or broken?',
      'No',
      'Do any items need two people to carry them?',
      'No',
      'Will the items be left outside for pick-up?',
      'Yes',
      'Tell the driver what to expect',
      'Behind the garage',
    ]);
  });

  it('writes what each conversion page reports as an amount in the site’s currency', async () => {
    const { page } = await suite.open('/islands/conversion-tracker/', { viewport: PHONE });
    const text = await page.locator('.conversion-tracker-demo').innerText();
    for (const { value, currency } of DEFAULT_CONVERSIONS) {
      const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
      expect(text).toContain(`worth ${amount}.`);
    }
  });

  it('marks the sign-up form’s required fields, the insurance box included, by sight and by name', async () => {
    const { page } = await suite.open('/sign-up/', { viewport: PHONE });
    const insurance = page.getByRole('checkbox', { name: 'I carry commercial insurance (required)' });
    expect(await insurance.evaluate((box: HTMLInputElement) => box.required)).toBe(true);
    for (const name of ['Company or your name (required)', 'Email (required)'])
      expect(
        await page.getByRole('textbox', { name }).evaluate((box: HTMLInputElement) => box.required),
      ).toBe(true);
    expect(await page.locator('form.sign-up').innerText()).toContain(
      'I carry commercial insurance (required)',
    );
  });

  it('keeps the header to one short row on a phone, its menu behind a button a tap opens', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(new URL('/about/', suite.url).href, { waitUntil: 'load' });
    const header = await page.locator('.site-header').boundingBox();
    expect(header?.height).toBeLessThan(PHONE.height / 8);
    const menu = page.getByRole('button', { name: 'Menu' });
    const islandsLink = page.getByRole('link', { name: 'Islands', exact: true });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await islandsLink.isVisible()).toBe(false);
    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await islandsLink.waitFor();
    const islands = page.getByRole('button', { name: 'Islands pages' });
    await islands.tap();
    expect(await islands.getAttribute('aria-expanded')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/about/');
    await page.getByRole('link', { name: 'Lazy backgrounds', exact: true }).tap();
    await page.waitForURL(/\/islands\/lazy-background\/$/);
    await context.close();
  });

  it('opens a sub-menu from the keyboard on a desktop, and Escape closes it with focus back on its button', async () => {
    const { page } = await suite.open('/about/', { viewport: DESKTOP });
    const islands = page.getByRole('button', { name: 'Islands pages' });
    await islands.focus();
    await page.keyboard.press('Enter');
    expect(await islands.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Donors in your area');
    await page.keyboard.press('Escape');
    expect(await islands.getAttribute('aria-expanded')).toBe('false');
    expect(await islands.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByRole('link', { name: 'Donors in your area', exact: true }).isVisible()).toBe(
      false,
    );
    // The parent's own link still leads to its page.
    await page.getByRole('link', { name: 'Islands', exact: true }).click();
    await page.waitForURL(/\/islands\/$/);
  });
});
