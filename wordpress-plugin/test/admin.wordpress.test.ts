import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { pluginRow, SETTINGS, saveSettings, uploadAndActivate } from './admin.ts';
import { getRaw } from './raw-get.ts';
import { outcome, readConfig, search } from './search.ts';
import { readDebugLog } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const run = promisify(execFile);

describeWordPress('the plugin in wp-admin of a real WordPress', () => {
  const wp = useWordPress();
  let searchPage = '';
  beforeAll(async () => {
    searchPage = await pageWith(wp.php, 'admin-search', '[donation_widget island="donors-search"]');
  });
  afterEach(async () => {
    // Every setting back to its default (the next request makes the option again, empty).
    await wp.php(`delete_option( 'donation_widgets_settings' );`);
  });

  /** Opens the settings screen as the admin, fills fields by label and saves. */
  const save = async (fields: Record<string, string>) =>
    saveSettings((await wp.open(SETTINGS, { admin: true })).page, fields);

  it('saves a Google key on Settings → Donation widgets and the front-end config changes', async () => {
    const before = await wp.open(searchPage);
    expect((await readConfig(before.page))[0].maps).toEqual({ provider: 'auto' });
    await save({
      'Map provider': 'google',
      'Google Maps API key': 'AIzaTestKey_123-abc',
      'Request timeout': '7',
    });
    const { page } = await wp.open(searchPage);
    const [config] = await readConfig(page);
    expect(config.maps).toEqual({ provider: 'google', googleApiKey: 'AIzaTestKey_123-abc' });
    expect(config.requestTimeoutMs).toBe(7000);
  });

  it('refuses an invalid value with an error naming the field and keeps the value saved before', async () => {
    await save({ 'Google Maps API key': 'GoodKey1' });
    const page = await save({ 'Google Maps API key': 'bad key!', 'Tile URL': 'javascript:alert(1)//{z}' });
    const errors = await page.locator('.notice-error, .error').allInnerTexts();
    expect(errors.join('\n')).toContain(
      'Google Maps API key: a key holds only letters, digits, hyphens and underscores.',
    );
    expect(errors.join('\n')).toContain('Tile URL: enter an http(s) URL template');
    expect(await wp.php("echo donation_widgets_get( 'donation_widgets_google_api_key' );")).toBe('GoodKey1');
    expect(await wp.php("echo donation_widgets_get( 'donation_widgets_tile_url' );")).toBe('');
  });

  it('keeps hostile setting values as data on the settings screen and in the page', async () => {
    const hostile = `</script><script>window.__pwned=true</script>"' onmouseover="window.__pwned=true`;
    const page = await save({ 'Tile attribution': hostile });
    expect(await page.getByLabel('Tile attribution', { exact: true }).inputValue()).toBe(hostile);
    // A value no sanitizer let through (written by an older version or straight into the database) and
    // one added by a theme through the filter.
    await wp.php(`global $wpdb; $settings = get_option( 'donation_widgets_settings' );
      $settings['donation_widgets_boundary_base_url'] = 'javascript:alert(1)';
      $wpdb->update( $wpdb->options, array( 'option_value' => serialize( $settings ) ), array( 'option_name' => 'donation_widgets_settings' ) );`);
    const front = await wp.open(searchPage, { fixture: ['transaction'] });
    const [config] = await readConfig(front.page);
    expect(config.maps.tileAttribution).toBe(hostile);
    expect(config.boundaryBaseUrl).toBe('javascript:alert(1)');
    expect(config.analytics).toEqual({ transactionId: 'order-4711' });
    const raw = await front.page.locator('#donation-widgets-config').evaluate((e) => e.textContent ?? '');
    expect(raw).not.toMatch(/[<>]/);
    await search(front.page, '10001');
    expect(await outcome(front.page)).toBe('results');
    await expect
      .poll(() => front.page.locator('.leaflet-control-attribution').textContent())
      .toContain(hostile);
    expect(await front.page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(front.pageErrors).toEqual([]);
  });

  it('tells the admin in Site Health whether the route, the files and the map provider are in order', async () => {
    await save({ 'Map provider': 'google', 'Google Maps API key': '' });
    const { page } = await wp.open('/wp-admin/site-health.php', { admin: true });
    await page.locator('.site-health-issues-wrapper').first().waitFor();
    await expect
      .poll(() => page.locator('#health-check-issues-critical').innerText())
      .toContain('Google Maps is chosen without an API key');
    // The route's and the files' tests run asynchronously, after the screen is shown.
    const passed = page.locator('#health-check-issues-good');
    await expect.poll(() => passed.textContent()).toContain('The donations search route is registered');
    await expect.poll(() => passed.textContent()).toContain('The donation widgets files are present');
  });

  it('leaves nothing behind after deactivation and uninstall, and installs again from the zip', async () => {
    await save({ 'Google Maps API key': 'KeyToForget', 'Tile attribution': 'Tiles by us' });
    // A search answer kept, where a site with no object cache keeps it: a transient in the options table.
    await getRaw(wp.site.url, '/wp-json/donations/v1/search/10001/15/30', { cookie: 'fixture=keep' });
    expect(
      await wp.php(`global $wpdb; echo $wpdb->get_var(
        "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_donation\\_widgets\\_answers\\_%'" );`),
    ).not.toBe('0');
    // And what makes kept answers stale: the change sequence, a zip's stamp and the global one.
    await wp.php(`donation_widgets_answers_changed( array( '10001' ) ); donation_widgets_forget_answers();`);
    const { page } = await wp.open('/wp-admin/plugins.php', { admin: true });
    await Promise.all([
      page.waitForURL(/deactivate=true/),
      pluginRow(page)
        .getByRole('link', { name: /^Deactivate/ })
        .click(),
    ]);
    const visitor = await wp.open(searchPage);
    expect(
      await visitor.page.locator('#donation-widgets-config, script[src*="donation-widgets"]').count(),
    ).toBe(0);
    // A deactivated plugin keeps its settings for when it comes back.
    expect(
      await wp.php("echo get_option( 'donation_widgets_settings' )['donation_widgets_google_api_key'];"),
    ).toBe('KeyToForget');

    page.once('dialog', (dialog) => dialog.accept());
    await pluginRow(page)
      .getByRole('link', { name: /^Delete/ })
      .click();
    await page.locator('tr.plugin-deleted-tr').waitFor();
    const left = await wp.php(`global $wpdb; echo implode( ',', $wpdb->get_col(
      "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%donation%widgets%'" ) );`);
    expect(left).toBe('');
    expect(await readdir(path.join(wp.site.root, 'wp-content/plugins'))).not.toContain('donation-widgets');

    await uploadAndActivate(page, wp.site.url, wp.site.zip);
    const again = await wp.open(searchPage);
    expect((await readConfig(again.page))[0].maps).toEqual({ provider: 'auto' });
  });

  it('passes php -l on every PHP file of the installed plugin', async () => {
    const dir = path.join(wp.site.root, 'wp-content/plugins/donation-widgets');
    const files = (await readdir(dir, { recursive: true }))
      .map(String)
      .filter((file) => file.endsWith('.php'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const { stdout } = await run('php', ['-l', path.join(dir, file)]);
      expect(stdout).toContain('No syntax errors detected');
    }
  });

  it('writes nothing of its own to debug.log under WP_DEBUG', async () => {
    // Every screen and page the plugin touches, once more, so this test stands alone.
    await wp.open(searchPage, { admin: true });
    await wp.open(SETTINGS, { admin: true });
    await wp.open('/wp-admin/site-health.php', { admin: true });
    await pageWith(
      wp.php,
      'shortcode-mistakes',
      '[donation_widget island="nope"][donation_widget island="donors-search" colour=red]',
    );
    await wp.open('/shortcode-mistakes/', { admin: true });
    const ours = (await readDebugLog(wp.site)).filter((line) => line.includes('plugins/donation-widgets/'));
    expect(ours).toEqual([]);
  });
});
