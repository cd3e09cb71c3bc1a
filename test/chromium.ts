import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the same release): what Playwright runs
 * headless Chromium with. It draws pages as Chromium does without the browser around them, and runs a
 * suite in a third less time than the whole browser in its headless mode; it has no back/forward cache.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Chromium from `CHROMIUM_PATH`, else the first common install path that exists: the headless shell when
 * it is installed (`'shell'`: the Chromium-only suites and the WordPress suite, which run with Playwright's
 * defaults, the back/forward cache off), or the whole browser (`'browser'`: the three engines' suites,
 * where a real Back meets the real cache, and the bench, which measures the browser donors run).
 */
export function findChromium(kind: 'shell' | 'browser' = 'shell'): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  return (kind === 'shell' ? [HEADLESS_SHELL, ...CANDIDATES] : CANDIDATES).find((candidate) =>
    existsSync(candidate),
  );
}

/** Flags for a root user on a machine with no GPU and a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];
