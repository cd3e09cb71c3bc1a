import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { donationsOnMap } from '../../test/support/donors-search/search-markers.ts';
import { expectSmallIslandsWork, printedSearchForm } from './islands-at-work.ts';
import { readConfig } from './search.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describeWordPress('the plugin on the front end of a real WordPress', () => {
  const wp = useWordPress();
  let searchPage = '';

  beforeAll(async () => {
    searchPage = await pageWith(wp.php, 'donors-search', '[donation_widget island="donors-search"]');
  });

  it('prints the loader once as a module script with the plugin version in its URL, enqueued the way the release can', async () => {
    const { page } = await wp.open(searchPage);
    const loaders = await page.$$eval('script[src*="donation-widgets.js"]', (scripts) =>
      scripts.map((s) => ({ type: s.getAttribute('type'), src: s.getAttribute('src'), id: s.id })),
    );
    // WordPress 6.5+ prints what wp_enqueue_script_module enqueued with a `-js-module` id; before, the
    // classic registration's tag, which the plugin turns into a module, has a `-js` id.
    const id = { modules: 'donation-widgets-js-module', classic: 'donation-widgets-js' }[
      wp.site.release.scripts
    ];
    expect(loaders).toEqual([
      {
        type: 'module',
        src: `${wp.site.url}/wp-content/plugins/donation-widgets/dist/donation-widgets.js?ver=${version}`,
        id,
      },
    ]);
    // The build the plugin carries: the package version and a hash of its scripts.
    await expect
      .poll(() =>
        page.evaluate(() => (window as { donationWidgets?: { version: string } }).donationWidgets?.version),
      )
      .toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}\\+[0-9a-f]{8}$`));
  });

  it('prints the page config once, without a nonce for a visitor', async () => {
    const { page } = await wp.open(searchPage);
    expect(await readConfig(page)).toEqual([
      {
        restRoot: `${wp.site.url}/wp-json/`,
        nonceEndpoint: `${wp.site.url}/wp-admin/admin-ajax.php?action=rest-nonce`,
        requestTimeoutMs: 20_000,
        boundaryBaseUrl: `${wp.site.url}/wp-content/uploads/zipcodes/`,
        maps: { provider: 'auto' },
        locale: 'en_US',
        dateFormat: 'F j, Y',
        timeFormat: 'g:i a',
      },
    ]);
  });

  it("fills the table and the map from a visitor's search through WordPress", async () => {
    const { page, requests } = await wp.open(searchPage);
    await page.getByLabel('Zip code').fill('10001');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.alert-donors').waitFor({ state: 'visible' });
    const rows = await page.$$eval('#donors-in-your-area-table tbody tr', (trs) =>
      trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (cell) => cell.textContent)),
    );
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['1', 'Sofa, Dresser', '10001'],
      ['2', 'PRIORITY', '10011'],
      ['3', 'Boxes of clothes', '10011'],
      ['4', 'Dining table <b>oak</b>', '10451'],
    ]);
    // Close donations may share a cluster marker, which names how many it holds.
    await expect.poll(async () => donationsOnMap(page)).toBe(4);
    // Clustered in the worker the zip carries, started from the plugin's own folder.
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual([
      expect.stringMatching(
        /^\/wp-content\/plugins\/donation-widgets\/dist\/chunks\/cluster-worker-[A-Z0-9]+\.js$/,
      ),
    ]);
    const search = requests.filter((r) => r.includes('/wp-json/donations/v1/search/'));
    // Every request asks for the user's locale, as api-fetch's do in wp-admin.
    expect(search).toEqual([`${wp.site.url}/wp-json/donations/v1/search/10001/15/30?_locale=user`]);
  });

  it('lets a theme add per-request keys through the donation_widgets_config filter', async () => {
    const { page } = await wp.open(searchPage, { fixture: ['transaction'] });
    const [config] = await readConfig(page);
    expect(config.analytics).toEqual({ transactionId: 'order-4711' });
    expect(config.restRoot).toBe(`${wp.site.url}/wp-json/`);
  });

  it("prints each island's markup.html from the shortcode, attributes and enclosed content included", async () => {
    const path = await pageWith(
      wp.php,
      'all-islands',
      [
        // Self-closed: WordPress would otherwise read everything up to the lazy background's closing tag
        // as this shortcode's content.
        '[donation_widget island="donors-search" radius-options="5,10" radius="10" days_options="7,14" days="14" zipcode="10001" /]',
        '[donation_widget island="screening-questions" /]',
        '[donation_widget island="priority-alert" /]',
        '[donation_widget island="lazy-background" lazy-background="/wp-content/uploads/truck.jpg"]<p>Our own text</p>[/donation_widget]',
      ].join('\n\n'),
    );
    const { page, pageErrors } = await wp.open(path);
    const host = page.locator('[data-island="donors-search"]');
    expect(await host.evaluate((e) => ({ ...e.dataset }))).toEqual({
      island: 'donors-search',
      radiusOptions: '5,10',
      radius: '10',
      daysOptions: '7,14',
      days: '14',
      zipcode: '10001',
      locate: 'on',
    });
    expect(await printedSearchForm(page)).toEqual({
      zipcode: '10001',
      radius: [['5 miles', '10 miles'], '10'],
      days: [['7 days', '14 days'], '14'],
      unfilled: false,
      mounted: false,
    });
    // The same form as widgets/screening-questions/markup.html, working: a yes reveals the details.
    const markup = readFileSync(
      new URL('../../widgets/screening-questions/markup.html', import.meta.url),
      'utf8',
    );
    const names = [...markup.matchAll(/name="([\w-]+)"/g)].map(([, name]) => name);
    expect(
      await page.$$eval('form[name="screening-questions"] [name]', (fields) =>
        fields.map((f) => f.getAttribute('name')),
      ),
    ).toEqual(names.filter((name) => name !== 'screening-questions'));
    await expectSmallIslandsWork(page, { image: '/wp-content/uploads/truck.jpg', text: 'Our own text' });
    expect(pageErrors).toEqual([]);
  });

  it('answers an unknown island or attribute with a note for editors only, not even a comment for visitors', async () => {
    const path = await pageWith(
      wp.php,
      'shortcode-mistakes-front',
      '[donation_widget island="nope"]\n\n[donation_widget island="donors-search" colour="red"]',
    );
    const visitor = await wp.open(path);
    // A note quotes what the author wrote: a visitor's page, and a cache's copy of it, holds none.
    expect(await visitor.page.content()).not.toContain('donation_widget');
    expect(await visitor.page.locator('.donation-widgets-notice').count()).toBe(0);
    // The island itself is still placed.
    await visitor.page.getByLabel('Zip code').waitFor();

    const admin = await wp.open(path, { admin: true });
    expect(await admin.page.locator('.donation-widgets-notice-message').allInnerTexts()).toEqual([
      'donation_widget: unknown island "nope". Use one of: donors-search, screening-questions, priority-alert, lazy-background.',
      'donation_widget: the island "donors-search": ignored colour; it takes: radius-options, radius, days-options, days, zipcode, locate.',
    ]);
  });

  it('gives a logged-in admin a nonce in the config, printed once', async () => {
    const { page } = await wp.open(searchPage, { admin: true });
    const configs = await readConfig(page);
    expect(configs).toHaveLength(1);
    expect(configs[0].nonce).toMatch(/^[a-f0-9]{10}$/);
  });
});
