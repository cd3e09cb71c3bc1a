/**
 * One page in one engine, driven by what a visitor does: the only browser API the engine suites use, so
 * a test names what it checks and every engine runs the same steps. Functions passed to `evaluate` and
 * `waitFor` run in the page and must not close over test variables (pass them as the argument).
 */
import type { Page } from 'playwright-core';
import { elementArg, WebDriverError, type WebDriverSession } from './webdriver.ts';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** Keys a visitor presses; `Shift+Tab` holds Shift. */
export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Escape' | 'Space' | 'ArrowDown' | 'ArrowUp' | 'SelectAll';

export interface EnginePage {
  readonly engine: EngineName;
  /** Opens `path` on the site (or a full URL) and waits for its load event. */
  goto(path: string): Promise<void>;
  url(): Promise<string>;
  /** The browser's Reload; resolves once the page has loaded again. */
  reload(): Promise<void>;
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Runs a script's source in the page, as the driver's own script: the page's CSP does not govern it. */
  inject(source: string): Promise<void>;
  /** Resolves once `fn` returns something truthy in the page; throws after `timeout` ms. */
  waitFor<A = undefined>(fn: (arg: A) => unknown, arg?: A, timeout?: number): Promise<void>;
  /** A real click (pointer input) in the middle of the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Replaces a text field's value by typing `text`. */
  fill(selector: string, text: string): Promise<void>;
  /** Types `text` at the end of the field, key by key. */
  type(selector: string, text: string): Promise<void>;
  /** Picks the option with `value` in a select, as a visitor would. */
  select(selector: string, value: string): Promise<void>;
  focus(selector: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Types `text` key by key into whatever has focus. */
  typeKeys(text: string): Promise<void>;
  /** Resolves once the page at a URL matching `pattern` has loaded. */
  waitForUrl(pattern: RegExp, timeout?: number): Promise<void>;
  /** The browser's Back; resolves once the previous entry is the current page. */
  back(): Promise<void>;
  /** Uncaught errors, unhandled rejections, console errors and warnings, CSP violations so far on this document. */
  problems(): Promise<string[]>;
  /**
   * Real touch input (not events made in the page): each finger goes down at its `x`, `y` (CSS px in
   * the viewport), moves `dy` px down in ten steps (0 for a tap) and lifts. Chromium only, through its
   * input pipeline (CDP): Firefox's driver here has none, and WebKitGTK's sends the mouse instead.
   */
  touch(fingers: Finger[]): Promise<void>;
}

/** One finger of `EnginePage.touch`. */
export interface Finger {
  x: number;
  y: number;
  dy: number;
}

const TOUCH_STEPS = 10;
const fingerAt = ({ x, y, dy }: Finger, step: number) => ({
  x: Math.round(x),
  y: Math.round(y + (dy * step) / TOUCH_STEPS),
});

const POLL_MS = 50;

export async function pollUntil(check: () => Promise<unknown>, timeout: number, what: string) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** `waitForUrl` in terms of the other two, for both drivers. */
const urlLoaded = (page: Pick<EnginePage, 'url' | 'evaluate'>, pattern: RegExp, timeout: number) =>
  pollUntil(
    async () =>
      pattern.test(await page.url().catch(() => '')) &&
      // Mid-navigation the old document may be gone: not loaded yet.
      (await page.evaluate(() => document.readyState === 'complete').catch(() => false)),
    timeout,
    `a loaded page at ${pattern}`,
  );

/**
 * Whether the document has loaded and been shown: its readiness is complete and, on a page of the site
 * (which runs the probe first), its first pageshow has fired.
 */
const loadedAndShown = () =>
  document.readyState === 'complete' &&
  ((window as { __harnessShows?: string[] }).__harnessShows?.length ?? 1) > 0;

const readProblems = () => [
  ...((window as { __harnessProblems?: string[] }).__harnessProblems ?? ['probe missing']),
];

/** Chromium and Firefox: Playwright (CDP for Chromium, WebDriver BiDi for Firefox). */
export function playwrightPage(engine: EngineName, page: Page, base: string): EnginePage {
  // After a Back in Firefox, Playwright waits forever for a navigation it never saw end (see `back`), and
  // its clicks wait for it too: a click then goes to the middle of the element with the mouse.
  let backUnseen = false;
  return {
    engine,
    async goto(path) {
      await page.goto(new URL(path, base).href, { waitUntil: 'load' });
    },
    // The document's own address: Playwright's record of it misses a restore from the back/forward cache in Firefox.
    url: () => page.evaluate(() => location.href).catch(() => page.url()),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    evaluate: (fn, arg) => page.evaluate(fn as (a: unknown) => unknown, arg as unknown) as never,
    inject: async (source) => void (await page.evaluate(`${source}\n;undefined`)),
    async waitFor(fn, arg, timeout = 10_000) {
      await page.waitForFunction(fn as (a: unknown) => unknown, arg as unknown, {
        timeout,
        polling: POLL_MS,
      });
    },
    async click(selector) {
      if (!backUnseen) return page.locator(selector).first().click();
      const centre = await page.evaluate((target) => {
        const element = document.querySelector(target);
        element?.scrollIntoView({ block: 'center' });
        const box = element?.getBoundingClientRect();
        return box && { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }, selector);
      if (!centre) throw new Error(`no element matches ${selector}`);
      await page.mouse.click(centre.x, centre.y);
    },
    fill: (selector, text) => page.locator(selector).first().fill(text),
    type: (selector, text) => page.locator(selector).first().pressSequentially(text),
    select: async (selector, value) => void (await page.locator(selector).first().selectOption(value)),
    focus: (selector) => page.locator(selector).first().focus(),
    press: (key) => page.keyboard.press(key === 'SelectAll' ? 'ControlOrMeta+a' : key),
    typeKeys: (text) => page.keyboard.type(text),
    waitForUrl(pattern, timeout = 10_000) {
      return urlLoaded(this, pattern, timeout);
    },
    async back() {
      // Playwright 1.65 over BiDi never sees Firefox restore a page from its back/forward cache: the
      // history traversal happens, the wait for its commit never ends. The test waits for the page instead.
      if (engine === 'firefox') {
        backUnseen = true;
        return void page.goBack({ waitUntil: 'commit' }).catch(() => {});
      }
      // A page restored from the back/forward cache fires no load event, only pageshow.
      await page.goBack({ waitUntil: 'commit' });
    },
    problems: () => page.evaluate(readProblems),
    async touch(fingers) {
      if (engine !== 'chromium') throw new Error(`no touch input in ${engine} here`);
      const cdp = await page.context().newCDPSession(page);
      const at = (step: number) => fingers.map((finger) => fingerAt(finger, step));
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
      for (let step = 1; step <= TOUCH_STEPS; step++)
        if (fingers.some(({ dy }) => dy !== 0))
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

const KEYS: Record<Exclude<Key, 'Shift+Tab' | 'SelectAll'>, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  Space: ' ',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
};
const SHIFT = '\uE008';
const CONTROL = '\uE009';

/** WebKit: WebDriver classic, through the harness's own client. */
export function webDriverPage(session: WebDriverSession, base: string): EnginePage {
  // The page's CSP governs no WebDriver script: the driver evaluates it, not the page's own eval.
  const evaluate = async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> => {
    const outcome = await session.executeAsync<{ value?: R; error?: string }>(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => (${fn.toString()})(arguments[0]))
         .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
      [arg ?? null],
    );
    if (outcome.error !== undefined) throw new Error(`in the page: ${outcome.error}`);
    return outcome.value as R;
  };
  const element = async (selector: string) => {
    let found = '';
    await pollUntil(
      () =>
        session.find(selector).then(
          (id) => (found = id),
          () => '',
        ),
      10_000,
      `an element matching ${selector}`,
    );
    return found;
  };
  const waitFor = <A>(fn: (arg: A) => unknown, arg?: A, timeout = 10_000) =>
    pollUntil(
      // The driver's own failure mid-poll (WebKitWebDriver once answered a script with a bare "@") says
      // nothing about the page: ask again until the time is up. An error the page threw still fails.
      () =>
        evaluate(fn, arg).catch((error: unknown) => {
          if (error instanceof WebDriverError) return false;
          throw error;
        }),
      timeout,
      `a function to hold in the page: ${fn.toString().slice(0, 120)}`,
    );
  // WebKitGTK's WebDriver should answer Navigate To and Refresh once the page has loaded, but on a loaded
  // two-core machine it now and then answers while the new document is only interactive (2 navigations in
  // 60): a focus taken then starts a download that the load event waits for, so the page is left before
  // it ever fires its pageshow. Waiting for the load and the first pageshow makes `goto` do what it says.
  // 20 s is the rest of a page's load on that machine with room to spare; a page slower than that fails.
  const loaded = () => waitFor(loadedAndShown, undefined, 20_000);
  /** Presses `values` down in order and lets them go in reverse: one chord. */
  const keys = (values: string[]) =>
    session.actions([
      {
        type: 'key',
        id: 'keyboard',
        actions: [
          ...values.map((value) => ({ type: 'keyDown', value })),
          ...values.reverse().map((value) => ({ type: 'keyUp', value })),
        ],
      },
    ]);
  return {
    engine: 'webkit',
    async goto(path) {
      await session.navigate(new URL(path, base).href);
      await loaded();
    },
    url: () => session.currentUrl(),
    async reload() {
      await session.refresh();
      await loaded();
    },
    evaluate,
    inject: async (source) => void (await session.execute(`${source}\n;return null;`, [])),
    async waitFor(fn, arg, timeout) {
      await waitFor(fn, arg, timeout);
    },
    async click(selector) {
      await session.click(await element(selector));
    },
    async fill(selector, text) {
      const id = await element(selector);
      await session.clear(id);
      // As Playwright's fill(''): cleared, and nothing typed (WebDriver refuses to send no keys).
      if (text) await session.sendKeys(id, text);
    },
    async type(selector, text) {
      await session.sendKeys(await element(selector), text);
    },
    async select(selector, value) {
      const id = await element(`${selector} option[value="${value}"]`);
      await session.click(id);
    },
    async focus(selector) {
      await session.execute('arguments[0].focus()', [elementArg(await element(selector))]);
    },
    press: async (key) =>
      void (await keys(
        key === 'Shift+Tab' ? [SHIFT, KEYS.Tab] : key === 'SelectAll' ? [CONTROL, 'a'] : [KEYS[key]],
      )),
    async typeKeys(text) {
      for (const character of text) await keys([character]);
    },
    waitForUrl(pattern, timeout = 10_000) {
      return urlLoaded(this, pattern, timeout);
    },
    back: async () => void (await session.back()),
    problems: () => evaluate(readProblems),
    async touch() {
      // WebKitGTK's WebDriver turns a touch pointer into mouse input (pointerType "mouse", no touch
      // event), and its pages have no touch events at all ('ontouchstart' in window is false).
      throw new Error('no touch input in WebKitGTK: its driver sends a touch pointer as the mouse');
    },
  };
}
