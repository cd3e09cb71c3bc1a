import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines, type EngineSuite } from '../../test/engines/suite.ts';
import { axeViolations } from '../../test/page-helpers.ts';

const VIEWPORT = { width: 1000, height: 400 };
const MARGIN = 200;
const DEMO = '/islands/lazy-background/';
// What Elementor's inline lazy-load script declares (abridged); a top-level const, as Elementor prints it.
const ELEMENTOR_SCRIPT = 'const lazyloadRunObserver = () => {};';

/**
 * Resolves once an IntersectionObserver of the test's own, with a margin of `margin` px, has reported on
 * the element matching `selector`, and the page has drawn twice since. Every observer of the page is
 * updated in the same rendering step, the island's first: by then the island has had its chance to load
 * the background, so a background still not loaded is one the island left alone.
 */
const observedSince = (page: EnginePage, selector: string, margin: number) =>
  page.evaluate(
    ({ target, rootMargin }) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          () => {
            observer.disconnect();
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          },
          { rootMargin: `${rootMargin}px 0px` },
        );
        observer.observe(document.querySelector(target) as Element);
      }),
    { target: selector, rootMargin: margin },
  );

const isLoaded = (page: EnginePage, selector: string) =>
  page.evaluate((target) => !!document.querySelector(target)?.classList.contains('lazy-bg-loaded'), selector);

/** The demo page with Elementor's lazy-load script first in <head>, its CSP as the demo's. */
async function serveWithElementorScript(suite: EngineSuite, path: string, script: string) {
  const demo = await fetch(`${suite.server.url}${DEMO}`);
  const html = (await demo.text()).replace('<head>', '<head><script src="/elementor-lazyload.js"></script>');
  suite.door.serve('/elementor-lazyload.js', 'text/javascript', script);
  suite.door.serve(path, 'text/html', html, {
    'content-security-policy': demo.headers.get('content-security-policy') ?? '',
  });
}

describeEngines('lazy-background', (suite) => {
  async function openBands(path = DEMO) {
    const requestsBefore = suite.door.requests.length;
    const page = await suite.open(path, { viewport: VIEWPORT });
    await page.waitFor(() => document.querySelector('.lazy-bg-loaded'));
    const requested = (name: string) =>
      suite.door.requests
        .slice(requestsBefore)
        .some(({ url }) => url.endsWith(`/images/backgrounds/${name}`));
    const topOf = (selector: string) =>
      page.evaluate(
        (s) => (document.querySelector(s) as HTMLElement).getBoundingClientRect().top + scrollY,
        selector,
      );
    return { page, requested, topOf };
  }

  it('requests a background far below the fold only once it is within 200px of the viewport', async () => {
    const { page, requested, topOf } = await openBands();
    // The class lands before the engine requests the image, at its next style recalculation.
    await expect.poll(() => requested('truck.svg')).toBe(true);
    expect(requested('volunteers.svg')).toBe(false);
    const band = '.lazy-band-volunteers';
    const top = await topOf(band);
    // The engine's own viewport: a WebKit window's toolbar takes part of the height asked for.
    const height = await page.evaluate(() => innerHeight);
    expect(top).toBeGreaterThan(height + MARGIN);

    const scrollToGap = (gap: number) => page.evaluate((y) => window.scrollTo(0, y), top - height - gap);
    await scrollToGap(MARGIN + 60);
    // Seen by an observer with a wider margin, so the island's own observer was updated too.
    await observedSince(page, band, MARGIN + 120);
    expect(await isLoaded(page, band)).toBe(false);
    expect(requested('volunteers.svg')).toBe(false);
    await scrollToGap(MARGIN - 60);
    await expect.poll(() => requested('volunteers.svg')).toBe(true);
    const background = await page.evaluate(
      () => getComputedStyle(document.querySelector('.lazy-band-volunteers') as Element).backgroundImage,
    );
    expect(background).toContain('volunteers.svg');
    expect(await page.problems()).toEqual([]);
  });

  it('loads a section above the viewport when it comes within 200px from above', async () => {
    const { page, requested } = await openBands();
    const above = '[data-lazy-background$="sofa.svg"]';
    await page.evaluate(() => {
      const band = document.querySelector('.lazy-band-volunteers') as HTMLElement;
      const copy = band.cloneNode(true) as HTMLElement;
      copy.classList.remove('lazy-bg-loaded');
      copy.dataset.lazyBackground = '/images/backgrounds/sofa.svg';
      document.querySelector('main')?.prepend(copy);
      document.body.style.paddingBottom = '3000px';
      window.scrollTo(0, 2000);
    });
    /** Scrolls so that the viewport's top is `gap` px below the section's bottom. */
    const scrollBelow = (gap: number) =>
      page.evaluate(
        ({ selector, g }) => {
          const section = document.querySelector(selector) as HTMLElement;
          window.scrollTo(0, section.getBoundingClientRect().bottom + scrollY + g);
        },
        { selector: above, g: gap },
      );
    await scrollBelow(MARGIN + 60);
    await observedSince(page, above, MARGIN + 120);
    expect(await isLoaded(page, above)).toBe(false);
    expect(requested('sofa.svg')).toBe(false);
    await scrollBelow(MARGIN - 60);
    await expect.poll(() => requested('sofa.svg')).toBe(true);
  });

  it('observes a section added to the page later', async () => {
    const { page, requested } = await openBands();
    const late = '[data-lazy-background$="boxes.svg"]';
    await page.evaluate(() => {
      const section = document.createElement('div');
      section.className = 'lazy-band';
      section.dataset.lazyBackground = '/images/backgrounds/boxes.svg';
      document.body.style.paddingBottom = '3000px';
      document.querySelector('main')?.append(document.createElement('hr'), section);
    });
    // An observer's first report comes for every target, near or not.
    await observedSince(page, late, MARGIN);
    expect(await isLoaded(page, late)).toBe(false);
    expect(requested('boxes.svg')).toBe(false);
    await page.evaluate((selector) => document.querySelector(selector)?.scrollIntoView(), late);
    await expect.poll(() => requested('boxes.svg')).toBe(true);
  });

  it('loads every background before printing', async () => {
    const { page, requested } = await openBands();
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect.poll(() => requested('volunteers.svg')).toBe(true);
  });

  it.each([
    ['leaves an Elementor container to Elementor when its lazy-load script ran', ELEMENTOR_SCRIPT, ''],
    ['loads an Elementor container itself when that script could not run', '', 'e-lazyloaded lazy-bg-loaded'],
  ])('%s', async (_, script, classes) => {
    // Without the script's global, as when a CSP or an optimiser kept it from running: the demo page.
    if (script) await serveWithElementorScript(suite, '/elementor/', script);
    const { page } = await openBands(script ? '/elementor/' : DEMO);
    await page.evaluate(() => {
      const container = document.createElement('div');
      container.className = 'e-con e-parent';
      container.dataset.lazyBackground = '';
      document.querySelector('main')?.prepend(container);
    });
    // The container is in view: the island has decided by the time an observer reports on it.
    await observedSince(page, '.e-con', MARGIN);
    const added = () =>
      page.evaluate(() =>
        [...(document.querySelector('.e-con') as HTMLElement).classList]
          .filter((name) => !['e-con', 'e-parent'].includes(name))
          .sort()
          .join(' '),
      );
    await expect.poll(added).toBe(classes);
  });

  it('does nothing to an Elementor container as Elementor prints it, which its own lazy-load module handles', async () => {
    const { page } = await openBands();
    await page.evaluate(() => {
      // In view together: a section the island loads, and a container with no attribute of the island's.
      const container = document.createElement('div');
      container.className = 'e-con e-parent';
      const section = document.createElement('section');
      section.className = 'beside-elementor';
      section.dataset.lazyBackground = '/images/backgrounds/truck.svg';
      document.querySelector('main')?.prepend(container, section);
    });
    // The island saw what was added: it has loaded the section beside the container.
    await page.waitFor(() => document.querySelector('.beside-elementor.lazy-bg-loaded'));
    await observedSince(page, '.e-con', MARGIN);
    expect(
      await page.evaluate(() => {
        const container = document.querySelector('.e-con') as HTMLElement;
        return { className: container.className, style: container.getAttribute('style') };
      }),
    ).toEqual({ className: 'e-con e-parent', style: null });
  });

  it('has no WCAG A/AA violations before and after the backgrounds load', async () => {
    const { page } = await openBands();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The page's last band, at its end, is the one a scroll to the bottom brings near.
    await page.waitFor(() =>
      [...document.querySelectorAll('[data-lazy-background]')].at(-1)?.classList.contains('lazy-bg-loaded'),
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
