/**
 * A page cache and the WP Consent API: a page kept before the API was turned on says nothing of it, so
 * the plugin empties the page caches when the API's plugin is activated or deactivated, and when a
 * consent setting the page carries changes. The cache is WP Super Cache's stand-in
 * (fixture/wp-super-cache/, which keeps and serves pages and empties its folder as the real plugin
 * does); the API, the region and the late script are consent.wordpress.test.ts's stand-ins.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getRaw } from './raw-get.ts';
import { readConfig } from './search.ts';
import { readDebugLog } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const here = import.meta.dirname;
const API_PLUGIN = 'wp-consent-api/wp-consent-api.php';
const CACHE_PLUGIN = 'wp-super-cache/wp-cache.php';
const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];

/** In the page: imports the module at `url` again, then lists the dataLayer's events (consent.wordpress.test.ts). */
const EVENTS_AFTER_IMPORT = new Function(
  'url',
  'return import(url).then(() => window.dataLayer.map((entry) => entry.event));',
) as (url: string) => Promise<string[]>;

describeWordPress('page caches emptied when consent changes', () => {
  const wp = useWordPress();
  let thankYou = '';
  const content = (...parts: string[]) => path.join(wp.site.root, 'wp-content', ...parts);
  /** The file WP Super Cache keeps the thank-you page in. */
  const kept = () => content('cache/supercache/127.0.0.1', thankYou, 'index.html');
  const cachedAnswer = () => getRaw(wp.site.url, thankYou, { Accept: 'text/html' });

  const visit = (fixture: string[] = []) =>
    wp.open(thankYou, {
      fixture,
      before: (context) => context.addInitScript('window.dataLayer = window.dataLayer || [];'),
    });

  /** The events the dataLayer holds once the tracker is done (see consent.wordpress.test.ts). */
  async function eventsOf(page: Page, chunk: string) {
    const url = await page.waitForFunction(
      (name) =>
        performance.getEntriesByType('resource').find((entry) => entry.name.includes(`/chunks/${name}-`))
          ?.name,
      chunk,
    );
    return page.evaluate(EVENTS_AFTER_IMPORT, (await url.jsonValue()) as string);
  }

  /** A visitor's visit that leaves the page kept, and a second answer that comes from the cache. */
  async function keepThePage() {
    const { page } = await visit();
    await readConfig(page);
    expect(existsSync(kept())).toBe(true);
    expect((await cachedAnswer()).headers['x-wp-super-cache']).toBe('Served supercache file from PHP');
  }

  beforeAll(async () => {
    const api = content('plugins/wp-consent-api');
    cpSync(path.join(here, 'fixture/wp-consent-api'), api, { recursive: true });
    mkdirSync(path.join(api, 'assets/js'), { recursive: true });
    cpSync(
      path.join(here, '../../mock-server/demo/public/wp-consent-api.js'),
      path.join(api, 'assets/js/wp-consent-api.js'),
    );
    cpSync(path.join(here, 'fixture/wp-super-cache'), content('plugins/wp-super-cache'), { recursive: true });
    cpSync(
      path.join(here, 'fixture/consent-banner-fixture.php'),
      content('mu-plugins/consent-banner-fixture.php'),
    );
    cpSync(
      path.join(here, 'fixture/delay-javascript-fixture.php'),
      content('mu-plugins/delay-javascript-fixture.php'),
    );
    cpSync(
      path.join(here, '../../mock-server/demo/public/delay-javascript.js'),
      content('mu-plugins/delay-javascript.js'),
    );
    thankYou = await pageWith(wp.php, 'thank-you', '<p>Thank you for your donation.</p>');
    expect(
      await wp.php(
        `activate_plugin( '${CACHE_PLUGIN}' ); echo is_plugin_active( '${CACHE_PLUGIN}' ) ? 'on' : 'off';`,
      ),
    ).toBe('on');
  });

  afterAll(async () => {
    await wp.php(`deactivate_plugins( array( '${CACHE_PLUGIN}', '${API_PLUGIN}' ) );`);
    for (const folder of ['plugins/wp-consent-api', 'plugins/wp-super-cache', 'cache'])
      rmSync(content(folder), { recursive: true, force: true });
    for (const file of ['consent-banner-fixture.php', 'delay-javascript-fixture.php', 'delay-javascript.js'])
      rmSync(content('mu-plugins', file), { force: true });
    await wp.php(`delete_option( DONATION_WIDGETS_OPTION ); donation_widgets_migrate_settings();`);
  });

  it('serves no page kept before the API was turned on: a late script finds conversions still held', async () => {
    await keepThePage();
    expect(
      await wp.php(
        `activate_plugin( '${API_PLUGIN}' ); echo is_plugin_active( '${API_PLUGIN}' ) ? 'on' : 'off';`,
      ),
    ).toBe('on');
    expect(existsSync(kept())).toBe(false);
    // An opt-in region, the API's script delayed until the visitor's first move.
    const { page, pageErrors } = await visit(['consent-optin', 'delay-consent-api']);
    expect((await readConfig(page))[0].consentApi).toBe(true);
    expect(await eventsOf(page, 'tracker-setup')).toEqual([]);
    await page.mouse.move(10, 10);
    await page.waitForFunction(
      () => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function',
    );
    expect(await eventsOf(page, 'tracker-setup')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('serves no page kept while the API ran once it is turned off: conversions go at once', async () => {
    await keepThePage();
    await wp.php(`deactivate_plugins( '${API_PLUGIN}' );`);
    expect(existsSync(kept())).toBe(false);
    const { page } = await visit(['consent-optin']);
    expect((await readConfig(page))[0].consentApi).toBeUndefined();
    await expect.poll(() => eventsOf(page, 'behaviour-islands')).toEqual(DONATION);
  });

  it('empties the cache when a consent setting changes, not when another setting does', async () => {
    await keepThePage();
    await wp.php(`
      $settings = get_option( DONATION_WIDGETS_OPTION );
      $settings['donation_widgets_compress_answers'] = ! donation_widgets_get( 'donation_widgets_compress_answers' );
      update_option( DONATION_WIDGETS_OPTION, $settings );
    `);
    expect(existsSync(kept())).toBe(true);
    await wp.php(`
      $settings = get_option( DONATION_WIDGETS_OPTION );
      $settings['donation_widgets_consent_mode'] = 'tag';
      update_option( DONATION_WIDGETS_OPTION, $settings );
    `);
    expect(existsSync(kept())).toBe(false);
    const { page } = await visit();
    expect((await readConfig(page))[0].analytics).toEqual({ consent: 'tag' });
  });

  it("calls the other page caches' own purges where they run, and a hook for the rest, only for the API", async () => {
    const called = await wp.php(`
      $GLOBALS['called'] = array();
      function w3tc_flush_all() { $GLOBALS['called'][] = 'W3 Total Cache'; }
      function rocket_clean_domain() { $GLOBALS['called'][] = 'WP Rocket'; }
      function wpfc_clear_all_cache( $minified = false ) { $GLOBALS['called'][] = 'WP Fastest Cache' . ( $minified ? ', minified' : '' ); }
      add_action( 'litespeed_purge_all', function () { $GLOBALS['called'][] = 'LiteSpeed Cache'; } );
      add_action( 'donation_widgets_page_caches_cleared', function ( $network ) { $GLOBALS['called'][] = 'hook' . ( $network ? ', network' : '' ); } );
      do_action( 'activated_plugin', 'hello.php', false );
      $other = $GLOBALS['called'];
      do_action( 'deactivated_plugin', 'consent-api-2.0.1/wp-consent-api.php', true );
      echo wp_json_encode( array( $other, $GLOBALS['called'] ) );
    `);
    expect(JSON.parse(called)).toEqual([
      [],
      ['W3 Total Cache', 'WP Rocket', 'LiteSpeed Cache', 'WP Fastest Cache, minified', 'hook, network'],
    ]);
  });

  it('leaves no PHP warning of the plugin or of the cache in debug.log', async () => {
    const lines = await readDebugLog(wp.site);
    expect(lines.filter((line) => /plugins\/(donation-widgets|wp-super-cache)\//.test(line))).toEqual([]);
  });
});
