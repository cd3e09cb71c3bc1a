<?php
/**
 * Donation Manager's donors search answered by the plugin itself, in the same bytes and a fixed number
 * of queries (docs/how-it-works.md#donation-managers-search-answered-by-the-plugin).
 *
 * Its own get_donations_by_area() asks the database twice per donation found (the donor's pickup code,
 * then that zip's coordinates), so the first search of a zip grows with the donations in reach. The
 * answer here is built by the same steps in the same order, with those per-donation lookups made once
 * for all the donations. It takes over only a route it knows: Donation Manager's own callback, in a
 * version it was proven identical to, with PHP not printing its warnings into answers.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Donation Manager's search callback, as it registers it. */
const DONATION_WIDGETS_DM_SEARCH_CALLBACK = 'DonationManager\restapi\get_donations_by_area';

/** The Donation Manager versions whose search this file answers byte for byte. */
const DONATION_WIDGETS_DM_PROVEN_VERSIONS = array( '5.6.1' );

/**
 * Donation Manager's version, from its plugin header (the only place it says it), read once per file
 * version: the object cache holds it under the file's modification time, so an update reads it anew.
 *
 * @return string The version, or '' when there is no readable header.
 */
function donation_widgets_donation_manager_version() {
	static $version = null;
	if ( null !== $version ) {
		return $version;
	}
	$file = defined( 'DONMAN_PLUGIN_PATH' ) ? DONMAN_PLUGIN_PATH . 'donation-manager.php' : '';
	$time = '' !== $file ? @filemtime( $file ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a missing file is an answer here.
	if ( false === $time ) {
		$version = '';
		return $version;
	}
	$key    = 'dm-version-' . md5( $file . '|' . $time );
	$cached = wp_cache_get( $key, 'donation_widgets' );
	if ( is_string( $cached ) ) {
		$version = $cached;
		return $version;
	}
	$header  = get_file_data( $file, array( 'version' => 'Version' ) );
	$version = (string) $header['version'];
	wp_cache_set( $key, $version, 'donation_widgets', DAY_IN_SECONDS );
	return $version;
}

/**
 * Whether PHP prints its warnings into the answers: Donation Manager's own code then sends them before
 * its JSON (a zip missing from its table, no default organization), which the plugin's answer would not.
 *
 * @return bool
 */
function donation_widgets_php_displays_errors() {
	$display = strtolower( (string) ini_get( 'display_errors' ) );
	return 'stderr' !== $display && ( 'stdout' === $display || filter_var( $display, FILTER_VALIDATE_BOOLEAN ) );
}

/**
 * Who answers Donation Manager's search on this site, and why, from what is known of it.
 *
 * @param string|null $callback The route's registered callback, or null when the route is not registered.
 * @param array       $facts    `on` (the setting), `version`, `displays_errors`, `functions` (whether the
 *                              Donation Manager functions the answer reuses are loaded).
 * @return string `plugin`, or why Donation Manager's own code answers: `absent`, `replaced`, `off`,
 *                `version`, `display_errors`, `functions`.
 */
function donation_widgets_fast_search_verdict( $callback, array $facts ) {
	if ( null === $callback ) {
		return 'absent';
	}
	if ( DONATION_WIDGETS_DM_SEARCH_CALLBACK !== $callback ) {
		return 'replaced';
	}
	if ( ! $facts['on'] ) {
		return 'off';
	}
	if ( ! in_array( $facts['version'], DONATION_WIDGETS_DM_PROVEN_VERSIONS, true ) ) {
		return 'version';
	}
	if ( $facts['displays_errors'] ) {
		return 'display_errors';
	}
	return $facts['functions'] ? 'plugin' : 'functions';
}

/**
 * The verdict for this site now, and the callback it was given for (the last time WordPress listed its
 * routes, before the plugin swapped anything).
 *
 * @param string|null|false $callback The route's callback as registered; false reads the one last seen.
 * @return string See donation_widgets_fast_search_verdict().
 */
function donation_widgets_fast_search_state( $callback = false ) {
	static $seen = null;
	if ( false === $callback ) {
		$callback = $seen;
	} else {
		$seen = $callback;
	}
	return donation_widgets_fast_search_verdict(
		$callback,
		array(
			'on'              => (bool) donation_widgets_get( 'donation_widgets_fast_search' ),
			'version'         => donation_widgets_donation_manager_version(),
			'displays_errors' => donation_widgets_php_displays_errors(),
			'functions'       => function_exists( 'DonationManager\helpers\get_coordinates' ) && function_exists( 'DonationManager\organizations\get_default_organization' ) && function_exists( DONATION_WIDGETS_DM_SEARCH_CALLBACK ),
		)
	);
}

/**
 * Swaps the search route's callback for the plugin's where the verdict says so, keeping everything else
 * the route was registered with (its permission_callback first). Runs each time WordPress lists its
 * routes (`rest_endpoints`), so a change of setting or version counts from the next request.
 *
 * @param array $endpoints The REST server's routes.
 * @return array
 */
function donation_widgets_take_over_search_route( $endpoints ) {
	foreach ( $endpoints as $route => $handlers ) {
		if ( ! is_array( $handlers ) || 0 !== strpos( $route, '/donations/v1/search/' ) ) {
			continue;
		}
		$single = isset( $handlers['callback'] );
		foreach ( $single ? array( $handlers ) : $handlers as $index => $handler ) {
			// Beside its handlers a route holds its options (its namespace, its schema).
			if ( ! is_array( $handler ) || ! isset( $handler['callback'] ) ) {
				continue;
			}
			if ( 'plugin' !== donation_widgets_fast_search_state( is_string( $handler['callback'] ) ? $handler['callback'] : '' ) ) {
				continue;
			}
			if ( $single ) {
				$endpoints[ $route ]['callback'] = 'donation_widgets_answer_donation_manager_search';
			} else {
				$endpoints[ $route ][ $index ]['callback'] = 'donation_widgets_answer_donation_manager_search';
			}
		}
	}
	return $endpoints;
}

/**
 * Sanitizes the switch.
 *
 * @param mixed $value The submitted value.
 * @return bool
 */
function donation_widgets_sanitize_fast_search( $value ) {
	return donation_widgets_accept( 'donation_widgets_fast_search', in_array( $value, array( true, 1, '1', 'on', 'yes' ), true ) );
}
