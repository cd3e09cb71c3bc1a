/**
 * The harness of the Chromium-only browser tests: one mock server per test file, the worker's Chromium
 * (test/engines/launch.ts keeps one per worker, as the three engines' suites do), a fresh browser
 * context per page (own cookies, so fault switches never leak between tests), and every request that
 * leaves the machine (map tiles, Google) blocked unless the test routes it itself.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { type MockServer, startMockServer } from '../mock-server/server.js';
import { findChromium } from './chromium.ts';
import { keptPlainChromium } from './engines/launch.ts';

const chromiumPath = findChromium();
const isCI = process.env.CI === 'true';

if (!chromiumPath && !isCI) {
  console.warn(
    '\n*** Browser tests SKIPPED: no Chromium found. Install it (apt-get install -y chromium) or set CHROMIUM_PATH. ***\n',
  );
}

/**
 * `describe` for browser suites. Outside CI, a machine without Chromium skips them loudly; in CI a
 * missing browser is a failure, never a skip.
 */
export const describeBrowser = describe.skipIf(!chromiumPath && !isCI);

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Uncaught exceptions and unhandled rejections on the page. */
  pageErrors: string[];
  /** console.error and console.warn messages. */
  consoleErrors: string[];
}

export interface OpenOptions {
  /** Faults for the mock server (see mock-server/README.md), set as the `mock-fault` cookie. */
  fault?: string;
  /** Runs before navigation, e.g. to route a request or add an init script. */
  before?: (context: BrowserContext, page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
}

export interface BrowserSuite {
  readonly url: string;
  readonly server: MockServer;
  readonly browser: Browser;
  /** Opens `path` on the mock server in a fresh context and waits for the load event. */
  open(path: string, options?: OpenOptions): Promise<OpenPage>;
}

/** Starts the mock server and Chromium for the current file; call at the top of a `describeBrowser`. */
export function useBrowserSuite(serverOptions: Parameters<typeof startMockServer>[0] = {}): BrowserSuite {
  let server: MockServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (!chromiumPath)
      throw new Error('CI=true and no Chromium found: install chromium or set CHROMIUM_PATH');
    [server, browser] = await Promise.all([
      startMockServer({ port: 0, quiet: true, ...serverOptions }),
      // Playwright's own defaults (the back/forward cache off), unlike the engines' Chromium.
      keptPlainChromium(),
    ]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await server?.close();
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use the suite inside its describe`);
    return value;
  };

  return {
    get url() {
      return required(server, 'mock server').url;
    },
    get server() {
      return required(server, 'mock server');
    },
    get browser() {
      return required(browser, 'Chromium');
    },
    async open(path, options = {}) {
      const base = required(server, 'mock server').url;
      const context = await required(browser, 'Chromium').newContext({
        viewport: options.viewport ?? { width: 1280, height: 800 },
        reducedMotion: options.reducedMotion ?? 'no-preference',
      });
      contexts.push(context);
      const origin = new URL(base).origin;
      await context.route(
        (url) => url.origin !== origin,
        (route) => route.abort('blockedbyclient'),
      );
      if (options.fault) {
        await context.addCookies([{ name: 'mock-fault', value: options.fault, url: base }]);
      }
      const page = await context.newPage();
      const opened: OpenPage = { page, context, requests: [], pageErrors: [], consoleErrors: [] };
      page.on('request', (request) => opened.requests.push(request.url()));
      page.on('pageerror', (error) => opened.pageErrors.push(String(error)));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          opened.consoleErrors.push(message.text());
      });
      await options.before?.(context, page);
      await page.goto(new URL(path, base).href, { waitUntil: 'load' });
      return opened;
    },
  };
}
