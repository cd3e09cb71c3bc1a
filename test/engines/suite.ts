/**
 * `describeEngines` runs a suite once per engine donors use: Chromium, Firefox and WebKit. Each engine
 * gets the mock server behind a front door (one request log for every engine, nothing leaves the
 * machine) and a fresh page per `open` with no cookies or storage from the test before.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { type MockServer, startMockServer } from '../../mock-server/server.js';
import { type EngineName, type EnginePage, playwrightPage, pollUntil, webDriverPage } from './engine-page.ts';
import { type FrontDoor, faultThenOpen, startFrontDoor } from './front-door.ts';
import { geolocationStandIn } from './geolocation-stand-in.ts';
import {
  keptBrowser,
  launchChromium,
  launchFirefox,
  launchWebKit,
  missingFor,
  type WebKitBrowser,
} from './launch.ts';
import type { WebDriverSession } from './webdriver.ts';

export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];
const isCI = process.env.CI === 'true';

for (const engine of ENGINES) {
  const missing = missingFor(engine);
  if (missing && !isCI)
    console.warn(
      `\n*** ${engine} browser tests SKIPPED: ${missing} not found. CI=true makes this a failure. ***\n`,
    );
}

export interface OpenOptions {
  /** Faults for the mock server (see mock-server/README.md), set as its `mock-fault` cookie. */
  fault?: string;
  viewport?: { width: number; height: number };
  reducedMotion?: boolean;
  /** The demo's logged-in user (its signed-in cookie, mock-server/wordpress/login.js): pages carry a REST nonce. */
  loggedIn?: boolean;
  /** The page's timers and `Date` on a clock the test moves on with `__harnessClock.runFor(ms)` (fake-clock.js). */
  fakeClock?: boolean;
  /**
   * What the browser answers the page that asks for the visitor's position: this place, or `'refused'`.
   * Chromium and Firefox emulate it (the site's permission granted and the position set); WebKitGTK's
   * driver can do neither, so in WebKit the page's `navigator.geolocation` is replaced once it has loaded
   * (geolocation-stand-in.ts). Without it Chromium and Firefox refuse, and WebKit never answers.
   */
  position?: { latitude: number; longitude: number } | 'refused';
  /** A touch screen: Chromium's page gets touch events (WebKitGTK has them). */
  touch?: boolean;
}

export interface EngineSuite {
  readonly engine: EngineName;
  readonly server: MockServer;
  /** The site the pages open, with its request log. */
  readonly door: FrontDoor;
  /** Opens `path` in a fresh page and waits for its load event. */
  open(path: string, options?: OpenOptions): Promise<EnginePage>;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

/** A `describe` per engine, titled "<title> in <engine>"; `body` declares the tests with its suite. */
export function describeEngines(title: string, body: (suite: EngineSuite) => void) {
  for (const engine of ENGINES) {
    const missing = missingFor(engine);
    describe.skipIf(missing !== '' && !isCI)(`${title} in ${engine}`, () => {
      body(useEngine(engine, missing));
    });
  }
}

function useEngine(engine: EngineName, missing: string): EngineSuite {
  let server: MockServer | undefined;
  let door: FrontDoor | undefined;
  const browsers = new Map<boolean, Promise<Browser | WebKitBrowser>>();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`CI=true and ${engine} cannot run: ${missing} not found`);
    server = await startMockServer({ port: 0, quiet: true });
    door = await startFrontDoor(server.url);
    // Started here rather than by the first test, whose time limit it would eat: Firefox can take
    // 20 s to start on a loaded two-core machine.
    await browser(false);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
    // Chromium and Firefox are the worker's (keptBrowser) and serve its next file; WebKit's driver
    // sends every request through this file's front door, so it ends with the file.
    for (const browser of browsers.values()) {
      const launched = await browser.catch(() => undefined);
      if (launched && 'session' in launched) await launched.close();
    }
    await door?.close();
    await server?.close();
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use the suite inside its describe`);
    return value;
  };

  function browser(reducedMotion: boolean) {
    let started = browsers.get(reducedMotion);
    if (!started) {
      const frontDoor = required(door, 'front door');
      started =
        engine === 'chromium'
          ? keptBrowser('chromium', launchChromium)
          : engine === 'firefox'
            ? keptBrowser(`firefox${reducedMotion ? ', reduced motion' : ''}`, () =>
                launchFirefox(reducedMotion),
              )
            : launchWebKit(frontDoor.proxy, reducedMotion);
      browsers.set(reducedMotion, started);
    }
    return started;
  }

  return {
    engine,
    get server() {
      return required(server, 'mock server');
    },
    get door() {
      return required(door, 'front door');
    },
    async open(
      path,
      {
        fault,
        viewport = DEFAULT_VIEWPORT,
        reducedMotion = false,
        fakeClock = false,
        position,
        loggedIn = false,
        touch = false,
      } = {},
    ) {
      const frontDoor = required(door, 'front door');
      const target =
        fault || fakeClock || loggedIn ? faultThenOpen(fault ?? '', path, fakeClock, loggedIn) : path;
      // Chromium emulates reduced motion per page; Firefox and WebKit need a browser started with it.
      const launched = await browser(engine === 'chromium' ? false : reducedMotion);
      if ('session' in launched) {
        const { session } = launched;
        // One WebDriver session per driver: a fresh page is this session with the last test's state wiped.
        await session.navigate(`${frontDoor.url}/__harness/blank`);
        await session.execute('localStorage.clear(); sessionStorage.clear();', []);
        await wipeCookies(session);
        await session.setWindowRect(viewport);
        const page = webDriverPage(session, frontDoor.url);
        await page.goto(target);
        if (position) await page.inject(geolocationStandIn(position));
        return page;
      }
      // One page at a time, as in WebKit's one session: an earlier test's page can neither work on
      // nor add to the request log while this one runs.
      await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
      const context = await launched.newContext({
        viewport,
        hasTouch: touch,
        reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
      });
      contexts.push(context);
      const origin = new URL(frontDoor.url).origin;
      if (position && position !== 'refused') {
        await context.grantPermissions(['geolocation'], { origin });
        await context.setGeolocation(position);
      }
      await context.route(
        (url) => url.origin !== origin,
        (route) => {
          frontDoor.recordBlocked(route.request().method(), route.request().url());
          return route.abort('blockedbyclient');
        },
      );
      const page = playwrightPage(engine, await context.newPage(), frontDoor.url);
      await page.goto(target);
      return page;
    },
  };
}

/**
 * Deletes the site's cookies in WebKit, and resolves once they are gone. WebKitGTK's driver answers
 * Delete All Cookies before the deletion is done: on a loaded machine it landed after the next page had
 * set its own cookies (a test's fault, 4 fresh pages in 60) and the page ran without them. A cookie set
 * first and then seen gone proves the deletion done, even when there was nothing else to delete. The
 * 10 s are for a driver that answers in milliseconds when the machine is idle.
 */
async function wipeCookies(session: WebDriverSession) {
  const named = (name: string) => session.cookies().then((all) => all.some((cookie) => cookie.name === name));
  await session.addCookie('harness-wipe', '1');
  await pollUntil(() => named('harness-wipe'), 10_000, 'the cookie set before the wipe');
  await session.deleteCookies();
  await pollUntil(
    () => session.cookies().then((all) => all.length === 0),
    10_000,
    'the cookies to be deleted',
  );
}
