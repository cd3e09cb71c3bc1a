<?php
/**
 * Removes every option the plugin stored, on every site of a network.
 *
 * @package DonationWidgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

// The plugin is inactive here, its main file not loaded: the settings find their schema through this.
defined( 'DONATION_WIDGETS_DIR' ) || define( 'DONATION_WIDGETS_DIR', plugin_dir_path( __FILE__ ) );

require_once __DIR__ . '/includes/settings/settings.php';
require_once __DIR__ . '/includes/consent/consent-settings.php';
require_once __DIR__ . '/includes/boundaries/boundaries-files.php';
require_once __DIR__ . '/includes/boundaries/boundaries-store.php';
require_once __DIR__ . '/includes/boundaries/boundaries-lock.php';
require_once __DIR__ . '/includes/boundaries/boundaries-folders.php';
require_once __DIR__ . '/includes/search/search-store.php';
require_once __DIR__ . '/includes/search/answer-versions.php';

/**
 * Deletes this site's option, and 0.1.0's eight where a site never ran a later version's first request,
 * and the zip boundary files its settings screen made (each site's own, in its uploads folder).
 */
function donation_widgets_delete_options() {
	delete_option( DONATION_WIDGETS_OPTION );
	donation_widgets_remove_boundaries();
	// What Site Health's checks last found (includes/site-health/site-health-info.php).
	delete_transient( 'donation_widgets_checks' );
	// The kept search answers, what makes them stale, and the one version earlier releases kept.
	donation_widgets_delete_kept_answers();
	donation_widgets_delete_changes();
	delete_option( DONATION_WIDGETS_ANSWERS_VERSION );
	delete_option( 'donation_widgets_server_compression' );
	wp_clear_scheduled_hook( 'donation_widgets_probe_compression' );
	foreach ( array_keys( donation_widgets_settings() ) as $option ) {
		delete_option( $option );
	}
}

if ( is_multisite() ) {
	// get_sites() returns 100 sites unless told otherwise: page through them all, a page at a time.
	$donation_widgets_page = 100;
	for ( $donation_widgets_offset = 0; ; $donation_widgets_offset += $donation_widgets_page ) {
		$donation_widgets_sites = get_sites(
			array(
				'fields'                 => 'ids',
				'number'                 => $donation_widgets_page,
				'offset'                 => $donation_widgets_offset,
				'orderby'                => 'id',
				'update_site_meta_cache' => false,
			)
		);
		foreach ( $donation_widgets_sites as $donation_widgets_site ) {
			switch_to_blog( $donation_widgets_site );
			donation_widgets_delete_options();
			restore_current_blog();
		}
		if ( count( $donation_widgets_sites ) < $donation_widgets_page ) {
			break;
		}
	}
} else {
	donation_widgets_delete_options();
}
// What a save left for the screen that follows it: user meta, shared by every site of a network.
delete_metadata( 'user', 0, DONATION_WIDGETS_SAVE_RECORD, '', true );
