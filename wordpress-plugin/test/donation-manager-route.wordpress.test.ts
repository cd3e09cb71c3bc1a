/**
 * Donation Manager's donors search answered by the plugin itself
 * (docs/how-it-works.md#donation-managers-search-answered-by-the-plugin): the same bytes as Donation Manager's
 * get_donations_by_area() over generated sites (its stand-in, fixture/donation-manager/lib/fns/api.rest.php),
 * in a number of queries that does not grow with the donations, taken over only where it is proven, and
 * Site Health saying who answers.
 */

import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS } from './admin.ts';
import { type Site, sameAnswer, site } from './donation-manager-sites.ts';
import { getRaw } from './raw-get.ts';
import { phpString, readDebugLog } from './wordpress-server.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const HARNESS = path.join(import.meta.dirname, 'donation-manager-sites.php');
const SITES = 300;
const BATCH = 150;

type Sent = [bytes: string, queries: number];

describeWordPress("Donation Manager's search answered by the plugin", () => {
  const wp = useWordPress();
  const ask = async (sites: Site[]) =>
    JSON.parse(
      await wp.php(`$donation_sites = json_decode( ${phpString(JSON.stringify({ sites }))}, true );
        require ${phpString(HARNESS)};`),
    ) as [Sent, Sent][][];

  it(`sends the bytes Donation Manager sends, over ${SITES} generated sites`, {
    timeout: 120_000,
  }, async () => {
    const seed = Date.now();
    const sites = fc.sample(site, { numRuns: SITES, seed });
    let searches = 0;
    let withDonations = 0;
    for (let start = 0; start < sites.length; start += BATCH) {
      const batch = sites.slice(start, start + BATCH);
      const answers = await ask(batch);
      for (const [index, siteAnswers] of answers.entries()) {
        for (const [which, [[expected], [actual]]] of siteAnswers.entries()) {
          searches += 1;
          if (expected.includes('"number":1')) withDonations += 1;
          if (!sameAnswer(expected, actual))
            expect
              .soft(
                { actual, site: batch[index], search: batch[index]?.searches[which] },
                `seed ${seed}, site ${start + index}`,
              )
              .toEqual({ actual: expected, site: batch[index], search: batch[index]?.searches[which] });
        }
      }
    }
    // The generated sites reach every kind of answer, donations found among them.
    expect(searches).toBeGreaterThan(SITES);
    expect(withDonations).toBeGreaterThan(SITES / 10);
  });

  it('asks the database a fixed number of times, whatever the donations found', {
    timeout: 60_000,
  }, async () => {
    const donations = (count: number): Site['donations'] =>
      Array.from({ length: count }, (_, i) => ({
        title: `Sofa ${i} - Jane`,
        age: 3600 + i * 60,
        status: 'publish',
        org: 0,
        terms: [i % 3],
      }));
    const base = (count: number): Site => ({
      rows: [
        ['60601', 'Chicago', '41.8858000', '-87.6181000'],
        ['60602', 'Chicago', '41.8829000', '-87.6321000'],
        ['60611', 'Chicago', '41.8925000', '-87.6262000'],
      ],
      terms: [
        ['60601', '60601'],
        ['60602', '60602'],
        ['60611', '60611'],
      ],
      org: 2,
      donations: donations(count),
      searches: [{ path: ['60601', '30', '90'], query: {} }],
    });
    const [few, many] = (await ask([base(5), base(200)])).map((answers) => answers[0] as [Sent, Sent]);
    if (!few || !many) throw new Error('the harness answered no search');
    expect(JSON.parse(many[1][0]).data.donations).toHaveLength(200);
    // Donation Manager's own code: two queries more per donation.
    expect(many[0][1] - few[0][1]).toBeGreaterThanOrEqual(2 * 195);
    expect(many[1][1]).toBe(few[1][1]);
  });
});

describeWordPress("Donation Manager's search route taken over on a site with its tables", () => {
  const wp = useWordPress();
  const SEARCH = '/wp-json/donations/v1/search/60601/30/90';
  /** How many times Donation Manager's own code ran: it writes each request to the log. */
  const ownRuns = async () =>
    (await readDebugLog(wp.site)).filter((line) => line.includes('$request = ')).length;
  // Answers are not kept here (Settings: every default but keep search answers 0 minutes): each search runs the route.
  const KEEP_NONE = `update_option( DONATION_WIDGETS_OPTION, array_merge( wp_list_pluck( donation_widgets_settings(), 'default' ),
    array( 'donation_widgets_answers_life' => 0 ) ) );`;
  const search = async (cookie = '') => {
    const before = await ownRuns();
    const answer = await getRaw(wp.site.url, SEARCH, cookie ? { cookie } : {});
    return { ...answer, text: answer.body.toString(), own: (await ownRuns()) - before };
  };
  let header = '';

  beforeAll(async () => {
    header = await wp.php(`echo DONMAN_PLUGIN_PATH . 'donation-manager.php';`);
    await wp.php(`global $wpdb;
      $table = $wpdb->prefix . 'donman_zipcodes';
      $wpdb->query( "CREATE TABLE $table ( ID bigint(20) unsigned NOT NULL AUTO_INCREMENT, ZIPCode mediumint(5) unsigned NOT NULL,
        CityName varchar(35) NOT NULL, Latitude decimal(14,7) NOT NULL, Longitude decimal(14,7) NOT NULL, PRIMARY KEY (ID) )" );
      $wpdb->query( "INSERT INTO $table (ZIPCode, CityName, Latitude, Longitude) VALUES (60601, 'Chicago', 41.8858, -87.6181), (60602, 'Chicago', 41.8829, -87.6321)" );
      $org = wp_insert_post( array( 'post_type' => 'organization', 'post_status' => 'publish', 'post_title' => 'Org' ) );
      $dept = wp_insert_post( array( 'post_type' => 'trans_dept', 'post_status' => 'publish', 'post_title' => 'Dept' ) );
      update_option( 'options_default_organization', $org );
      update_option( 'options_default_transportation_department', $dept );
      foreach ( array( '60601', '60602' ) as $i => $zip ) {
        $id = wp_insert_post( array( 'post_type' => 'donation', 'post_status' => 'publish', 'post_title' => "Sofa $i - Jane", 'post_date' => gmdate( 'Y-m-d H:i:s', time() - 3600 * ( $i + 1 ) ), 'meta_input' => array( 'organization' => $org ) ) );
        wp_set_object_terms( $id, $zip, 'pickup_code' );
      }
      update_option( 'donations_fixture_real_tables', 1 );
      ${KEEP_NONE}`);
  });

  afterAll(async () => {
    await wp.php(`global $wpdb;
      $wpdb->query( 'DROP TABLE IF EXISTS ' . $wpdb->prefix . 'donman_zipcodes' );
      foreach ( get_posts( array( 'post_type' => array( 'donation', 'organization', 'trans_dept' ), 'post_status' => 'any', 'numberposts' => -1 ) ) as $post ) {
        wp_delete_post( $post->ID, true );
      }
      foreach ( array( 'donations_fixture_real_tables', 'options_default_organization', 'options_default_transportation_department', DONATION_WIDGETS_OPTION ) as $option ) {
        delete_option( $option );
      }`);
  });

  it("answers with the plugin's query the bytes Donation Manager's code answers, and with its switch off leaves it to Donation Manager", async () => {
    const fast = await search();
    expect(fast.status).toBe(200);
    expect(fast.own).toBe(0);
    expect(fast.headers['x-donation-widgets-cache']).not.toBe('hit');
    expect(JSON.parse(fast.text).data.donations).toHaveLength(2);

    const admin = await wp.open(SETTINGS, { admin: true });
    await admin.page
      .getByLabel("Answer Donation Manager's search with the plugin's own query", { exact: true })
      .uncheck();
    await Promise.all([
      admin.page.waitForURL(/settings-updated=true/),
      admin.page.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    await admin.context.close();
    const own = await search();
    expect(own.own).toBe(1);
    expect(own.text).toBe(fast.text);
    await wp.php(`${KEEP_NONE}`);
  });

  it("leaves a route whose callback the site replaced to the site's own", async () => {
    const replaced = await search('fixture=returning');
    expect(replaced.headers['x-fixture-user']).toBe('0');
  });

  it('leaves a Donation Manager it is not proven identical to to its own code, and Site Health says why', async () => {
    const words = () =>
      wp.php(`require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager-route-admin.php';
        $state = donation_widgets_fast_search_now(); echo $state, ': ', donation_widgets_fast_search_words( $state );`);
    expect(await words()).toMatch(
      /^plugin: The plugin answers Donation Manager's donors search .*\(Donation Manager 5\.6\.1\)/,
    );
    const original = await wp.php(`echo file_get_contents( ${phpString(header)} );`);
    try {
      await wp.php(
        `file_put_contents( ${phpString(header)}, str_replace( 'Version:         5.6.1', 'Version:         5.7.0', file_get_contents( ${phpString(header)} ) ) ); touch( ${phpString(header)}, time() + 5 );`,
      );
      expect((await search()).own).toBe(1);
      expect(await words()).toBe(
        "version: Donation Manager's own code answers its donors search: Donation Manager 5.7.0 is not one the plugin is proven identical to.",
      );
    } finally {
      await wp.php(
        `file_put_contents( ${phpString(header)}, ${phpString(original)} ); touch( ${phpString(header)}, time() + 10 );`,
      );
    }
    expect((await search()).own).toBe(0);
  });

  describe('who answers, from what is known of the site', () => {
    it.each([
      ['absent', null, {}],
      ['replaced', 'donations_fixture_search_and_return', {}],
      ['off', 'DonationManager\\restapi\\get_donations_by_area', { on: false }],
      ['version', 'DonationManager\\restapi\\get_donations_by_area', { version: '5.7.0' }],
      ['version', 'DonationManager\\restapi\\get_donations_by_area', { version: '' }],
      ['display_errors', 'DonationManager\\restapi\\get_donations_by_area', { displays_errors: true }],
      ['functions', 'DonationManager\\restapi\\get_donations_by_area', { functions: false }],
      ['plugin', 'DonationManager\\restapi\\get_donations_by_area', {}],
    ])('%s for %s with %j', async (verdict, callback, facts) => {
      const all = { on: true, version: '5.6.1', displays_errors: false, functions: true, ...facts };
      const php = (value: unknown) => `json_decode( ${phpString(JSON.stringify(value))}, true )`;
      expect(
        await wp.php(`echo donation_widgets_fast_search_verdict( ${php(callback)}, ${php(all)} );`),
      ).toBe(verdict);
    });
  });
});
