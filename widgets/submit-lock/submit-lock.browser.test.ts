import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';
import { CHROMIUM_ARGS, findChromium } from '../../test/chromium.ts';

// Evaluated through the DevTools protocol, which the page's CSP does not govern.
const axe = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const axeViolations = (page: Page): Promise<string[]> =>
  page.evaluate(`${axe};axe.run({runOnly:['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']})
    .then((r) => r.violations.map((v) => v.id + ' ' + v.nodes.map((n) => n.target).join()))`);

declare global {
  interface Window {
    readButtons?: () => string[];
  }
}

/**
 * Gives the page `readButtons()`: every button and submit input as `label|disabled`, icons left out,
 * and stores that list in sessionStorage as the page leaves, for the next page to show. Reading it at
 * `pagehide` is the only reliable look at a page mid-submit: while Playwright holds a navigation
 * request, evaluation in the page waits for it too.
 */
async function watchButtons(page: Page) {
  await page.evaluate(() => {
    window.readButtons = () =>
      Array.from(
        document.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input[type=submit]'),
      ).map((button) => {
        const copy = button.cloneNode(true) as HTMLElement;
        for (const icon of copy.querySelectorAll('[aria-hidden="true"]')) icon.remove();
        const label =
          button instanceof HTMLInputElement ? button.value || '(default)' : copy.textContent?.trim();
        return `${label}|${button.disabled ? 'disabled' : 'enabled'}`;
      });
    addEventListener('pagehide', () =>
      sessionStorage.setItem('buttons-on-leave', JSON.stringify(window.readButtons?.())),
    );
  });
}
const buttons = (page: Page) => page.evaluate(() => window.readButtons?.() ?? []);
const buttonsOnLeave = async (page: Page): Promise<string[]> =>
  JSON.parse((await page.evaluate(() => sessionStorage.getItem('buttons-on-leave'))) ?? '[]');
const locked = (labels: string[]) => labels.filter((label) => label === 'one moment...|disabled').length;

/** Makes the demo's contact form one whose submit is handled in the page, as an in-page form's would be. */
const handleContactInPage = (page: Page) =>
  page.evaluate(() => {
    document
      .querySelector('#submit-lock-contact')
      ?.addEventListener('submit', (event) => event.preventDefault());
  });

const demoLabels = [
  'Search|enabled',
  'Ask a question|enabled',
  '(default)|enabled',
  'Add an attachment|enabled',
  'Send the question|enabled',
];

describeBrowser('submit-lock in Chromium', () => {
  const suite = useBrowserSuite();
  // The suite's Chromium runs with Playwright's default --disable-back-forward-cache; this one keeps it.
  let bfcacheBrowser: Browser | undefined;
  afterAll(() => bfcacheBrowser?.close());

  async function openDemo() {
    const opened = await suite.open('/islands/submit-lock/');
    await opened.page.waitForLoadState('networkidle');
    await watchButtons(opened.page);
    return opened;
  }

  it('locks every submit button while the browser submits, and leaves other buttons alone', async () => {
    const { page, pageErrors } = await openDemo();
    expect(await buttons(page)).toEqual(demoLabels);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?s=furniture/);
    const onLeave = await buttonsOnLeave(page);
    expect(locked(onLeave)).toBe(4);
    expect(onLeave).toContain('Add an attachment|enabled');
    expect(pageErrors).toEqual([]);
  });

  it("still sends the submitter's own name and value", async () => {
    const { page } = await openDemo();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/about\//);
    expect(new URL(page.url()).searchParams.get('quick')).toBe('Submit');
    expect(locked(await buttonsOnLeave(page))).toBe(4);
  });

  it('gives every button back its label when an in-page form announces its end, and focus to the button that had it', async () => {
    const { page } = await openDemo();
    // Stands in for the donors search: it handles the submit in the page, then announces the end.
    await handleContactInPage(page);
    await page.getByRole('button', { name: 'Send the question' }).focus();
    await page.keyboard.press('Enter');
    expect(locked(await buttons(page))).toBe(4);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() =>
      document.dispatchEvent(new CustomEvent('donation-widgets:submit-lock-release')),
    );
    expect(await buttons(page)).toEqual(demoLabels);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send the question');
  });

  it('after an in-page submit that never announces its end (Contact Form 7), typing in that form gives the buttons back', async () => {
    const { page, pageErrors } = await openDemo();
    // Stands in for a page builder's AJAX form: it handles the submit, shows a validation error, and stops.
    await handleContactInPage(page);
    await page.getByRole('button', { name: 'Send the question' }).click();
    expect(locked(await buttons(page))).toBe(4);
    await page.getByRole('searchbox').fill('sofa');
    expect(locked(await buttons(page))).toBe(4);
    await page.getByRole('textbox', { name: 'Topic' }).pressSequentially('s');
    expect(await buttons(page)).toEqual(demoLabels);
    expect(pageErrors).toEqual([]);
  });

  it('after a real submit and the back button (bfcache), every button on the home page is usable again', async () => {
    bfcacheBrowser ??= await chromium.launch({
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    const context = await bfcacheBrowser.newContext();
    const origin = new URL(suite.url).origin;
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    await page.goto(`${suite.url}/`);
    await page.getByRole('button', { name: 'Search' }).waitFor();
    await watchButtons(page);
    const before = await buttons(page);
    expect(before).toEqual(expect.arrayContaining(['Search|enabled', 'Send my answers|enabled']));

    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.waitForURL(/\/thank-you\//);
    const lockedLabel = (label: string) =>
      label.startsWith('Dismiss the note') ? label : 'one moment...|disabled';
    expect(await buttonsOnLeave(page)).toEqual(before.map(lockedLabel));

    // A page restored from the back/forward cache fires no load event, only pageshow.
    await page.goBack({ waitUntil: 'commit' });
    // Only the restored document still has readButtons: a fresh load would time out here.
    await page.waitForFunction(() => window.readButtons);
    // The document is back before its pageshow handler gives the buttons back.
    await expect.poll(() => buttons(page)).toEqual(before);
    await context.close();
  });

  it('has no WCAG A/AA violations on the demo page', async () => {
    const { page } = await openDemo();
    expect(await axeViolations(page)).toEqual([]);
  });
});
