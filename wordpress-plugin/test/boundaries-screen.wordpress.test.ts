/**
 * Settings → Donation widgets → Zip boundaries, as an admin who has the plugin zip and the Census file and
 * nothing else: the browser makes the files, the site publishes them from its uploads folder, the donors
 * search draws the outlines and Site Health's boundary test is good. A run cancelled or refused halfway
 * leaves the set the site served before.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SETTINGS } from './admin.ts';
import { censusZip, commandSet, filesOf, newYorkZips, scratchFolder } from './boundary-sets.ts';
import { search } from './search.ts';
import { readDebugLog } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const ROUTE = '**/donation-widgets/v1/boundaries';

describeWordPress('zip boundaries made on the settings screen', () => {
  const wp = useWordPress();
  let scratch: Awaited<ReturnType<typeof scratchFolder>> | undefined;
  let census = '';
  let expected: Record<string, string> = {};
  const uploads = () => path.join(wp.site.root, 'wp-content/uploads');
  const served = () => filesOf(path.join(uploads(), 'zipcodes'));
  /** Folders beside zipcodes/ that runs made and did not remove. */
  const leftovers = async () => (await readdir(uploads())).filter((name) => name.startsWith('zipcodes-'));

  beforeAll(async () => {
    scratch = await scratchFolder();
    census = await censusZip(scratch.dir, newYorkZips());
    expected = await commandSet(census);
  }, 120_000);
  // The other files of the suite expect a site without a set made here.
  afterAll(async () => {
    await scratch?.remove();
    await wp.php('donation_widgets_load_boundaries(); donation_widgets_remove_boundaries();');
  });

  /** Opens the settings screen, picks the file and presses the button; stage texts are recorded. */
  async function startRun(page: Page, only = '') {
    await page.locator('#donation-widgets-boundaries fieldset:not([disabled])').waitFor();
    await page.evaluate(() => {
      const stage = document.getElementById('donation-widgets-boundaries-stage') as HTMLElement;
      const seen: string[] = [];
      (window as { stages?: string[] }).stages = seen;
      new MutationObserver(() => seen.push(stage.textContent ?? '')).observe(stage, { childList: true });
    });
    await page.getByLabel('The downloaded file').setInputFiles(census);
    await page.getByLabel('Only these zips (optional)').fill(only);
    await page.getByRole('button', { name: 'Make and publish the files' }).click();
  }
  const result = (page: Page) => page.locator('#donation-widgets-boundaries-result');

  it('has Site Health send an admin without outlines to the Zip boundaries section', async () => {
    const { page } = await wp.open('/wp-admin/site-health.php', { admin: true });
    const issue = page
      .locator('.health-check-accordion-trigger')
      .filter({ hasText: 'The donors search map may draw no zip outlines' });
    await issue.waitFor();
    await issue.click();
    const panel = page.locator(`#${await issue.getAttribute('aria-controls')}`);
    expect(await panel.innerText()).toContain(
      'Make the files under Settings → Donation widgets → Zip boundaries',
    );
    await Promise.all([
      page.waitForURL(/page=donation-widgets#zip-boundaries$/),
      panel.getByRole('link', { name: 'Settings → Donation widgets → Zip boundaries' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Zip boundaries' }).waitFor();
  });

  it('makes the files in the browser, publishes them as the command writes them, and the map draws the outlines', async () => {
    const { page } = await wp.open(SETTINGS, { admin: true });
    expect(await page.locator('#donation-widgets-boundaries-status').innerText()).toContain(
      'No zip boundary files have been made here yet',
    );
    await startRun(page);
    await expect
      .poll(() => result(page).innerText(), { timeout: 60_000 })
      .toMatch(/^The site serves outlines for/);
    expect(await result(page).getAttribute('role')).toBe('status');
    const kml = Object.keys(expected).filter((name) => name.endsWith('.kml')).length;
    const status = await page.locator('#donation-widgets-boundaries-status').innerText();
    expect(status).toMatch(
      new RegExp(
        `^The site serves outlines for ${kml} zips \\(zip areas 100 to 104\\), made from every zip of the file on `,
      ),
    );
    expect(await page.evaluate(() => (window as { stages?: string[] }).stages)).toEqual([
      'Step 1 of 4: reading cb_2020_us_zcta520_500k.zip…',
      'Step 2 of 4: simplifying the outlines…',
      'Step 3 of 4: writing the files and sending them to the site…',
      'Step 4 of 4: publishing the files…',
    ]);
    // The very bytes `npm run boundaries` writes, and nothing else.
    expect(await served()).toEqual(expected);
    expect(await leftovers()).toEqual([]);

    const searchPage = await pageWith(wp.php, 'boundary-search', '[donation_widget island="donors-search"]');
    const visitor = await wp.open(searchPage);
    await search(visitor.page, '10001');
    await visitor.page.locator('.alert-donors').waitFor({ state: 'visible' });
    // The searched zip and the zips of the donations: 10001, 10011, 10451.
    await expect.poll(() => visitor.page.locator('#map .leaflet-overlay-pane path').count()).toBe(3);
    // The index, then the bundles holding areas 100 and 104.
    const { bundles } = JSON.parse(expected['zips.json'] ?? '{}') as { bundles: Record<string, string[]> };
    const holding = (area: string) => Object.keys(bundles).find((name) => bundles[name]?.includes(area));
    const boundaries = visitor.requests.filter((url) => url.includes('/wp-content/uploads/zipcodes/'));
    expect(boundaries.map((url) => new URL(url).pathname.split('/').pop()).sort()).toEqual(
      ['zips.json', `zips${holding('100')}.json`, `zips${holding('104')}.json`].sort(),
    );
    expect(visitor.pageErrors).toEqual([]);

    const health = await wp.open('/wp-admin/site-health.php', { admin: true });
    await expect
      .poll(async () => (await health.page.locator('#health-check-issues-good').allTextContents()).join(' '))
      .toContain('The zip boundary files answer');
  });

  it('leaves the set the site serves as it was when the run is cancelled', async () => {
    const before = await served();
    expect(Object.keys(before).length).toBeGreaterThan(0);
    const { page } = await wp.open(SETTINGS, { admin: true });
    // The first batch is held on its way, so that the run is surely under way when Cancel is pressed.
    let held: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      held = resolve;
    });
    await page.route(ROUTE, async (route) => {
      if (route.request().postDataJSON()?.action !== 'send') return route.continue();
      held();
      await new Promise(() => {});
    });
    await startRun(page, '100');
    await sending;
    // The keyboard is on Cancel while the run goes, and on the outcome after it.
    const focused = () => page.evaluate(() => document.activeElement?.id);
    expect(await focused()).toBe('donation-widgets-boundaries-cancel');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => result(page).innerText())
      .toBe('Cancelled: the site still serves the files it served before.');
    expect(await focused()).toBe('donation-widgets-boundaries-result');
    await expect.poll(leftovers).toEqual([]);
    expect(await served()).toEqual(before);
    // The form is ready for another run.
    expect(await page.locator('#donation-widgets-boundaries fieldset').isDisabled()).toBe(false);
  });

  it('leaves the set the site serves as it was when the site refuses a file halfway, and says which', async () => {
    const before = await served();
    const { page } = await wp.open(SETTINGS, { admin: true });
    // A file that lies about its content, as a tampered page would send it.
    await page.route(ROUTE, async (route) => {
      const body = route.request().postDataJSON();
      if (body?.action !== 'send') return route.continue();
      const kml = body.files.find((file: { name: string }) => file.name.endsWith('.kml'));
      if (kml) kml.text = kml.text.replace('<Placemark>', '<Placemark><Style><IconStyle/></Style>');
      return route.continue({ postData: JSON.stringify(body) });
    });
    await startRun(page, '104');
    await expect
      .poll(() => result(page).innerText())
      .toMatch(/^The site did not take the files: zip104\d\d\.kml: it holds Style inside Placemark/);
    expect(await result(page).getAttribute('role')).toBe('alert');
    await expect.poll(leftovers).toEqual([]);
    expect(await served()).toEqual(before);
  });

  it('replaces the whole set with a smaller one: the areas left out lose their files', async () => {
    const { page } = await wp.open(SETTINGS, { admin: true });
    await startRun(page, '101');
    await expect
      .poll(() => result(page).innerText(), { timeout: 60_000 })
      .toMatch(/^The site serves outlines for/);
    const names = Object.keys(await served());
    expect(names.length).toBeGreaterThan(2);
    expect(names.every((name) => /^zips?(101\d*)?\.(kml|json)$/.test(name))).toBe(true);
    expect(await page.locator('#donation-widgets-boundaries-status').innerText()).toContain(
      'made from 101 on',
    );
  });

  it('leaves no PHP notice, warning or error of the plugin in debug.log', async () => {
    const ours = (await readDebugLog(wp.site)).filter((line) => line.includes('plugins/donation-widgets/'));
    expect(ours).toEqual([]);
  });
});
