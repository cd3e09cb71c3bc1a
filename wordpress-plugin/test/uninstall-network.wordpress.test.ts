/**
 * uninstall.php on a network of more sites than get_sites() returns by default (100): a WordPress of its
 * own, made a multisite network, so the shared site of the other files stays a single site. Some sites
 * have zip boundary files made on their settings screen, each in its own uploads folder.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { counties, writeGeojson } from '../../tools/zip-boundaries/test-helpers.ts';
import { commandSet, filesOf, scratchFolder } from './boundary-sets.ts';
import { startNetwork } from './wordpress-network.ts';
import { phpString, runPhp, type WordPressSite } from './wordpress-server.ts';
import { describeWordPress, suiteSite } from './wordpress-suite.ts';

const UNINSTALL = fileURLToPath(new URL('../donation-widgets/uninstall.php', import.meta.url));
/** More than one page of get_sites(). */
const SITES = 103;
/** The sites given a set of zip boundary files, each its own. */
const WITH_BOUNDARIES = [1, 2, SITES];

describeWordPress('uninstall on a network', () => {
  let network: { site: WordPressSite; stop: () => Promise<void> } | undefined;
  const php = (code: string) => {
    if (!network) throw new Error('the network did not start');
    return runPhp(network.site, code);
  };

  beforeAll(async () => {
    const suite = suiteSite();
    if (!suite) throw new Error('the suite has no WordPress');
    // The same release as the suite's own site.
    network = await startNetwork(suite.release.source);
    await php(`
      for ( $i = 2; $i <= ${SITES}; $i++ ) {
        $id = wp_insert_site( array( 'domain' => DOMAIN_CURRENT_SITE, 'path' => "/site-$i/" ) );
        if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() ); exit( 1 ); }
      }
      global $wpdb;
      foreach ( $wpdb->get_col( "SELECT blog_id FROM {$wpdb->blogs}" ) as $id ) {
        switch_to_blog( $id );
        update_option( 'donation_widgets_settings', array( 'donation_widgets_google_api_key' => "key-$id", 'donation_widgets_request_timeout' => 9 ) );
        // And one of 0.1.0's options, as a site left it that no request reached since the update.
        update_option( 'donation_widgets_tile_url', 'https://tiles.example.org/{z}/{x}/{y}.png' );
        restore_current_blog();
      }
      update_user_meta( 1, 'donation_widgets_last_save', array( 'refused' => array(), 'saved' => array() ) );
    `);
    await makeBoundarySets();
  }, 600_000);
  afterAll(async () => {
    await network?.stop();
  });

  /** How many of the plugin's options each site still has, keyed by site id, for the sites with any. */
  const leftovers = async () =>
    JSON.parse(
      await php(`
        global $wpdb;
        $left = array();
        foreach ( $wpdb->get_col( "SELECT blog_id FROM {$wpdb->blogs}" ) as $id ) {
          switch_to_blog( $id );
          $count = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'donation\\\\_widgets\\\\_%'" );
          if ( $count ) { $left[ $id ] = $count; }
          restore_current_blog();
        }
        echo wp_json_encode( (object) $left );
      `),
    ) as Record<string, number>;

  /** Rhode Island's counties standing in for zips, published on each of WITH_BOUNDARIES as the route would. */
  let set: Record<string, string> = {};
  const uploadsOf = (id: number) =>
    path.join(network?.site.root ?? '', 'wp-content/uploads', id === 1 ? '' : `sites/${id}`);
  async function makeBoundarySets() {
    const scratch = await scratchFolder();
    try {
      set = await commandSet(await writeGeojson(scratch.dir, counties('44')));
    } finally {
      await scratch.remove();
    }
    const files = Object.entries(set).map(([name, text]) => ({ name, text, at: 0, end: true }));
    const includes = path.join(path.dirname(UNINSTALL), 'includes');
    const made = await php(`
      // As the plugin's main file does: the settings read their schema from the plugin's folder.
      define( 'DONATION_WIDGETS_DIR', ${phpString(`${path.dirname(UNINSTALL)}/`)} );
      foreach ( array( 'settings/settings', 'boundaries/boundaries-files', 'boundaries/boundaries-kml', 'boundaries/boundaries-memory', 'boundaries/boundaries-lock', 'boundaries/boundaries-folders', 'boundaries/boundaries-store', 'boundaries/boundaries-receive', 'boundaries/boundaries-publish', 'boundaries/boundaries-status' ) as $part ) {
        require_once ${phpString(includes)} . "/$part.php";
      }
      $made = array();
      foreach ( array( ${WITH_BOUNDARIES.join(', ')} ) as $id ) {
        switch_to_blog( $id );
        $run  = donation_widgets_begin_boundaries();
        $sent = is_wp_error( $run ) ? $run : donation_widgets_receive_boundaries( $run, json_decode( ${phpString(JSON.stringify(files))}, true ) );
        $set  = is_wp_error( $sent ) ? $sent : donation_widgets_publish_boundaries( $run, 'RI' );
        $made[ $id ] = is_wp_error( $set ) ? $set->get_error_message() : $set['zips'];
        restore_current_blog();
      }
      echo wp_json_encode( $made );
    `);
    expect(JSON.parse(made)).toEqual(Object.fromEntries(WITH_BOUNDARIES.map((id) => [id, 5])));
    // An admin's own file beside a set stays when the set goes.
    await writeFile(
      path.join(uploadsOf(2), 'zipcodes', '.htaccess'),
      'AddType application/vnd.google-earth.kml+xml .kml\n',
    );
  }

  it('gives each site its own set of zip boundary files, in its own uploads folder', async () => {
    for (const id of WITH_BOUNDARIES) {
      const served = await filesOf(path.join(uploadsOf(id), 'zipcodes'));
      delete served['.htaccess'];
      expect(served).toEqual(set);
    }
    expect(await filesOf(path.join(uploadsOf(3), 'zipcodes'))).toEqual({});
  });

  it(`removes the options from all ${SITES} sites and the save record from every user`, async () => {
    expect(
      await php(
        'global $wpdb; echo is_multisite() ? $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->blogs}" ) : 0;',
      ),
    ).toBe(String(SITES));
    expect(Object.keys(await leftovers())).toHaveLength(SITES);

    await php(
      `define( 'WP_UNINSTALL_PLUGIN', 'donation-widgets/donation-widgets.php' ); include ${phpString(UNINSTALL)};`,
    );

    expect(await leftovers()).toEqual({});
    expect(await php("echo wp_json_encode( get_user_meta( 1, 'donation_widgets_last_save' ) );")).toBe('[]');
    // Each site's boundary files went with its options; the admin's own file stayed, and its folder.
    expect(await filesOf(path.join(uploadsOf(1), 'zipcodes'))).toEqual({});
    expect(await filesOf(path.join(uploadsOf(SITES), 'zipcodes'))).toEqual({});
    expect(Object.keys(await filesOf(path.join(uploadsOf(2), 'zipcodes')))).toEqual(['.htaccess']);
  }, 300_000);
});
