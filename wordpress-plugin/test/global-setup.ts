/**
 * One real WordPress for each `wordpress-<version>` project (see wordpress-releases.mjs): the release
 * fetched when it is not there yet, the site started once (a start costs about 20 s on two cores), the
 * plugin zip built and installed through wp-admin's upload screen, stopped at the end.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from '../../test/chromium.ts';
import { logIn, uploadAndActivate } from './admin.ts';
import { fetchRelease, isReleaseOf } from './fetch-wordpress.mjs';
import { projectName, WORDPRESS_RELEASES, type WordPressRelease } from './wordpress-releases.mjs';
import { missingForWordPress, runPhp, startWordPress, type WordPressSite } from './wordpress-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

export interface WordPressUnderTest extends WordPressSite {
  /** The plugin zip `npm run plugin` wrote. */
  zip: string;
  /** The admin's logged-in browser state (cookies), for `browser.newContext({ storageState })`. */
  adminState: string;
  /** The release the site runs, as the site itself reports it. */
  release: {
    /** WordPress's own version, e.g. 6.8.12. */
    version: string;
    /** The active theme's folder name. */
    theme: string;
    /** How the plugin enqueues its loader on this release: a classic script, or a script module (6.5+). */
    scripts: 'classic' | 'modules';
    /** The WordPress folder the site was copied from, for a test that starts a site of its own. */
    source: string;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The release's sites (wordpress-releases.mjs's `sites`), or null where the suite is skipped. */
    wordpress: WordPressUnderTest[] | null;
  }
}

/**
 * The Donation Manager stand-in's folder, laid out as the plugin's own: its PHP and the date picker's
 * stand-ins from fixture/donation-manager/, its markup and scripts from the demo's stand-ins.
 */
function donationManagerStandIn(build: string) {
  const folder = path.join(build, 'donation-manager');
  const demo = path.join(root, 'mock-server/demo/donation-manager');
  cpSync(path.join(here, 'fixture/donation-manager'), folder, { recursive: true });
  mkdirSync(path.join(folder, 'lib/html'), { recursive: true });
  for (const file of ['donors-in-your-area.html', 'alert.html'])
    cpSync(path.join(demo, file), path.join(folder, 'lib/html', file));
  for (const file of ['donors-by-zipcode.js', 'scripts.js'])
    cpSync(path.join(demo, file), path.join(folder, 'lib/js', file));
  return folder;
}

export default async function setup(project: TestProject) {
  const release = WORDPRESS_RELEASES.find((candidate) => projectName(candidate) === project.name);
  if (!release) throw new Error(`the project ${project.name} names no release of wordpress-releases.mjs`);
  const missing = await missingForWordPress();
  if (!findChromium()) missing.push('Chromium (apt-get install chromium, or CHROMIUM_PATH)');
  let source = '';
  try {
    source = fetchRelease(release);
  } catch (error) {
    missing.push((error as Error).message);
  }
  if (missing.length > 0) {
    if (process.env.CI === 'true')
      throw new Error(
        `CI=true and the WordPress ${release.version} suite cannot run: missing ${missing.join(', ')}`,
      );
    console.warn(`\n*** WordPress ${release.version} tests SKIPPED: missing ${missing.join(', ')}. ***\n`);
    project.provide('wordpress', null);
    return;
  }

  // The zip `npm run plugin` makes, from the sources as they are, built apart from dist/: the browser
  // project may be reading dist/ at the same time.
  const build = mkdtempSync(path.join(tmpdir(), 'donation-widgets-zip-'));
  execFileSync('node', ['build.mjs', '--quiet', `--outdir=${build}/bundle`], { cwd: root, stdio: 'inherit' });
  execFileSync(
    'node',
    ['wordpress-plugin/build/build-plugin.mjs', '--quiet', `--bundle=${build}/bundle`, `--out=${build}`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const zip = path.join(build, `donation-widgets-${version}.zip`);
  // The release's sites, started side by side; each file runs on its worker's (wordpress-suite.ts).
  const sites = await Promise.allSettled(
    Array.from({ length: release.sites }, () => startSite(release, source, build, zip)),
  );
  const started = sites.flatMap((site) => (site.status === 'fulfilled' ? [site.value] : []));
  const stop = async () => {
    await Promise.all(started.map((site) => site.stop()));
    rmSync(build, { recursive: true, force: true });
  };
  const failed = sites.find((site) => site.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide(
    'wordpress',
    started.map((site) => site.underTest),
  );
  return stop;
}

/**
 * One site of `release`: started with the suite's mu-plugins, checked to run the release the project is
 * named for, the plugin zip uploaded and activated through wp-admin as an admin would.
 */
async function startSite(release: WordPressRelease, source: string, build: string, zip: string) {
  const wordpress = await startWordPress({
    source,
    muPlugins: [
      path.join(here, 'fixture/donations-fixture.php'),
      path.join(here, 'fixture/locale-fixture.php'),
      path.join(here, 'fixture/donation-manager-fixture.php'),
      donationManagerStandIn(build),
    ],
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    // The site must be the release the project is named for, as the release list describes it.
    const running = JSON.parse(
      await runPhp(
        wordpress.site,
        `echo wp_json_encode( array( 'version' => get_bloginfo( 'version' ), 'theme' => get_stylesheet(),
          'modules' => function_exists( 'wp_enqueue_script_module' ) ) );`,
      ),
    ) as { version: string; theme: string; modules: boolean };
    const scripts = running.modules ? 'modules' : 'classic';
    if (
      !isReleaseOf(running.version, release.version) ||
      running.theme !== release.theme ||
      scripts !== release.scripts
    )
      throw new Error(
        `${source} runs WordPress ${running.version} with ${running.theme} and ${scripts} scripts, not ${release.version} with ${release.theme} and ${release.scripts} scripts`,
      );
    const context = await browser.newContext();
    await logIn(context, wordpress.site.url);
    await uploadAndActivate(await context.newPage(), wordpress.site.url, zip);
    const adminState = JSON.stringify(await context.storageState());
    const underTest: WordPressUnderTest = {
      ...wordpress.site,
      zip,
      adminState,
      release: { version: running.version, theme: running.theme, scripts, source },
    };
    return { underTest, stop: wordpress.stop };
  } catch (error) {
    await wordpress.stop();
    throw error;
  } finally {
    await browser.close();
  }
}
