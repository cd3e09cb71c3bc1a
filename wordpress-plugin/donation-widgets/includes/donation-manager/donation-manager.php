<?php
/**
 * Donation Manager's front-end scripts retired where the islands take its markup over: its donors search
 * script (and with it the Google Maps script it alone asks for) and its scripts.js added after jQuery.
 * Two owners for one form would search twice and toggle the priority note twice; its other scripts (the
 * date picker, the contact details' mask, the user portal) stay.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether Donation Manager runs on this site: its main file defines DONMAN_PLUGIN_PATH, and the function
 * that registers its scripts (lib/fns/enqueues.php) is loaded.
 *
 * @return bool
 */
function donation_widgets_donation_manager_active() {
	return defined( 'DONMAN_PLUGIN_PATH' ) && function_exists( 'DonationManager\enqueues\enqueue_scripts' );
}

/**
 * Whether the admin leaves retiring on (the default).
 *
 * @return bool
 */
function donation_widgets_retiring_on() {
	return (bool) donation_widgets_get( 'donation_widgets_retire_dm_scripts' );
}

/**
 * Sanitizes the retiring switch.
 *
 * @param mixed $value The submitted value.
 * @return bool
 */
function donation_widgets_sanitize_retire_donation_manager( $value ) {
	return donation_widgets_accept( 'donation_widgets_retire_dm_scripts', in_array( $value, array( true, 1, '1', 'on', 'yes' ), true ) );
}

/**
 * Runs last on wp_enqueue_scripts, after Donation Manager registered its scripts (priority 101).
 * Deregisters the donors search script, so it prints neither when the shortcode enqueues it later (a
 * classic theme renders the content after this) nor when it already did (a block theme renders its
 * template first): WordPress prints no handle it does not know, silently. Its Maps script is left
 * registered and unqueued, as Donation Manager leaves it: `googlemaps` is a handle themes and store
 * locators use too, and WordPress prints it wherever anything else enqueues it or depends on it, at any
 * time of the request, and nowhere else. Then takes scripts.js, and nothing else, out of what is added
 * after jQuery.
 */
function donation_widgets_retire_donation_manager_scripts() {
	if ( 'retired' !== donation_widgets_retiring_state() ) {
		return;
	}
	$scripts = wp_scripts();
	wp_deregister_script( 'donors-by-zipcode' );

	$after = $scripts->get_data( 'jquery', 'after' );
	$file  = DONMAN_PLUGIN_PATH . 'lib/js/scripts.js';
	if ( ! is_array( $after ) || ! is_readable( $file ) ) {
		return;
	}
	// Donation Manager adds the file's contents as they are: the same text is its script, found by what it is.
	$own  = file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file, read as Donation Manager reads it.
	$kept = array_values(
		array_filter(
			$after,
			function ( $inline ) use ( $own ) {
				return $inline !== $own;
			}
		)
	);
	if ( count( $kept ) !== count( $after ) ) {
		$scripts->add_data( 'jquery', 'after', $kept );
	}
}

/**
 * Where retiring stands, for Settings and Site Health.
 *
 * @return string `retired`, `off` (Donation Manager active, retiring turned off) or `absent`.
 */
function donation_widgets_retiring_state() {
	if ( ! donation_widgets_donation_manager_active() ) {
		return 'absent';
	}
	return donation_widgets_retiring_on() ? 'retired' : 'off';
}
