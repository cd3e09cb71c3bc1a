/**
 * One real WordPress for the whole `wordpress` project: started once (a start costs about 20 s on two
 * cores), the plugin zip built and installed through wp-admin's upload screen, stopped at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from '../../test/chromium.ts';
import { logIn, uploadAndActivate } from './admin.ts';
import { missingForWordPress, startWordPress, type WordPressSite } from './wordpress-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

export interface WordPressUnderTest extends WordPressSite {
  /** The plugin zip `npm run plugin` wrote. */
  zip: string;
  /** The admin's logged-in browser state (cookies), for `browser.newContext({ storageState })`. */
  adminState: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    wordpress: WordPressUnderTest | null;
  }
}

export default async function setup(project: TestProject) {
  const missing = await missingForWordPress();
  if (!findChromium()) missing.push('Chromium (apt-get install chromium, or CHROMIUM_PATH)');
  if (missing.length > 0) {
    if (process.env.CI === 'true')
      throw new Error(`CI=true and the WordPress suite cannot run: missing ${missing.join(', ')}`);
    console.warn(`\n*** WordPress tests SKIPPED: missing ${missing.join(', ')}. ***\n`);
    project.provide('wordpress', null);
    return;
  }

  // The zip `npm run plugin` makes, from the sources as they are, built apart from dist/: the browser
  // project may be reading dist/ at the same time.
  const build = mkdtempSync(path.join(tmpdir(), 'donation-widgets-zip-'));
  execFileSync('node', ['build.mjs', '--quiet', `--outdir=${build}/bundle`], { cwd: root, stdio: 'inherit' });
  execFileSync(
    'node',
    ['wordpress-plugin/build-plugin.mjs', '--quiet', `--bundle=${build}/bundle`, `--out=${build}`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const zip = path.join(build, `donation-widgets-${version}.zip`);
  const wordpress = await startWordPress({ muPlugins: [path.join(here, 'fixture/donations-fixture.php')] });
  const stop = async () => {
    await wordpress.stop();
    rmSync(build, { recursive: true, force: true });
  };
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await logIn(context, wordpress.site.url);
    await uploadAndActivate(await context.newPage(), wordpress.site.url, zip);
    const adminState = JSON.stringify(await context.storageState());
    project.provide('wordpress', { ...wordpress.site, zip, adminState });
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await browser.close();
  }
  return stop;
}
