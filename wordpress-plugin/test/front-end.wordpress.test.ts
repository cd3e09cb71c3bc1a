import { beforeAll, expect, it } from 'vitest';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const readConfig = (page: import('playwright-core').Page) =>
  page.$$eval('script#donation-widgets-config', (elements) =>
    elements.map((e) => JSON.parse(e.textContent ?? '')),
  );

describeWordPress('the plugin on the front end of a real WordPress', () => {
  const wp = useWordPress();
  let searchPage = '';

  beforeAll(async () => {
    searchPage = await pageWith(wp.php, 'donors-search', '[donation_widget island="donors-search"]');
  });

  it('prints the loader once as a module script with the plugin version in its URL', async () => {
    const { page } = await wp.open(searchPage);
    const loaders = await page.$$eval('script[src*="donation-widgets.js"]', (scripts) =>
      scripts.map((s) => ({ type: s.getAttribute('type'), src: s.getAttribute('src') })),
    );
    expect(loaders).toEqual([
      {
        type: 'module',
        src: `${wp.site.url}/wp-content/plugins/donation-widgets/dist/donation-widgets.js?ver=0.1.0`,
      },
    ]);
    expect(
      await page.evaluate(
        () => (window as { donationWidgets?: { version: string } }).donationWidgets?.version,
      ),
    ).toBe('0.1.0');
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
      ['119873', 'Sofa, Dresser', '10001'],
      ['119874', 'Boxes of clothes', '10011'],
      ['119876', 'Dining table <b>oak</b>', '10451'],
    ]);
    await expect
      .poll(() => page.locator('#map .donors-search-marker:not(.donors-search-centre)').count())
      .toBe(3);
    const search = requests.filter((r) => r.includes('/wp-json/donations/v1/search/'));
    expect(search).toEqual([`${wp.site.url}/wp-json/donations/v1/search/10001/15/30`]);
  });
});
