/**
 * A plugin folder without its build (a checkout linked into wp-content/plugins before `npm run build`)
 * says so in wp-admin to those who manage plugins, naming the missing files, in the site's language and
 * as text; an Editor sees nothing of it, and a built folder shows no such notice.
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { logIn } from './admin.ts';
import { moFile } from './mo-file.ts';
import { phpString } from './wordpress-server.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const NOTICE = '.donation-widgets-build-notice';
/** Two of the built files the notice checks, taken away for a test and put back after it. */
const TAKEN = ['dist/donation-widgets.js', 'markup/islands.json'];
const EDITOR = { user: 'build-notice-editor', password: 'build-notice-password-123' };
const NOT_BUILT =
  'Donation widgets is not built: its folder lacks %s, so it cannot show any island, block or shortcode.';
const HOW =
  'Install the plugin from its zip (npm run plugin writes it), or run npm run build in the repository this folder comes from.';
const HOSTILE_FRENCH =
  'Donation widgets n’est pas construit <img src=x onerror="window.__pwned=1"> : il manque %s.';
const MO = "WP_PLUGIN_DIR . '/donation-widgets/languages/donation-widgets-fr_FR.mo'";

describeWordPress('a plugin folder without its build', () => {
  const wp = useWordPress();
  const installed = (file: string) => path.join(wp.site.root, 'wp-content/plugins/donation-widgets', file);
  let taken = false;
  const takeBuild = async () => {
    for (const file of TAKEN) await rename(installed(file), `${installed(file)}.away`);
    taken = true;
  };

  beforeAll(async () => {
    await wp.php(`
      if ( ! get_user_by( 'login', ${phpString(EDITOR.user)} ) ) {
        wp_insert_user( array( 'user_login' => ${phpString(EDITOR.user)}, 'user_pass' => ${phpString(EDITOR.password)},
          'user_email' => 'build-notice-editor@example.test', 'role' => 'editor' ) );
      }`);
  });
  afterEach(async () => {
    if (taken) for (const file of TAKEN) await rename(`${installed(file)}.away`, installed(file));
    taken = false;
    await wp.php(`wp_delete_file( ${MO} );`);
  });
  afterAll(async () => {
    await wp.php(`require_once ABSPATH . 'wp-admin/includes/user.php';
      wp_delete_user( get_user_by( 'login', ${phpString(EDITOR.user)} )->ID );`);
  });

  it('shows no notice while the folder holds its build', async () => {
    const { page } = await wp.open('/wp-admin/', { admin: true });
    await page.locator('#dashboard-widgets').waitFor();
    expect(await page.locator(NOTICE).count()).toBe(0);
  });

  it('tells an administrator on every wp-admin screen which built files are missing and how to get them', async () => {
    await takeBuild();
    for (const screen of ['/wp-admin/', '/wp-admin/plugins.php']) {
      const { page, pageErrors } = await wp.open(screen, { admin: true });
      const notice = page.locator(NOTICE);
      await notice.waitFor();
      expect(await notice.getAttribute('class')).toMatch(/\bnotice-error\b/);
      expect(await notice.locator('p').allInnerTexts()).toEqual([
        NOT_BUILT.replace('%s', TAKEN.join(', ')),
        HOW,
      ]);
      expect(await notice.locator('code').allInnerTexts()).toEqual(TAKEN);
      expect(pageErrors).toEqual([]);
    }
  });

  it('shows an Editor nothing of it: only those who can manage plugins can act on it', async () => {
    await takeBuild();
    const context = await wp.context();
    await logIn(context, wp.site.url, EDITOR);
    const page = await context.newPage();
    await page.goto(`${wp.site.url}/wp-admin/`);
    await page.locator('#dashboard-widgets').waitFor();
    expect(await page.locator(NOTICE).count()).toBe(0);
    await context.close();
  });

  it('speaks the site’s language, and a translation’s markup stays text', async () => {
    const french = moFile({ [NOT_BUILT]: HOSTILE_FRENCH });
    await wp.php(`file_put_contents( ${MO}, base64_decode( '${french.toString('base64')}' ) );`);
    await takeBuild();
    const { page } = await wp.open('/wp-admin/', { admin: true, fixture: ['french'] });
    const notice = page.locator(NOTICE);
    await notice.waitFor();
    expect(await notice.locator('p').first().innerText()).toBe(
      HOSTILE_FRENCH.replace('%s', TAKEN.join(', ')),
    );
    expect(await notice.locator('img').count()).toBe(0);
    expect(await notice.locator('code').allInnerTexts()).toEqual(TAKEN);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
