import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { SETTINGS, saveSettings } from './admin.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

/** The description a field points at with aria-describedby, as one text. */
const descriptionOf = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((ref) => document.getElementById(ref)?.textContent?.trim())
      .join(' | '),
  );

describeWordPress('the settings screen and Site Health guide the admin', () => {
  const wp = useWordPress();
  const islandsFile = () =>
    path.join(wp.site.root, 'wp-content/plugins/donation-widgets/markup/islands.json');
  afterEach(async () => {
    // Every setting back to its default (the next request makes the option again, empty).
    await wp.php(`delete_option( 'donation_widgets_settings' );`);
  });

  it('lists every island of the built markup with a closed shortcode, its block name and its settings', async () => {
    const islands: Record<string, { attributes: Record<string, { label: string; help: string }> }> =
      JSON.parse(await readFile(islandsFile(), 'utf8'));
    const built = Object.keys(islands);
    const { page } = await wp.open(SETTINGS, { admin: true });
    const rows = page.locator('.donation-widgets-islands tbody tr');
    expect(await rows.count()).toBe(built.length);
    for (const [index, name] of built.entries()) {
      const row = rows.nth(index);
      expect(await row.locator('input.donation-widgets-shortcode').inputValue()).toBe(
        `[donation_widget island="${name}" /]`,
      );
      expect(await row.locator('td > code').innerText()).toBe(`donation-widgets/${name}`);
      // The settings are the manifest's, as the build wrote them: the shortcode's name, label and help.
      const settings = Object.entries(islands[name]?.attributes ?? {}).map(
        ([key, { label, help }]) => `${key} ${label}: ${help}`,
      );
      const cell = row.locator('.donation-widgets-island-settings');
      expect(settings.length > 0 ? await cell.locator('li').allInnerTexts() : await cell.innerText()).toEqual(
        settings.length > 0 ? settings : 'None',
      );
    }
  });

  it('lists an island the markup file gains, with no list of its own in the plugin', async () => {
    const original = await readFile(islandsFile(), 'utf8');
    const islands = JSON.parse(original);
    islands['pick-up-days'] = { ...islands['priority-alert'], label: 'Pick-up days' };
    await writeFile(islandsFile(), JSON.stringify(islands));
    try {
      const { page } = await wp.open(SETTINGS, { admin: true });
      const row = page.locator('.donation-widgets-islands tbody tr', { hasText: 'Pick-up days' });
      expect(await row.locator('input').inputValue()).toBe('[donation_widget island="pick-up-days" /]');
    } finally {
      await writeFile(islandsFile(), original);
    }
  });

  it('copies a shortcode from the keyboard and says so; selects it for Ctrl+C where the clipboard is refused', async () => {
    const { page, context } = await wp.open(SETTINGS, { admin: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: wp.site.url });
    const copyButton = (name: string) =>
      page.locator(`button[data-copy="donation-widgets-shortcode-${name}"]`);
    const copy = copyButton('screening-questions');
    expect(await copy.innerText()).toBe('Copy');
    expect(await copy.getAttribute('aria-label')).toMatch(/^Copy the shortcode for /);
    const status = page.locator('#donation-widgets-shortcode-screening-questions-status');
    expect(await status.getAttribute('role')).toBe('status');
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toBe('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      '[donation_widget island="screening-questions" /]',
    );

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('not allowed'));
    });
    await copyButton('donors-search').press('Space');
    await expect
      .poll(() => page.locator('#donation-widgets-shortcode-donors-search-status').innerText())
      .toContain('press Ctrl+C');
    expect(
      await page.evaluate(() => {
        const field = document.activeElement as HTMLInputElement;
        return field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);
      }),
    ).toBe('[donation_widget island="donors-search" /]');
  });

  it('keeps a refused value in its field, marked, with the error next to it, and names what was saved', async () => {
    const { page } = await wp.open(SETTINGS, { admin: true });
    await saveSettings(page, { 'Google Maps API key': 'GoodKey1' });
    await saveSettings(page, { 'Google Maps API key': 'bad key!', 'Request timeout': '9' });

    const key = page.getByLabel('Google Maps API key', { exact: true });
    expect(await key.inputValue()).toBe('bad key!');
    expect(await key.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(page, 'donation_widgets_google_api_key')).toMatch(
      /^Not saved: a key holds only letters, digits, hyphens and underscores\. \| Restrict the key/,
    );
    // The error sits right after its field.
    expect(await key.evaluate((field) => field.nextElementSibling?.className)).toBe(
      'donation-widgets-field-error',
    );
    const timeout = page.getByLabel('Request timeout', { exact: true });
    expect(await timeout.inputValue()).toBe('9');
    expect(await timeout.getAttribute('aria-invalid')).toBeNull();

    expect(await page.locator('.notice-success').innerText()).toContain(
      'Saved: Request timeout. The fields marked below were not saved.',
    );
    expect(await page.locator('.notice-error').innerText()).toContain('Google Maps API key:');
    expect(await wp.php("echo donation_widgets_get( 'donation_widgets_google_api_key' );")).toBe('GoodKey1');
    expect(await wp.php("echo donation_widgets_get( 'donation_widgets_request_timeout' );")).toBe('9');

    // The next visit shows what is stored again, unmarked.
    await page.reload();
    expect(await key.inputValue()).toBe('GoodKey1');
    expect(await key.getAttribute('aria-invalid')).toBeNull();
  });

  it('warns at save when Google Maps is chosen without a key, and says the rest was saved', async () => {
    const { page } = await wp.open(SETTINGS, { admin: true });
    await saveSettings(page, { 'Map provider': 'google', 'Google Maps API key': '' });
    expect(await page.locator('.notice-warning').innerText()).toContain(
      'Google Maps is chosen but no API key is set: the donors search map cannot load.',
    );
    expect(await page.locator('#setting-error-settings_updated').innerText()).toContain('Settings saved.');
    await saveSettings(page, { 'Google Maps API key': 'AIzaKey' });
    expect(await page.locator('.notice-warning').count()).toBe(0);
  });

  it('links each Site Health problem to what fixes it, and names the donations plugin for the route', async () => {
    await saveSettings((await wp.open(SETTINGS, { admin: true })).page, { 'Map provider': 'google' });
    const { page } = await wp.open('/wp-admin/site-health.php', { admin: true, fixture: ['no-route'] });
    const critical = page.locator('#health-check-issues-critical');
    await expect.poll(() => critical.innerText()).toContain('The donations search route is missing');

    const route = critical.locator('.health-check-accordion-trigger', { hasText: 'route is missing' });
    await route.click();
    const routePanel = page.locator(`#${await route.getAttribute('aria-controls')}`);
    expect(await routePanel.innerText()).toContain(
      'The route comes from the donations plugin, not from Donation widgets',
    );
    const plugins = routePanel.getByRole('link', { name: 'Plugins → activate the donations plugin' });
    expect(await plugins.getAttribute('href')).toBe(`${wp.site.url}/wp-admin/plugins.php`);

    const maps = critical.locator('.health-check-accordion-trigger', { hasText: 'without an API key' });
    await maps.click();
    const key = page
      .locator(`#${await maps.getAttribute('aria-controls')}`)
      .getByRole('link', { name: 'Settings → Donation widgets → Google Maps API key' });
    await Promise.all([
      page.waitForURL(/page=donation-widgets#donation_widgets_google_api_key$/),
      key.click(),
    ]);
    await page.getByLabel('Google Maps API key', { exact: true }).waitFor();
  });

  it('adds a Donation widgets section to Site Health → Info, without the key', async () => {
    const secret = 'AIzaSecretKey_do_not_show';
    await saveSettings((await wp.open(SETTINGS, { admin: true })).page, {
      'Map provider': 'google',
      'Google Maps API key': secret,
    });
    const zipcodes = path.join(wp.site.root, 'wp-content/uploads/zipcodes');
    await rm(path.join(zipcodes, 'zip10001.kml'), { force: true });
    // Info shows what the Status tab's asynchronous tests last found: run them first, and wait for the
    // boundary file's to say `found`.
    const info = async (found: string) => {
      const { page } = await wp.open('/wp-admin/site-health.php', { admin: true });
      await expect
        .poll(async () => (await page.locator('.site-health-issues-wrapper').allTextContents()).join(' '))
        .toContain(found);
      await page.goto(new URL('/wp-admin/site-health.php?tab=debug', wp.site.url).href);
      const trigger = page.getByRole('button', { name: 'Donation widgets', exact: true });
      await trigger.click();
      const panel = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
      const rows = await panel
        .locator('tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())));
      return { page, fields: Object.fromEntries(rows) as Record<string, string> };
    };

    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    const before = await info('The donors search map may draw no zip outlines');
    expect(before.fields).toEqual({
      Version: version,
      'Map provider': 'Google Maps',
      'Google Maps API key': 'Set',
      'Boundary base URL': `${wp.site.url}/wp-content/uploads/zipcodes/`,
      'Zip boundary files made on the settings screen': 'None',
      // WordPress answers a missing file with a redirect to one of its pages.
      'Sample boundary file': `${wp.site.url}/wp-content/uploads/zipcodes/zip10001.kml answers, but not with KML: it is not a boundary file`,
      'Donations search route (from the donations plugin)': 'Registered',
      "Donation Manager's front-end scripts": 'Donation Manager is not active',
      // The suite's route on its few fixed rows is its own callback, not Donation Manager's.
      "Who answers Donation Manager's donors search":
        "The donors search route answers with a callback other than Donation Manager's: the site keeps its own.",
    });
    expect(await before.page.content()).not.toContain(secret);

    await mkdir(zipcodes, { recursive: true });
    await writeFile(path.join(zipcodes, 'zip10001.kml'), '<kml xmlns="http://www.opengis.net/kml/2.2"/>');
    try {
      const after = await info('The zip boundary files answer');
      expect(after.fields['Sample boundary file']).toBe(
        `${wp.site.url}/wp-content/uploads/zipcodes/zip10001.kml answers with a KML file`,
      );
    } finally {
      await rm(path.join(zipcodes, 'zip10001.kml'), { force: true });
    }
  });
});
