/**
 * What makes a kept answer stale (docs/how-it-works.md#search-answers-kept-and-compressed): a change
 * the search can see stales only the answers whose reach covers its zip, and shows in their next
 * answer; a change every answer reads stales them all; answers are kept whatever their size, and a
 * crawl after a donation replaces its rows rather than adding to them. On the route stand-in's own
 * tables (a zip table of Chicago's 30 zips and three of New York's, donations of a default
 * organization), with the `reach` switch that says each search's zips as the plugin's own route does.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { getRaw, type RawAnswer } from './raw-get.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const SEARCH = '/wp-json/donations/v1/search/';
const REACH = { cookie: 'fixture=reach' };
const CHICAGO = Array.from({ length: 30 }, (_, index) => String(60601 + index));
const NEW_YORK = '10001/15/30';
const LOOP = '60601/15/30';
const SAN_FRANCISCO = '94103/15/30';

/** The stand-in's tables: Chicago's zips 0.7 mile apart going north, New York's three, and a far zip for the large answer. */
const SEED = `
  global $wpdb;
  $table = donations_fixture_zip_table();
  $wpdb->query( "DROP TABLE IF EXISTS $table" );
  $wpdb->query( "CREATE TABLE $table ( ID bigint(20) unsigned NOT NULL AUTO_INCREMENT, ZIPCode mediumint(5) unsigned NOT NULL,
    CityName varchar(35) NOT NULL, Latitude decimal(14,7) NOT NULL, Longitude decimal(14,7) NOT NULL, PRIMARY KEY (ID), KEY ZIPCode (ZIPCode) )" );
  $rows = array( array( 10001, 40.7484, -73.9967, 'New York' ), array( 10011, 40.7418, -74.0002, 'New York' ),
    array( 10451, 40.8202, -73.9235, 'Bronx' ), array( 94103, 37.7725, -122.4147, 'San Francisco' ) );
  foreach ( range( 0, 29 ) as $i ) {
    $rows[] = array( 60601 + $i, 41.8858 + $i * 0.01, -87.6181, 'Chicago' );
  }
  foreach ( $rows as $row ) {
    $wpdb->query( $wpdb->prepare( "INSERT INTO $table (ZIPCode, Latitude, Longitude, CityName) VALUES (%d, %f, %f, %s)", $row[0], $row[1], $row[2], $row[3] ) );
  }
  $org = wp_insert_post( array( 'post_type' => 'organization', 'post_status' => 'publish', 'post_title' => 'Default organization' ) );
  update_option( 'donations_fixture_default_organization', $org );
  update_option( 'options_default_organization', $org );
  update_option( 'donations_fixture_real_tables', 1 );
  echo $org;`;

describeWordPress('kept answers stale only where a change shows', () => {
  const wp = useWordPress();
  const search = (path: string) => getRaw(wp.site.url, SEARCH + path, REACH);
  const state = (answer: RawAnswer) => answer.headers['x-donation-widgets-cache'];
  const titles = (answer: RawAnswer) =>
    (JSON.parse(answer.body.toString()).data.donations as { title: string }[]).map(({ title }) => title);
  /** Searches twice: the second must be a hit, so the answer is kept before the change. */
  const kept = async (path: string) => {
    await search(path);
    expect(state(await search(path))).toBe('hit');
  };
  let org = '';

  /** Files a donation as Donation Manager does: the post, its pickup code, its organization. */
  const file = (title: string, zip: string) =>
    wp.php(`
      $id = wp_insert_post( array( 'post_type' => 'donation', 'post_status' => 'publish', 'post_title' => '${title} - A Donor' ) );
      wp_set_object_terms( $id, '${zip}', 'pickup_code' );
      update_post_meta( $id, 'organization', ${org} );
      echo $id;`);

  beforeAll(async () => {
    org = await wp.php(SEED);
  });

  afterAll(async () => {
    await wp.php(`
      global $wpdb;
      $wpdb->query( 'DROP TABLE IF EXISTS ' . donations_fixture_zip_table() );
      // Thousands of donations, filed in bulk: deleted in bulk.
      $wpdb->query( "DELETE r, m, p FROM {$wpdb->posts} p LEFT JOIN {$wpdb->term_relationships} r ON r.object_id = p.ID
        LEFT JOIN {$wpdb->postmeta} m ON m.post_id = p.ID WHERE p.post_type IN ('donation', 'organization')" );
      foreach ( get_terms( array( 'taxonomy' => 'pickup_code', 'hide_empty' => false, 'fields' => 'ids' ) ) as $term ) {
        wp_delete_term( $term, 'pickup_code' );
      }
      donation_widgets_forget_answers();
      delete_option( 'donations_fixture_real_tables' );
      delete_option( 'donations_fixture_default_organization' );
      delete_option( 'options_default_organization' );`);
  });

  beforeEach(async () => {
    await wp.php(`donation_widgets_forget_answers(); delete_option( DONATION_WIDGETS_OPTION );`);
  });

  it("leaves another city's answers kept when a donation is filed, and shows it in the next answer of its own", async () => {
    await kept(NEW_YORK);
    await kept(LOOP);
    await file('Lamp', '60605');
    expect(state(await search(NEW_YORK))).toBe('hit');
    const loop = await search(LOOP);
    expect([state(loop), titles(loop).includes('Lamp')]).toEqual(['miss', true]);

    await file('Kettle', '10451');
    expect(state(await search(LOOP))).toBe('hit');
    const york = await search(NEW_YORK);
    expect([state(york), titles(york).includes('Kettle')]).toEqual(['miss', true]);
  });

  it('shows a donation trashed, restored and deleted in the next answer, and no other city’s', async () => {
    const id = await file('Trunk', '60602');
    await kept(NEW_YORK);
    for (const [change, shown] of [
      [`wp_trash_post( ${id} );`, false],
      [`wp_untrash_post( ${id} ); wp_publish_post( ${id} );`, true],
      [`wp_delete_post( ${id}, true );`, false],
    ] as const) {
      await kept(LOOP);
      await wp.php(change);
      const next = await search(LOOP);
      expect([change, state(next), titles(next).includes('Trunk')]).toEqual([change, 'miss', shown]);
      expect(state(await search(NEW_YORK))).toBe('hit');
    }
  });

  it('follows a donation whose organization alone changes', async () => {
    const id = await file('Piano', '60603');
    await kept(NEW_YORK);
    for (const [change, shown] of [
      [`update_post_meta( ${id}, 'organization', ${org} + 1000 );`, false],
      [`update_post_meta( ${id}, 'organization', ${org} );`, true],
      [`delete_post_meta( ${id}, 'organization' );`, false],
      [`add_post_meta( ${id}, 'organization', ${org} );`, true],
    ] as const) {
      await kept(LOOP);
      await wp.php(change);
      const next = await search(LOOP);
      expect([change, state(next), titles(next).includes('Piano')]).toEqual([change, 'miss', shown]);
    }
    expect(state(await search(NEW_YORK))).toBe('hit');
  });

  it('follows a pickup code moved to another city, in both cities’ next answers', async () => {
    const id = await file('Easel', '60604');
    await kept(NEW_YORK);
    await kept(LOOP);
    await kept(SAN_FRANCISCO);
    await wp.php(`wp_set_object_terms( ${id}, '10011', 'pickup_code' );`);
    const [loop, york] = [await search(LOOP), await search(NEW_YORK)];
    expect([state(loop), titles(loop).includes('Easel')]).toEqual(['miss', false]);
    expect([state(york), titles(york).includes('Easel')]).toEqual(['miss', true]);
    expect(state(await search(SAN_FRANCISCO))).toBe('hit');
  });

  it('follows a pickup code whose slug is edited, in the old zip’s answers and the new one’s', async () => {
    // WordPress refuses a slug another pickup code has: an earlier test's 10001 goes first.
    await wp.php(`
      $taken = get_term_by( 'slug', '10001', 'pickup_code' );
      if ( $taken ) { wp_delete_term( $taken->term_id, 'pickup_code' ); }`);
    await file('Crib', '60606');
    await kept(NEW_YORK);
    await kept(LOOP);
    const edited = await wp.php(`
      $term = get_term_by( 'slug', '60606', 'pickup_code' );
      $done = wp_update_term( $term->term_id, 'pickup_code', array( 'slug' => '10001' ) );
      echo is_wp_error( $done ) ? $done->get_error_message() : 'edited';`);
    expect(edited).toBe('edited');
    const [loop, york] = [await search(LOOP), await search(NEW_YORK)];
    expect([state(loop), titles(loop).includes('Crib')]).toEqual(['miss', false]);
    expect([state(york), titles(york).includes('Crib')]).toEqual(['miss', true]);
  });

  it("stales every answer when Donation Manager's default organization changes", async () => {
    await file('Rug', '60607');
    await kept(NEW_YORK);
    await kept(LOOP);
    // Donation Manager reads the ACF option; the stand-in reads its own, set alongside.
    await wp.php(`
      update_option( 'donations_fixture_default_organization', ${org} + 1000 );
      update_option( 'options_default_organization', ${org} + 1000 );`);
    try {
      const loop = await search(LOOP);
      expect([state(loop), titles(loop).includes('Rug')]).toEqual(['miss', false]);
      expect(state(await search(NEW_YORK))).toBe('miss');
    } finally {
      await wp.php(`
        update_option( 'donations_fixture_default_organization', ${org} );
        update_option( 'options_default_organization', ${org} );`);
    }
  });

  it('keeps rows of one crawl in the options table after a donation and the same crawl again', async () => {
    const rows = async () =>
      Number(
        await wp.php(`
          global $wpdb;
          echo $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '\\\\_transient\\\\_%donation\\\\_widgets\\\\_answers\\\\_%'" );`),
      );
    expect(await wp.php('echo wp_json_encode( (bool) wp_using_ext_object_cache() );')).toBe('false');
    await wp.php('donation_widgets_delete_kept_answers();');
    const crawl = async () => {
      for (const zip of CHICAGO) expect(state(await search(`${zip}/15/30`))).toMatch(/^(miss|hit)$/);
    };
    await crawl();
    const once = await rows();
    expect(once).toBe(2 * CHICAGO.length);
    await file('Bench', '60610');
    await crawl();
    expect(await rows()).toBe(once);
  });

  it('keeps an answer over a megabyte and serves it byte for byte', async () => {
    // 1,200 donations with long titles near San Francisco: about 1.3 MB of JSON, filed in bulk.
    await wp.php(`
      global $wpdb;
      $term = wp_insert_term( '94103', 'pickup_code', array( 'slug' => '94103' ) );
      $now  = time();
      for ( $i = 0; $i < 1200; $i++ ) {
        $wpdb->insert( $wpdb->posts, array( 'post_type' => 'donation', 'post_status' => 'publish', 'post_author' => 1,
          'post_title' => 'Boxes ' . $i . ' ' . str_repeat( 'of books and records ', 50 ) . '- A Donor', 'post_name' => 'big-' . $i,
          'post_date' => gmdate( 'Y-m-d H:i:s', $now - $i * 1200 ), 'post_date_gmt' => gmdate( 'Y-m-d H:i:s', $now - $i * 1200 ),
          'post_content' => '', 'post_excerpt' => '', 'to_ping' => '', 'pinged' => '', 'post_content_filtered' => '' ) );
        $id = $wpdb->insert_id;
        $wpdb->insert( $wpdb->term_relationships, array( 'object_id' => $id, 'term_taxonomy_id' => $term['term_taxonomy_id'] ) );
        $wpdb->insert( $wpdb->postmeta, array( 'post_id' => $id, 'meta_key' => 'organization', 'meta_value' => ${org} ) );
      }`);
    const miss = await search(SAN_FRANCISCO);
    expect(state(miss)).toBe('miss');
    expect(miss.body.length).toBeGreaterThan(1_048_576);
    expect(titles(miss)).toHaveLength(1200);
    const hit = await search(SAN_FRANCISCO);
    expect(state(hit)).toBe('hit');
    expect(hit.body.equals(miss.body)).toBe(true);
  });
});
