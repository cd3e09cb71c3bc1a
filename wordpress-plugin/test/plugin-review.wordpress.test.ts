/**
 * What a plugin reviewer and a careful admin check beyond the islands themselves: what a page costs the
 * database, the services named in readme.txt and the privacy guide, limits the route sets, Site Health
 * that keeps the screen quick.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { editorNotes } from './islands-at-work.ts';
import { phpString } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const PLUGIN = 'donation-widgets/donation-widgets.php';
// Activation and deactivation live in wp-admin's plugin functions.
const ADMIN = "require_once ABSPATH . 'wp-admin/includes/plugin.php';";
const OLD_OPTIONS = {
  donation_widgets_map_provider: 'google',
  donation_widgets_google_api_key: 'KeyFrom010',
  donation_widgets_google_map_id: '',
  donation_widgets_tile_url: '',
  donation_widgets_tile_attribution: '',
  donation_widgets_boundary_base_url: '/boundaries/',
  donation_widgets_request_timeout: '9',
  donation_widgets_site_search: '1',
};
// Prints, at the very end of a front-end request that asks for it, how many queries the request made.
const COUNTER = `<?php add_action( 'shutdown', function () { if ( isset( $_COOKIE['count-queries'] ) ) { echo '<!-- queries: ' . (int) get_num_queries() . ' -->'; } }, PHP_INT_MAX );`;
const COUNTER_FILE = "WPMU_PLUGIN_DIR . '/count-queries.php'";

describeWordPress('the plugin as a reviewer reads it', () => {
  const wp = useWordPress();

  beforeAll(async () => {
    await wp.php(`file_put_contents( ${COUNTER_FILE}, ${phpString(COUNTER)} );`);
  });
  afterAll(async () => {
    await wp.php(`${ADMIN} wp_delete_file( ${COUNTER_FILE} ); activate_plugin( '${PLUGIN}' );`);
  });

  /** The fewest queries a request for `path` made, over three requests (cron and the like come and go). */
  const queries = async (path: string) => {
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const html = await (
        await fetch(new URL(path, wp.site.url), { headers: { cookie: 'count-queries=1' } })
      ).text();
      const count = /<!-- queries: (\d+) -->/.exec(html)?.[1];
      if (!count) throw new Error(`no query count in ${path}`);
      counts.push(Number(count));
    }
    return Math.min(...counts);
  };

  it('adds at most one query to a front-end page on a fresh install, measured with the plugin on and off', async (ctx) => {
    const path = await pageWith(wp.php, 'counted-page', '[donation_widget island="donors-search" /]');
    // A fresh install: nothing of the plugin's in the database, then activated as the Plugins screen does.
    const activated = await wp.php(`${ADMIN} deactivate_plugins( '${PLUGIN}' ); global $wpdb;
      $wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'donation\\_widgets%'" );
      wp_cache_flush(); echo is_wp_error( activate_plugin( '${PLUGIN}' ) ) ? 'failed' : 'active';`);
    expect(activated).toBe('active');
    const on = await queries(path);
    await wp.php(`${ADMIN} deactivate_plugins( '${PLUGIN}' );`);
    const off = await queries(path);
    await wp.php(`${ADMIN} activate_plugin( '${PLUGIN}' );`);
    await ctx.annotate(`${on} queries with the plugin, ${off} without`);
    expect(on - off).toBeLessThanOrEqual(1);
    // And the settings are one autoloaded option.
    const stored = JSON.parse(
      await wp.php(`global $wpdb; echo wp_json_encode( $wpdb->get_results(
        "SELECT option_name, autoload FROM {$wpdb->options} WHERE option_name LIKE 'donation\\_widgets%'" ) );`),
    );
    expect(stored).toEqual([
      { option_name: 'donation_widgets_settings', autoload: expect.stringMatching(/^(yes|on|auto-on)$/) },
    ]);
  });

  it("moves a 0.1.0 site's eight options into the one, keeping their values, and deletes them", async () => {
    const path = await pageWith(wp.php, 'migrated-settings', '[donation_widget island="donors-search" /]');
    // 0.1.0 with every setting saved, updated by uploading the new zip: the plugin stays active.
    await wp.php(`global $wpdb;
      $wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'donation\\_widgets%'" );
      foreach ( json_decode( '${JSON.stringify(OLD_OPTIONS)}', true ) as $name => $value ) {
        $wpdb->insert( $wpdb->options, array( 'option_name' => $name, 'option_value' => $value, 'autoload' => 'yes' ) );
      }`);
    const html = await (await fetch(new URL(path, wp.site.url))).text();
    const config = JSON.parse(/id="donation-widgets-config">([^<]*)</.exec(html)?.[1] ?? '{}');
    expect(config.maps).toEqual({ provider: 'google', googleApiKey: 'KeyFrom010' });
    expect(config.requestTimeoutMs).toBe(9000);
    expect(config.boundaryBaseUrl).toBe('/boundaries/');
    expect(config.analytics).toEqual({ siteSearch: true });
    const left = await wp.php(`global $wpdb; echo implode( ',', $wpdb->get_col(
      "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE 'donation\\_widgets%'" ) );`);
    expect(left).toBe('donation_widgets_settings');
    await wp.php(`delete_option( 'donation_widgets_settings' );`);
  });

  it('names the external services in readme.txt, with what is sent, when, and their terms and privacy links', async () => {
    const readme = await wp.php(`echo file_get_contents( WP_PLUGIN_DIR . '/donation-widgets/readme.txt' );`);
    const section = /== External services ==\n([\s\S]*?)\n== /.exec(readme)?.[1] ?? '';
    for (const named of [
      'tile.openstreetmap.org',
      'https://operations.osmfoundation.org/policies/tiles/',
      'https://osmfoundation.org/wiki/Privacy_Policy',
      'Google Maps',
      'https://cloud.google.com/maps-platform/terms',
      'https://policies.google.com/privacy',
      'Google Analytics',
      'IP address',
    ])
      expect(section).toContain(named);
  });

  it("adds the plugin's section to the privacy policy guide", async () => {
    const { page } = await wp.open('/wp-admin/options-privacy.php?tab=policyguide', { admin: true });
    const guide = page
      .locator('.privacy-settings-accordion-panel, .policy-text')
      .filter({ hasText: 'tile.openstreetmap.org' });
    await expect.poll(() => guide.count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Donation widgets' }).count()).toBeGreaterThan(0);
  });

  it("names the tile server's usage policy in the settings' help", async () => {
    const { page } = await wp.open('/wp-admin/options-general.php?page=donation-widgets', { admin: true });
    const link = page.locator('#donation_widgets_tile_url-help').getByRole('link', { name: /usage policy/ });
    expect(await link.getAttribute('href')).toBe('https://operations.osmfoundation.org/policies/tiles/');
  });

  it('refuses 180 days where it is set: the shortcode and the settings say the route takes 1 to 99', async () => {
    const path = await pageWith(
      wp.php,
      'days-180',
      '[donation_widget island="donors-search" days-options="30,90,180" /]',
    );
    const editor = await wp.open(path, { admin: true });
    expect(await editorNotes(editor.page)).toEqual([
      'donation_widget: the island "donors-search": days-options "30,90,180" must be whole numbers from 1 to 99, the most the donations search takes.',
    ]);
    const visitor = await wp.open(path);
    expect(await visitor.page.getByLabel('In the last').locator('option').allInnerTexts()).toEqual([
      '30 days',
      '45 days',
      '60 days',
      '90 days',
    ]);
    const settings = await wp.open('/wp-admin/options-general.php?page=donation-widgets', { admin: true });
    const days = settings.page
      .locator('.donation-widgets-island-settings li')
      .filter({ hasText: 'days-options' });
    expect(await days.innerText()).toContain('1 to 99');
  });

  it('runs its Site Health checks asynchronously, and its Info section waits on no request', async () => {
    const found = JSON.parse(
      await wp.php(`
        require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
        require_once WP_PLUGIN_DIR . '/donation-widgets/includes/site-health/site-health.php';
        $tests = donation_widgets_site_status_tests( array( 'direct' => array(), 'async' => array() ) );
        $requests = 0;
        add_filter( 'pre_http_request', function () use ( &$requests ) { $requests++; return new WP_Error( 'blocked', 'no requests here' ); } );
        $info = donation_widgets_debug_information( array() );
        echo wp_json_encode( array( 'direct' => array_keys( $tests['direct'] ), 'async' => array_keys( $tests['async'] ),
          'requests' => $requests, 'server' => isset( $GLOBALS['wp_rest_server'] ) ) );
      `),
    );
    expect(found).toEqual({
      direct: ['donation_widgets_maps'],
      async: [
        'donation_widgets_route',
        'donation_widgets_bundle',
        'donation_widgets_boundaries',
        'donation_widgets_compression',
      ],
      requests: 0,
      server: false,
    });
    // The Status tab runs them and says what they found; the settings at their defaults (compression on).
    await wp.php(`delete_option( 'donation_widgets_settings' );`);
    const { page } = await wp.open('/wp-admin/site-health.php', { admin: true });
    await expect
      .poll(() => page.locator('#health-check-issues-good').textContent(), { timeout: 60_000 })
      .toContain('The donations search route is registered');
    await expect
      .poll(() => page.locator('#health-check-issues-good').textContent())
      .toContain('The donation widgets files are present');
    // This test server does not compress JSON: the plugin does.
    await expect
      .poll(() => page.locator('#health-check-issues-good').textContent())
      .toContain('Search answers travel compressed by Donation widgets');
    // The site has no boundary files: the map would draw no outlines.
    await expect
      .poll(() => page.locator('#health-check-issues-recommended').textContent())
      .toContain('The donors search map may draw no zip outlines');
    // Info then shows what the Status tab found, without asking again.
    await page.goto(new URL('/wp-admin/site-health.php?tab=debug', wp.site.url).href);
    const section = page.locator('#health-check-accordion-block-donation-widgets');
    expect(await section.textContent()).toContain('zip10001.kml');
    expect(await section.textContent()).not.toContain('Not checked');
    expect(await section.textContent()).toMatch(
      /Donations search route \(from the donations plugin\)\s*Registered/,
    );
  });
});
