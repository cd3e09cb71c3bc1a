/**
 * The plugin on a site that runs Donation Manager (its stand-in, fixture/donation-manager/, switched on by
 * the `donation-manager` fixture cookie): its donors search script, the Google Maps script it loads and
 * its scripts.js after jQuery are retired, and printed again when the admin turns retiring off; its date
 * picker stays. Settings and Site Health say so. Its form's search as an address prints into its own sentence
 * and table; with JavaScript the island searches there in place, whether its scripts are retired or not.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SETTINGS } from './admin.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

/** Text only Donation Manager's scripts.js holds (its stand-in's priority note handler). */
const SCRIPTS_JS = '.priority-note button.elementor-alert-dismiss';
const SEARCH_ROUTE = '/wp-json/donations/v1/search/';
const GOOGLE_MAPS = readFileSync(
  new URL('../../mock-server/demo/donation-manager/google-maps.js', import.meta.url),
  'utf8',
);
const ADDRESS = '?zipcode=10001&radius=15&days=30';
// Script tags are matched with either quote: before 6.3 WordPress printed single quotes.

describeWordPress('the plugin on a site that runs Donation Manager', () => {
  const wp = useWordPress();
  let searchPage = '';
  let stepPage = '';
  let locatorPage = '';
  let islandPage = '';

  /** The page's HTML as a browser with the fixture's switches gets it. */
  const html = async (path: string, switches: string[]) =>
    (
      await fetch(new URL(path, wp.site.url), { headers: { cookie: `fixture=${switches.join(',')}` } })
    ).text();
  const setRetiring = (on: boolean) =>
    wp.php(`
      $settings = get_option( DONATION_WIDGETS_OPTION, array() );
      $settings['donation_widgets_retire_dm_scripts'] = ${on ? 'true' : 'false'};
      update_option( DONATION_WIDGETS_OPTION, $settings );
    `);

  beforeAll(async () => {
    // The settings as a fresh install has them (retiring on), whatever a file before this one left.
    await wp.php('delete_option( DONATION_WIDGETS_OPTION );');
    searchPage = await pageWith(wp.php, 'donation-manager-search', '[donors_in_your_area]');
    stepPage = await pageWith(wp.php, 'donation-manager-step', '[donationform]');
    islandPage = await pageWith(
      wp.php,
      'donation-manager-island',
      '[donation_widget island="donors-search"]',
    );
    locatorPage = await pageWith(wp.php, 'donation-manager-locator', '[donors_in_your_area][store_locator]');
    // A classic theme: the shortcode enqueues its script after wp_head, not before as a block theme's template.
    await wp.php(`
      $dir = get_theme_root() . '/stand-in-classic';
      wp_mkdir_p( $dir );
      file_put_contents( $dir . '/style.css', "/*\\nTheme Name: Stand-in classic\\n*/\\n" );
      file_put_contents( $dir . '/index.php', '<!DOCTYPE html><html><head><?php wp_head(); ?></head><body><main><?php while ( have_posts() ) { the_post(); the_content(); } ?></main><?php wp_footer(); ?></body></html>' );
    `);
  });
  afterAll(() => setRetiring(true));

  it.each([
    { theme: 'the block theme', switches: ['donation-manager'] },
    { theme: 'a classic theme', switches: ['donation-manager', 'classic-theme'] },
  ])(
    'prints neither its donors search script, its Maps script nor its scripts.js, in $theme',
    async ({ switches }) => {
      const page = await html(searchPage, [...switches, 'jquery-inline']);
      expect(page).toContain('id="donors-in-your-area"');
      expect(page).not.toContain('donors-by-zipcode');
      expect(page).not.toContain('maps.googleapis.com');
      expect(page).not.toContain('wpvars');
      expect(page).not.toContain(SCRIPTS_JS);
      // jQuery stays, and so does what another plugin added after it.
      expect(page).toMatch(/<script [^>]*src=["'][^"']*\/jquery\/jquery(\.min)?\.js/);
      expect(page).toContain('window.anotherPluginAfterJquery = true;');
    },
  );

  // `googlemaps` is a handle themes and store locators share: retiring Donation Manager's script leaves it
  // to whatever else asks for it, whenever that is.
  it.each([
    { asker: 'a theme by handle, early on wp_enqueue_scripts', switches: ['theme-maps-early'] },
    { asker: 'a theme by handle, last on wp_enqueue_scripts', switches: ['theme-maps-last'] },
    { asker: 'a theme by handle, while the footer prints', switches: ['theme-maps-footer'] },
    { asker: "a store locator's shortcode in the content", switches: ['store-locator'], locator: true },
  ])('prints the Maps script once where $asker asks for it', async ({ switches, locator }) => {
    for (const theme of [[], ['classic-theme']]) {
      const page = await html(locator ? locatorPage : searchPage, [
        'donation-manager',
        ...theme,
        ...switches,
      ]);
      expect(page).toContain('id="donors-in-your-area"');
      expect(page).not.toContain('donors-by-zipcode');
      expect(page).not.toContain('wpvars');
      expect(
        page.match(/<script [^>]*src=["']https:\/\/maps\.googleapis\.com\/maps\/api\/js\?key=/g),
      ).toHaveLength(1);
      if (locator) expect(page).toMatch(/<script [^>]*src=["'][^"']*\/store-locator\/locator\.js/);
    }
  });

  it('keeps its date picker on the pick-up dates step', async () => {
    const page = await html(stepPage, ['donation-manager', 'dm-select-preferred-pickup-dates']);
    expect(page).toContain('id="show-priority"');
    expect(page).toMatch(/<script [^>]*src=["'][^"']*\/lib\/js\/glDatePicker\.min\.js/);
    expect(page).toMatch(/<script [^>]*src=["'][^"']*\/lib\/js\/gl-datepicker\.js/);
    expect(page).toContain('var vars = ');
    expect(page).not.toContain(SCRIPTS_JS);
  });

  it('says so in Settings and Site Health, and prints them all again when the admin turns retiring off', async () => {
    const health = await wp.open('/wp-admin/site-health.php', { admin: true, fixture: ['donation-manager'] });
    await expect
      .poll(() => health.page.locator('#health-check-issues-good').textContent())
      .toContain("Donation Manager's donors search and alert scripts are retired");
    await health.context.close();

    const { page, context } = await wp.open(SETTINGS, { admin: true, fixture: ['donation-manager'] });
    try {
      const state = page.locator('#donation-widgets-retiring-state');
      await expect(state.textContent()).resolves.toMatch(
        /^Donation Manager is active\. Its donors search script/,
      );
      const retire = page.getByLabel("Retire Donation Manager's donors search script", { exact: false });
      await expect(retire.isChecked()).resolves.toBe(true);
      await retire.uncheck();
      await Promise.all([
        page.waitForURL(/settings-updated=true/),
        page.getByRole('button', { name: 'Save Changes' }).click(),
      ]);
      await expect(state.textContent()).resolves.toMatch(/^Donation Manager is active, and retiring is off/);
      await expect(retire.isChecked()).resolves.toBe(false);

      const printed = await html(searchPage, ['donation-manager', 'classic-theme']);
      expect(printed).toMatch(/<script [^>]*src=["'][^"']*\/lib\/js\/donors-by-zipcode\.js/);
      expect(printed).toMatch(/src=["']https:\/\/maps\.googleapis\.com\/maps\/api\/js\?key=stand-in-key/);
      expect(printed).toContain('var wpvars = ');
      expect(printed).toContain(SCRIPTS_JS);
    } finally {
      await context.close();
      await setRetiring(true);
    }
  });

  it("prints an address's search into Donation Manager's own sentence and table, as a browser without JavaScript gets it", async () => {
    const page = await html(
      `${searchPage}${ADDRESS}&utm_source=newsletter-injected&fbclid=tracker-injected`,
      ['donation-manager'],
    );
    const section = page.slice(page.indexOf('id="donors-in-your-area"'), page.indexOf('</main>'));
    expect(section).toContain(
      '<input type="number" name="zipcode" id="zipcode" class="form-control" value="10001">',
    );
    // Only the page's own keys are carried: a cache that leaves tracking parameters out of its key would
    // otherwise serve them to every visitor.
    expect(page).not.toContain('-injected');
    expect(section).toMatch(
      /<div class="alert alert-info alert-donors">\s*<code id="display_count">4<\/code>/,
    );
    expect(section).toContain(
      '<code id="display_radius">15</code> miles of <code id="display_zipcode">10001</code>',
    );
    // The island's own rows (their buttons wait for it), in Donation Manager's table, its header kept; titles as text.
    const table = section.slice(
      section.indexOf('id="donors-in-your-area-table"'),
      section.indexOf('</table>'),
    );
    expect(table).toContain('<th scope="col">#</th>');
    expect(table.match(/<tr><td><button type="button" class="donors-row-show"/g)).toHaveLength(4);
    expect(table).toContain('Dining table &lt;b&gt;oak&lt;/b&gt;');
    // The answer, in the form the island takes over.
    const form = section.slice(0, section.indexOf('</form>'));
    expect(form).toContain('<script type="application/json" class="donors-search-answer">');
    expect(section).toMatch(/<div class="alert alert-warning alert-before" style="display: none;">/);
  });

  it('prints the search into markup that holds any characters, a script with "</div>", an SVG and a template', async () => {
    const page = await html(`${searchPage}${ADDRESS}`, ['donation-manager', 'dm-markup-extras']);
    expect(page).toContain('<h2 class="dm-heading">Dons près de chez vous 🎉</h2>');
    expect(page).toContain('<script>window.dmMarkup = "</div>";</script>');
    expect(page).toContain('<template class="dm-template"><p>Modèle</p></template>');
    expect(page).toContain('value="10001"');
    expect(page).toContain('<code id="display_count">4</code>');
    const { page: tab, pageErrors } = await wp.open(`${searchPage}${ADDRESS}`, {
      fixture: ['donation-manager', 'dm-markup-extras'],
    });
    expect(await tab.evaluate(() => (window as { dmMarkup?: string }).dmMarkup)).toBe('</div>');
    expect(await tab.locator('.dm-icon').getAttribute('viewBox')).toBe('0 0 10 10');
    // WordPress's emoji script may draw the emoji as an image where the browser lacks the font (as on 6.1).
    expect(
      await tab
        .locator('.dm-heading')
        .evaluate((h2) => h2.textContent + (h2.querySelector('img')?.alt ?? '')),
    ).toBe('Dons près de chez vous 🎉');
    expect(await tab.locator('#donors-in-your-area-table tbody tr').count()).toBe(4);
    expect(pageErrors).toEqual([]);
  });

  it('prints markup with invalid UTF-8 or a NUL as Donation Manager printed it, its form unfilled', async () => {
    const response = await fetch(new URL(`${searchPage}${ADDRESS}`, wp.site.url), {
      headers: { cookie: 'fixture=donation-manager,dm-markup-bytes' },
    });
    const page = Buffer.from(await response.arrayBuffer());
    expect(page.includes(Buffer.from('<p class="dm-bytes">Dons \xFF\xFE pr\0s</p>', 'latin1'))).toBe(true);
    expect(page.includes('<input type="number" name="zipcode" id="zipcode" class="form-control" />')).toBe(
      true,
    );
    expect(page.includes('donors-search-answer')).toBe(false);
  });

  // One rule for what the address carries back into a printed form, Donation Manager's or the island's:
  // the search's fields and the page's keys, each valid UTF-8 without a NUL (address-parameters.cases.json).
  it.each([
    { form: "Donation Manager's form", island: false },
    { form: "the island's markup", island: true },
  ])('carries only text back into $form, and searches only for text', async ({ island }) => {
    const bytesOf = async (address: string) =>
      Buffer.from(
        await (
          await fetch(new URL(`${island ? islandPage : searchPage}${address}`, wp.site.url), {
            headers: { cookie: 'fixture=donation-manager' },
          })
        ).arrayBuffer(),
      );
    const page = await bytesOf(`${ADDRESS}&zipcode-2=60601&zipcode-3=%FF%FE&radius-2=1%002`);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(page);
    expect(text).not.toContain('\0');
    const hidden = [...text.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(
      (m) => `${m[1]}=${m[2]}`,
    );
    expect(hidden).toEqual(['zipcode-2=60601']);
    expect(text).toContain('class="donors-search-answer"');

    const nul = await bytesOf('?zipcode=100%0001&radius=15&days=30');
    expect(nul.includes(0)).toBe(false);
    expect(nul.includes('donors-search-answer')).toBe(false);
  });

  it("prints the route's failure line in Donation Manager's status", async () => {
    const page = await html(`${searchPage}?zipcode=1234&radius=15&days=30`, ['donation-manager']);
    expect(page).toContain(
      '<div class="alert alert-warning alert-before"><p>ERROR: The zip code must have 5 digits. Please try another search.</p></div>',
    );
    expect(page).toMatch(/<tbody>\s*<\/tbody>/);
  });

  // The island's side of Donation Manager's markup: the page searches in place, once, with the island's rows.
  it.each([
    { scripts: 'retired', switches: ['donation-manager'] },
    { scripts: 'printed (retiring off, the script tag alone)', switches: ['donation-manager'], off: true },
  ])('searches in place with JavaScript, its scripts $scripts', async ({ switches, off }) => {
    if (off) await setRetiring(false);
    try {
      const { page, requests, pageErrors } = await wp.open(searchPage, {
        fixture: switches,
        // Google Maps, which Donation Manager's script draws on, stood in (tests reach no other origin).
        before: (context) =>
          context.route(/^https:\/\/maps\.googleapis\.com\//, (route) =>
            route.fulfill({ contentType: 'text/javascript', body: GOOGLE_MAPS }),
          ),
      });
      await page.evaluate(() => {
        (window as { stayed?: boolean }).stayed = true;
      });
      await page.locator('#zipcode').fill('10001');
      await page.locator('#donors-in-your-area button[type="submit"]').click();
      await expect.poll(() => page.locator('#display_zipcode').textContent()).toBe('10001');
      const rows = page.locator('#donors-in-your-area-table tbody tr');
      await expect.poll(() => rows.count()).toBe(4);
      expect(await page.locator('#donors-in-your-area-table tbody button.donors-row-show').count()).toBe(4);
      expect(await page.locator('#donors-in-your-area-table tbody b').count()).toBe(0);
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      expect(requests.filter((url) => url.includes(SEARCH_ROUTE))).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    } finally {
      if (off) await setRetiring(true);
    }
  });

  it("shows an address's search on load with JavaScript, without asking the route again", async () => {
    const { page, requests, pageErrors } = await wp.open(`${searchPage}${ADDRESS}`, {
      fixture: ['donation-manager'],
    });
    // The printed rows' buttons wait, disabled, for the island that takes them over.
    const shows = page.locator('#donors-in-your-area-table tbody button.donors-row-show:not([disabled])');
    await expect.poll(() => shows.count()).toBe(4);
    expect(await page.locator('#donors-in-your-area-table tbody tr').count()).toBe(4);
    expect(await page.locator('#display_count').textContent()).toBe('4');
    expect(requests.filter((url) => url.includes(SEARCH_ROUTE))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
