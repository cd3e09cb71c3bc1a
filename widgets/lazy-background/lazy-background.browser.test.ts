import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, type OpenPage, useBrowserSuite } from '../../test/browser.ts';

// Evaluated through the DevTools protocol, which the page's CSP does not govern.
const axe = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const axeViolations = (page: Page): Promise<string[]> =>
  page.evaluate(`${axe};axe.run({runOnly:['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']})
    .then((r) => r.violations.map((v) => v.id + ' ' + v.nodes.map((n) => n.target).join()))`);

const VIEWPORT = { width: 1000, height: 400 };
const MARGIN = 200;
// What Elementor's inline lazy-load script declares (abridged); a top-level const, as Elementor prints it.
const ELEMENTOR_SCRIPT = 'const lazyloadRunObserver = () => {};';

describeBrowser('lazy-background in Chromium', () => {
  const suite = useBrowserSuite();

  async function openBands(script?: string) {
    const opened = await suite.open('/islands/lazy-background/', {
      viewport: VIEWPORT,
      before: async (_, page) => {
        if (script === undefined) return;
        // A classic script of the page: its top-level const is a global binding, as Elementor's is.
        await page.route('**/elementor-lazyload.js', (route) =>
          route.fulfill({ contentType: 'text/javascript', body: script }),
        );
        await page.route('**/islands/lazy-background/', async (route) => {
          const response = await route.fetch();
          const html = await response.text();
          const body = html.replace('<head>', '<head><script src="/elementor-lazyload.js"></script>');
          await route.fulfill({ response, body });
        });
      },
    });
    const { page } = opened;
    await page.waitForFunction(() => document.querySelector('.lazy-bg-loaded'));
    await page.waitForLoadState('networkidle');
    const requested = (name: string) =>
      opened.requests.some((url) => url.endsWith(`/images/backgrounds/${name}`));
    const topOf = (selector: string) =>
      page.evaluate(
        (s) => (document.querySelector(s) as HTMLElement).getBoundingClientRect().top + scrollY,
        selector,
      );
    return { ...opened, requested, topOf };
  }

  /** Scrolls so that the element's top is `gap` px below the viewport's bottom, and lets IO report. */
  async function scrollToGap({ page }: OpenPage, top: number, gap: number) {
    await page.evaluate((y) => window.scrollTo(0, y), top - VIEWPORT.height - gap);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.waitForTimeout(150);
  }

  it('requests a background far below the fold only once it is within 200px of the viewport', async () => {
    const opened = await openBands();
    const { page, requested, topOf, pageErrors, consoleErrors } = opened;
    // The class lands before Chromium requests the image, at its next style recalculation.
    await expect.poll(() => requested('truck.svg')).toBe(true);
    expect(requested('volunteers.svg')).toBe(false);
    const top = await topOf('.lazy-band-volunteers');
    expect(top).toBeGreaterThan(VIEWPORT.height + MARGIN);

    await scrollToGap(opened, top, MARGIN + 60);
    expect(requested('volunteers.svg')).toBe(false);
    await scrollToGap(opened, top, MARGIN - 60);
    await expect.poll(() => requested('volunteers.svg')).toBe(true);
    const background = await page.evaluate(
      () => getComputedStyle(document.querySelector('.lazy-band-volunteers') as Element).backgroundImage,
    );
    expect(background).toContain('volunteers.svg');
    expect([...pageErrors, ...consoleErrors]).toEqual([]);
  });

  it('loads a section above the viewport when it comes within 200px from above', async () => {
    const { page, requested } = await openBands();
    await page.evaluate(() => {
      const band = document.querySelector('.lazy-band-volunteers') as HTMLElement;
      const above = band.cloneNode(true) as HTMLElement;
      above.classList.remove('lazy-bg-loaded');
      above.dataset.lazyBackground = '/images/backgrounds/sofa.svg';
      document.querySelector('main')?.prepend(above);
      document.body.style.paddingBottom = '3000px';
      window.scrollTo(0, 2000);
    });
    /** Scrolls so that the viewport's top is `gap` px below the section's bottom. */
    const scrollBelow = async (gap: number) => {
      await page.evaluate((g) => {
        const above = document.querySelector('[data-lazy-background$="sofa.svg"]') as HTMLElement;
        window.scrollTo(0, above.getBoundingClientRect().bottom + scrollY + g);
      }, gap);
      await page.waitForTimeout(300);
    };
    expect(requested('sofa.svg')).toBe(false);
    await scrollBelow(MARGIN + 60);
    expect(requested('sofa.svg')).toBe(false);
    await scrollBelow(MARGIN - 60);
    await expect.poll(() => requested('sofa.svg')).toBe(true);
  });

  it('observes a section added to the page later', async () => {
    const { page, requested } = await openBands();
    await page.evaluate(() => {
      const late = document.createElement('div');
      late.className = 'lazy-band';
      late.dataset.lazyBackground = '/images/backgrounds/boxes.svg';
      document.body.style.paddingBottom = '3000px';
      document.querySelector('main')?.append(document.createElement('hr'), late);
    });
    await page.waitForTimeout(300);
    expect(requested('boxes.svg')).toBe(false);
    await page.evaluate(() =>
      document.querySelector('[data-lazy-background$="boxes.svg"]')?.scrollIntoView(),
    );
    await expect.poll(() => requested('boxes.svg')).toBe(true);
  });

  it('loads every background before printing', async () => {
    const { page, requested } = await openBands();
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect.poll(() => requested('volunteers.svg')).toBe(true);
  });

  it.each([
    ['leaves an Elementor container to Elementor when its lazy-load script ran', ELEMENTOR_SCRIPT, ''],
    [
      'loads an Elementor container itself when that script could not run',
      undefined,
      'e-lazyloaded lazy-bg-loaded',
    ],
  ])('%s', async (_, script, classes) => {
    const { page } = await openBands(script);
    await page.evaluate(() => {
      const container = document.createElement('div');
      container.className = 'e-con e-parent';
      container.dataset.lazyBackground = '';
      document.querySelector('main')?.prepend(container);
    });
    const added = () =>
      page.evaluate(() => {
        const container = document.querySelector('.e-con') as HTMLElement;
        return [...container.classList]
          .filter((name) => !['e-con', 'e-parent'].includes(name))
          .sort()
          .join(' ');
      });
    // Loading waits for the mutation observer and then the intersection observer's first frame; leaving
    // it alone can only be shown by waiting long enough for that to have happened.
    if (classes) await expect.poll(added).toBe(classes);
    else {
      await page.waitForTimeout(300);
      expect(await added()).toBe(classes);
    }
  });

  it('has no WCAG A/AA violations before and after the backgrounds load', async () => {
    const { page } = await openBands();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('.lazy-bg-loaded').length === 2);
    expect(await axeViolations(page)).toEqual([]);
  });
});
