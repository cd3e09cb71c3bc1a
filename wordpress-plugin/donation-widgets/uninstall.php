<?php
/**
 * Removes every option the plugin stored, on every site of a network.
 *
 * @package DonationWidgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/settings.php';

/** Deletes this site's options. */
function donation_widgets_delete_options() {
	foreach ( array_keys( donation_widgets_settings() ) as $option ) {
		delete_option( $option );
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $site_id ) {
		switch_to_blog( $site_id );
		donation_widgets_delete_options();
		restore_current_blog();
	}
} else {
	donation_widgets_delete_options();
}
