/**
 * The plugin with the WP Consent API in a real WordPress: declared as following it, the conversions and
 * the map waiting for the visitor's choice on real pages, the Settings section that says what the site's
 * setup means, and nothing changed without the API. CI cannot download the real plugin, so the API is
 * a stand-in that answers as it does (fixture/wp-consent-api/, with the demo's stand-in of its script);
 * the region type comes from a consent plugin's filter (fixture/consent-banner-fixture.php), the
 * visitor's choices from the API's own script, as a banner makes them.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { outcome, readConfig, search } from './search.ts';
import { describeWordPress, type OpenPage, pageWith, useWordPress } from './wordpress-suite.ts';

const here = import.meta.dirname;
const API_PLUGIN = 'wp-consent-api/wp-consent-api.php';
/**
 * An unpacked copy of the real WP Consent API plugin to run these cases on instead of the stand-in (the
 * folder holding its wp-consent-api.php), as docs/testing.md tells; CI has none.
 */
const REAL_API = process.env.WP_CONSENT_API_SOURCE;
const DONATION = [
  'purchase',
  'donation',
  'donation_thank_you_page',
  'completed_donation_w__screening_question',
];
const OSM = 'tile.openstreetmap.org';

/** A page with Google's tag, as far as the tracker can tell: a dataLayer before any script runs. */
const withDataLayer = async (context: { addInitScript(script: string): Promise<void> }) =>
  context.addInitScript('window.dataLayer = window.dataLayer || [];');

/**
 * In the page: imports the module at `url` again, then lists the dataLayer's events. Written as text, so
 * that the test runner does not rewrite its `import()` for Node.
 */
const EVENTS_AFTER_IMPORT = new Function(
  'url',
  'return import(url).then(() => window.dataLayer.map((entry) => entry.event));',
) as (url: string) => Promise<string[]>;

describeWordPress('the plugin and the WP Consent API', () => {
  const wp = useWordPress();
  let thankYou = '';
  let searchPage = '';
  const plugins = () => path.join(wp.site.root, 'wp-content/plugins');
  const muPlugin = () => path.join(wp.site.root, 'wp-content/mu-plugins/consent-banner-fixture.php');
  const delayPlugin = () => path.join(wp.site.root, 'wp-content/mu-plugins/delay-javascript-fixture.php');
  const delayLoader = () => path.join(wp.site.root, 'wp-content/mu-plugins/delay-javascript.js');

  const activateApi = () =>
    wp.php(`activate_plugin( '${API_PLUGIN}' ); echo is_plugin_active( '${API_PLUGIN}' ) ? 'on' : 'off';`);
  const deactivateApi = () => wp.php(`deactivate_plugins( '${API_PLUGIN}' );`);

  beforeAll(async () => {
    const folder = path.join(plugins(), 'wp-consent-api');
    if (REAL_API) cpSync(REAL_API, folder, { recursive: true });
    else {
      cpSync(path.join(here, 'fixture/wp-consent-api'), folder, { recursive: true });
      mkdirSync(path.join(folder, 'assets/js'), { recursive: true });
      cpSync(
        path.join(here, '../../mock-server/demo/public/wp-consent-api.js'),
        path.join(folder, 'assets/js/wp-consent-api.js'),
      );
    }
    cpSync(path.join(here, 'fixture/consent-banner-fixture.php'), muPlugin());
    cpSync(path.join(here, 'fixture/delay-javascript-fixture.php'), delayPlugin());
    cpSync(path.join(here, '../../mock-server/demo/public/delay-javascript.js'), delayLoader());
    expect(await activateApi()).toBe('on');
    thankYou = await pageWith(wp.php, 'thank-you', '<p>Thank you for your donation.</p>');
    searchPage = await pageWith(wp.php, 'consent-search', '[donation_widget island="donors-search"]');
  });

  afterAll(async () => {
    await deactivateApi();
    rmSync(path.join(plugins(), 'wp-consent-api'), { recursive: true, force: true });
    rmSync(muPlugin(), { force: true });
    rmSync(delayPlugin(), { force: true });
    rmSync(delayLoader(), { force: true });
    await wp.php(`delete_option( DONATION_WIDGETS_OPTION ); donation_widgets_migrate_settings();`);
  });

  /**
   * Opens `path` as a visitor in `region`, with a dataLayer, and waits until the page has settled; with
   * `delayed`, the API's script comes late, as an optimiser that delays JavaScript prints it.
   */
  const visit = (target: string, region?: 'optin' | 'optout', { delayed = false } = {}) =>
    wp.open(target, {
      fixture: [...(region ? [`consent-${region}`] : []), ...(delayed ? ['delay-consent-api'] : [])],
      before: (context) => withDataLayer(context),
    });

  const hasApi = (page: Page) =>
    page.evaluate(() => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function');

  /**
   * The events the dataLayer holds once the tracker is done with what it holds: its chunk (with the API,
   * its consent gate's) imported again here resolves only after the tracker's own import ran its
   * callback, in which an allowed conversion is pushed; the allow that follows a check that found nothing
   * proves the conversion was held, not late.
   */
  async function eventsOf(page: Page, chunk = 'tracker-setup') {
    const url = await page.waitForFunction(
      (name) =>
        performance.getEntriesByType('resource').find((entry) => entry.name.includes(`/chunks/${name}-`))
          ?.name,
      chunk,
    );
    return page.evaluate(EVENTS_AFTER_IMPORT, (await url.jsonValue()) as string);
  }

  /** Records a choice for statistics and marketing through the API's script, as a banner does. */
  const choose = (page: Page, value: 'allow' | 'deny') =>
    page.evaluate((choice) => {
      const api = window as unknown as { wp_set_consent(category: string, value: string): void };
      for (const category of ['statistics', 'marketing']) api.wp_set_consent(category, choice);
    }, value);

  /** Searches and waits for the results, then for the map's consent to settle: its note, or its tiles. */
  async function searchOn({ page }: OpenPage) {
    await search(page, '10001');
    expect(await outcome(page)).toBe('results');
    await page.waitForSelector('.donors-map-consent, #map.leaflet-container img.leaflet-tile', {
      state: 'attached',
    });
  }

  it('is listed as following the API, and the API prints its script before the islands run', async () => {
    const answer = await wp.php(`
      echo wp_json_encode( array(
        'registered' => consent_api_registered( plugin_basename( DONATION_WIDGETS_FILE ) ),
        'health'     => call_user_func( apply_filters( 'site_status_tests', array() )['direct']['wp-consent-api']['test'] )['status'],
      ) );`);
    expect(JSON.parse(answer)).toEqual({ registered: true, health: 'good' });
    const { page } = await visit(thankYou, 'optin');
    expect(await hasApi(page)).toBe(true);
    // The page is told, so that the islands wait for the API's script however late it comes.
    expect((await readConfig(page))[0].consentApi).toBe(true);
  });

  describe('the API’s script delayed by an optimiser until the visitor’s first move', () => {
    it('sends no conversion before the script comes, nor after it in an opt-in region until the visitor allows', async () => {
      const { page, pageErrors } = await visit(thankYou, 'optin', { delayed: true });
      expect(await page.locator('script[type="rocketlazyloadscript"]').count()).toBe(1);
      expect(await eventsOf(page)).toEqual([]);
      expect(await hasApi(page)).toBe(false);
      await page.mouse.move(10, 10);
      await page.waitForFunction(
        () => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function',
      );
      expect(await eventsOf(page)).toEqual([]);
      await choose(page, 'allow');
      expect(await eventsOf(page)).toEqual(DONATION);
      expect(pageErrors).toEqual([]);
    });

    it('holds the map with no request to its host until the script came and the visitor allowed', async () => {
      const opened = await visit(searchPage, 'optin', { delayed: true });
      const { page, requests } = opened;
      // Searched without a key, a pointer or a touch: none of them may bring the script in yet.
      await page.getByLabel('Zip code').fill('10001');
      await page.getByRole('button', { name: 'Search' }).evaluate((button: HTMLElement) => button.click());
      expect(await outcome(page)).toBe('results');
      await page.waitForSelector('.donors-map-consent', { state: 'attached' });
      expect(await hasApi(page)).toBe(false);
      await page.mouse.move(10, 10);
      await page.waitForFunction(
        () => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function',
      );
      expect(await page.locator('.donors-map-consent p').first().innerText()).toContain(
        `The map comes from ${OSM}`,
      );
      expect(requests.filter((url) => url.includes(OSM))).toEqual([]);
      await choose(page, 'allow');
      await page.waitForSelector('#map.leaflet-container img.leaflet-tile', { state: 'attached' });
      await expect.poll(() => requests.some((url) => url.includes(OSM))).toBe(true);
    });
  });

  describe('conversions', () => {
    it('sends nothing in an opt-in region before the visitor chooses, each event once on allow, nothing after a reload', async () => {
      const { page, pageErrors } = await visit(thankYou, 'optin');
      expect(await eventsOf(page)).toEqual([]);
      await choose(page, 'allow');
      expect(await eventsOf(page)).toEqual(DONATION);
      await page.reload();
      expect(await eventsOf(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });

    it('sends nothing when the visitor denies', async () => {
      const { page } = await visit(thankYou, 'optin');
      await eventsOf(page);
      await choose(page, 'deny');
      expect(await eventsOf(page)).toEqual([]);
    });

    it('sends at once in an opt-out region where the visitor has not said no', async () => {
      const { page } = await visit(thankYou, 'optout');
      await expect.poll(() => eventsOf(page)).toEqual(DONATION);
    });
  });

  describe('the map', () => {
    it('holds the map in an opt-in region with no request to its host, and loads it once the visitor allows', async () => {
      const opened = await visit(searchPage, 'optin');
      await searchOn(opened);
      const { page, requests } = opened;
      expect(await page.locator('.donors-map-consent p').first().innerText()).toContain(
        `The map comes from ${OSM}`,
      );
      expect(await page.locator('#map').isVisible()).toBe(false);
      expect(requests.filter((url) => url.includes(OSM))).toEqual([]);
      await page.getByRole('button', { name: 'Load the map' }).click();
      await page.waitForSelector('#map.leaflet-container img.leaflet-tile', { state: 'attached' });
      await expect.poll(() => requests.some((url) => url.includes(OSM))).toBe(true);
    });

    it('loads the map at once in an opt-out region', async () => {
      const opened = await visit(searchPage, 'optout');
      await searchOn(opened);
      expect(await opened.page.locator('.donors-map-consent').count()).toBe(0);
    });
  });

  it('says in Settings what the setup means, and carries a re-mapped category and "Let my tag decide" to the page', async () => {
    onTestFinished(() =>
      wp.php(`delete_option( DONATION_WIDGETS_OPTION ); donation_widgets_migrate_settings();`),
    );
    const { page } = await wp.open('/wp-admin/options-general.php?page=donation-widgets', {
      admin: true,
      fixture: ['consent-optin'],
    });
    const status = page.locator('.donation-widgets-consent-status');
    await expect.poll(() => status.innerText()).toContain('for an opt-in region (optin)');
    expect(await status.innerText()).toContain(`The map comes from ${OSM} and waits for Marketing`);
    await page.getByLabel('A map from another host waits for').selectOption('functional');
    await page.getByLabel('Let my tag decide').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/settings-updated=true/);
    expect(await status.innerText()).toContain('Conversions go to your Google tag at once');
    expect(await status.innerText()).toContain('waits for Functional');
    const visitor = await visit(thankYou, 'optin');
    const [config] = await readConfig(visitor.page);
    expect(config.analytics).toEqual({ consent: 'tag' });
    expect(config.maps).toEqual({ provider: 'auto', consentCategory: 'functional' });
    // The site's tag decides: the events go to it at once.
    await expect.poll(() => eventsOf(visitor.page)).toEqual(DONATION);
  });

  it('names the categories the map and the reports wait for in the privacy policy guide', async () => {
    const { page } = await wp.open('/wp-admin/options-privacy.php?tab=policyguide', { admin: true });
    for (const text of [
      /the map is downloaded from one of these services only once you allow the "Marketing" category/,
      /reported to Google Analytics only once you allow the "Statistics" category, and to Google Ads only once you allow the "Marketing" category/,
    ])
      await expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);
  });

  it('names the host of zip boundary files on another host in Settings and in the privacy policy guide', async () => {
    onTestFinished(() =>
      wp.php(`delete_option( DONATION_WIDGETS_OPTION ); donation_widgets_migrate_settings();`),
    );
    await wp.php(`
      $settings = get_option( DONATION_WIDGETS_OPTION );
      $settings['donation_widgets_boundary_base_url'] = 'https://zips.cdn.example/zipcodes/';
      update_option( DONATION_WIDGETS_OPTION, $settings );
    `);
    const { page } = await wp.open('/wp-admin/options-general.php?page=donation-widgets', {
      admin: true,
      fixture: ['consent-optin'],
    });
    const status = page.locator('.donation-widgets-consent-status');
    await expect
      .poll(() => status.innerText())
      .toContain(
        `The map comes from ${OSM} and zips.cdn.example and waits for Marketing, or for the visitor's Load the map.`,
      );
    const guide = await wp.open('/wp-admin/options-privacy.php?tab=policyguide', { admin: true });
    await expect
      .poll(() =>
        guide.page
          .getByText(
            'The outlines of the zip codes on the map come from zips.cdn.example, which receives the same, and only when the map is downloaded.',
          )
          .count(),
      )
      .toBeGreaterThan(0);
  });

  it('changes nothing without the API: not registered, conversions and the map at once, no consent code', async () => {
    await deactivateApi();
    try {
      expect(
        await wp.php(
          `echo has_filter( 'wp_consent_api_registered_' . plugin_basename( DONATION_WIDGETS_FILE ) ) ? 'yes' : 'no';`,
        ),
      ).toBe('no');
      const { page, requests } = await visit(thankYou, 'optin');
      expect((await readConfig(page))[0].consentApi).toBeUndefined();
      await expect.poll(() => eventsOf(page, 'behaviour-islands')).toEqual(DONATION);
      expect(requests.some((url) => url.includes('/chunks/tracker-setup-'))).toBe(false);
      const opened = await visit(searchPage, 'optin');
      await searchOn(opened);
      expect(await opened.page.locator('.donors-map-consent').count()).toBe(0);
      expect(opened.requests.some((url) => url.includes('/chunks/map-consent-watch-'))).toBe(false);
    } finally {
      expect(await activateApi()).toBe('on');
    }
  });
});
