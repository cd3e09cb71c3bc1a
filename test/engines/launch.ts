/**
 * Finding and starting each engine: Chromium and Firefox through Playwright, WebKit through WebKitGTK's
 * WebDriver with MiniBrowser under a virtual X display (MiniBrowser has no headless mode).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, firefox } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts';
import type { EngineName } from './engine-page.ts';
import { WebDriverSession } from './webdriver.ts';

const firstExisting = (envName: string, candidates: string[]): string | undefined => {
  const fromEnv = process.env[envName];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${envName}=${fromEnv} does not exist`);
    return fromEnv;
  }
  return candidates.find((candidate) => existsSync(candidate));
};

export const FIREFOX = firstExisting('FIREFOX_PATH', ['/usr/bin/firefox-esr', '/usr/bin/firefox']);
export const WEBKIT_DRIVER = firstExisting('WEBKIT_WEBDRIVER_PATH', ['/usr/bin/WebKitWebDriver']);
export const MINIBROWSER = firstExisting('MINIBROWSER_PATH', [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
]);
export const XVFB = firstExisting('XVFB_PATH', ['/usr/bin/Xvfb']);

/** What is missing to run `engine` here, or '' when nothing is. */
export function missingFor(engine: EngineName): string {
  if (engine === 'chromium')
    return findChromium() ? '' : 'chromium (apt-get install chromium, or CHROMIUM_PATH)';
  if (engine === 'firefox')
    return FIREFOX ? '' : 'firefox-esr (apt-get install firefox-esr, or FIREFOX_PATH)';
  const missing = [
    !WEBKIT_DRIVER && 'WebKitWebDriver (apt-get install webkit2gtk-driver)',
    !MINIBROWSER && 'MiniBrowser (comes with webkit2gtk-driver; or MINIBROWSER_PATH)',
    !XVFB && 'Xvfb (apt-get install xvfb)',
  ].filter(Boolean);
  return missing.join(', ');
}

/**
 * The browsers of this test worker, each started once and kept for every file the worker runs: the
 * projects that use them run with `isolate: false`, so a worker's modules, and this map, outlive a file.
 * A file opens its own contexts and closes them when it ends. A browser that died is started again at the
 * next ask; the worker's exit ends them all (Playwright ends what it launched when its process exits).
 */
const kept = new Map<string, Promise<Browser>>();

export function keptBrowser(name: string, launch: () => Promise<Browser>): Promise<Browser> {
  const running = kept.get(name);
  if (running) return running;
  const started = launch().then((browser) => {
    browser.on('disconnected', () => {
      if (kept.get(name) === started) kept.delete(name);
    });
    return browser;
  });
  started.catch(() => {
    if (kept.get(name) === started) kept.delete(name);
  });
  kept.set(name, started);
  return started;
}

/** The worker's Chromium as Playwright starts it (the back/forward cache off): the Chromium-only and
 * WordPress suites' browser, on the headless shell when it is installed. */
export const keptPlainChromium = (): Promise<Browser> =>
  keptBrowser('chromium, as Playwright starts it', () =>
    chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS }),
  );

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: findChromium('browser'),
    args: CHROMIUM_ARGS,
    // Playwright turns the back/forward cache off by default; a real Back must meet the real cache.
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });

// Playwright 1.65 sets a context's colour scheme with a BiDi command Firefox 153 ESR does not have yet
// (`emulation.setMediaFeaturesOverride`), and refuses the context when Firefox says so. No engine suite
// emulates a colour scheme, so answering it as done changes nothing a test sees.
const UNSUPPORTED_BY_FIREFOX_ESR = new Set(['emulation.setMediaFeaturesOverride']);
let firefoxShimmed = false;
function shimFirefoxEsr() {
  if (firefoxShimmed) return;
  firefoxShimmed = true;
  const { server } = createRequire(import.meta.url)('playwright-core/lib/coreBundle') as {
    server: { WebSocketTransport: { prototype: { send(message: { id: number; method: string }): void } } };
  };
  const transport = server.WebSocketTransport.prototype as {
    send(message: { id: number; method: string }): void;
    onmessage?: (message: object) => void;
  };
  const send = transport.send;
  transport.send = function (this: typeof transport, message) {
    if (!UNSUPPORTED_BY_FIREFOX_ESR.has(message.method)) return send.call(this, message);
    queueMicrotask(() => this.onmessage?.({ id: message.id, type: 'success', result: {} }));
  };
}

/**
 * Firefox over WebDriver BiDi (no geckodriver). Reduced motion is a browser preference in Firefox, not a
 * per-page emulation over BiDi, so a page that needs it gets a browser of its own.
 */
export function launchFirefox(reducedMotion: boolean): Promise<Browser> {
  shimFirefoxEsr();
  return firefox.launch({
    channel: 'moz-firefox',
    executablePath: FIREFOX,
    headless: true,
    firefoxUserPrefs: {
      'ui.prefersReducedMotion': reducedMotion ? 1 : 0,
      // A page's request for the position is refused, as headless Chromium refuses it, rather than left
      // waiting on a prompt nobody answers; a test that grants it (the suite's `position`) overrides this.
      'permissions.default.geo': 2,
      // Keep Firefox from reaching for the network on its own (updates, telemetry, captive portal).
      'network.captive-portal-service.enabled': false,
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/** An X display of its own for one MiniBrowser, stopped with it. */
async function startXvfb(): Promise<{ name: string; stop: () => void }> {
  const xvfb = spawn(
    XVFB ?? 'Xvfb',
    ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const [chunk] = (await once(xvfb.stdout, 'data')) as [Buffer];
  return { name: `:${chunk.toString().trim()}`, stop: () => xvfb.kill() };
}

export interface WebKitBrowser {
  session: WebDriverSession;
  close(): Promise<void>;
}

/**
 * MiniBrowser through WebKitWebDriver, every request through `proxy` (WebDriver cannot intercept
 * requests; the front door refuses those that would leave the machine). WebKitGTK takes reduced motion
 * from GTK's own setting, so a page that needs it gets a driver with that setting.
 */
export async function launchWebKit(proxy: string, reducedMotion: boolean): Promise<WebKitBrowser> {
  const [display, port] = await Promise.all([startXvfb(), freePort()]);
  const config = mkdtempSync(path.join(tmpdir(), 'webkit-gtk-'));
  mkdirSync(path.join(config, 'gtk-3.0'));
  writeFileSync(
    path.join(config, 'gtk-3.0', 'settings.ini'),
    `[Settings]\ngtk-enable-animations=${reducedMotion ? 0 : 1}\n`,
  );
  const driver = spawn(WEBKIT_DRIVER ?? 'WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display.name, XDG_CONFIG_HOME: config },
    stdio: 'ignore',
  });
  const stop = () => {
    driver.kill();
    display.stop();
    rmSync(config, { recursive: true, force: true });
  };
  try {
    const session = await retry(() =>
      WebDriverSession.create(`http://127.0.0.1:${port}`, {
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        proxy: { proxyType: 'manual', httpProxy: proxy, sslProxy: proxy },
      }),
    );
    return {
      session,
      async close() {
        await session.close().catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The driver takes a moment to listen after it starts: a refused connection is tried again. */
async function retry<T>(attempt: () => Promise<T>, tries = 40): Promise<T> {
  for (let left = tries; ; left--) {
    try {
      return await attempt();
    } catch (error) {
      const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      if (!refused || left <= 1) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
