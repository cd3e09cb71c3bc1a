<?php
/**
 * One run of the boundary tool at a time on a site, and one request of it at a time. The run open on a
 * site is an option of its own; every request that changes a run (begin, send, finish, cancel) first
 * takes the site's lock, an option row inserted only when none is there (as WordPress's own upgrader
 * locks), so a batch sent again while the first is still being stored, or a cancel sent while the run
 * is published, waits for it or is told to ask again; it never runs beside it.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The option holding the run open on the site. */
const DONATION_WIDGETS_BOUNDARY_RUN = 'donation_widgets_boundary_run';

/** The option row that is the site's lock while a request works on its run. */
const DONATION_WIDGETS_BOUNDARY_LOCK = 'donation_widgets_boundary_lock';

/** Seconds after which a lock is taken as left by a request that died without letting it go. */
const DONATION_WIDGETS_BOUNDARY_LOCK_STALE = 600;

/** Seconds a request waits for the request before it to let go of the lock. */
const DONATION_WIDGETS_BOUNDARY_LOCK_WAIT = 5;

/**
 * Takes the site's lock, waiting a little for a request that holds it; released by
 * donation_widgets_release_boundary_lock(), or when the request ends whatever way it ends.
 *
 * @return string|WP_Error The lock's token.
 */
function donation_widgets_take_boundary_lock() {
	global $wpdb;
	$token    = time() . '-' . wp_generate_password( 12, false );
	$deadline = microtime( true ) + DONATION_WIDGETS_BOUNDARY_LOCK_WAIT;
	for ( ;; ) {
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- an insert that fails when the row is there is the lock itself; a cached read could not be one.
		$taken = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO `$wpdb->options` ( `option_name`, `option_value`, `autoload` ) VALUES ( %s, %s, 'no' )", DONATION_WIDGETS_BOUNDARY_LOCK, $token ) );
		if ( $taken ) {
			register_shutdown_function( 'donation_widgets_release_boundary_lock', $token );
			return $token;
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the lock's row as it is now, never a cached copy.
		$held = (string) $wpdb->get_var( $wpdb->prepare( "SELECT `option_value` FROM `$wpdb->options` WHERE `option_name` = %s", DONATION_WIDGETS_BOUNDARY_LOCK ) );
		if ( '' !== $held && (int) $held < time() - DONATION_WIDGETS_BOUNDARY_LOCK_STALE ) {
			donation_widgets_release_boundary_lock( $held );
			continue;
		}
		if ( microtime( true ) >= $deadline ) {
			return new WP_Error( 'donation_widgets_boundary_busy', __( 'The site is still working on another request of this run of the boundary files (the one before, or the same sent again). Ask again in a moment.', 'donation-widgets' ), array( 'status' => 409 ) );
		}
		usleep( 100000 );
	}
}

/**
 * Lets go of the site's lock, if it is still the one `$token` took.
 *
 * @param string $token The lock's token.
 */
function donation_widgets_release_boundary_lock( $token ) {
	global $wpdb;
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- only the row this request inserted, never a lock another took since.
	$wpdb->query( $wpdb->prepare( "DELETE FROM `$wpdb->options` WHERE `option_name` = %s AND `option_value` = %s", DONATION_WIDGETS_BOUNDARY_LOCK, $token ) );
}

/**
 * The run open on the site, as stored: id, when it started, its pieces folder ('' when the server has no
 * temporary folder outside the web root) and what it holds so far.
 * Read from the database, not a cache, since only the holder of the lock writes it.
 *
 * @return array{id: string, started: int, pieces: string, replaces: string, whole: array<string, int>, parts: array<string, int>, bundles: array<string, string[]>}|null
 *   `whole`: the bytes of each file in the staging folder; `parts`: of each file in pieces; `bundles`:
 *   each bundle's zips; `replaces`: the run it took the place of.
 */
function donation_widgets_open_boundary_run() {
	global $wpdb;
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- read under the lock, as another request last wrote it.
	$stored = $wpdb->get_var( $wpdb->prepare( "SELECT `option_value` FROM `$wpdb->options` WHERE `option_name` = %s", DONATION_WIDGETS_BOUNDARY_RUN ) );
	$run    = null === $stored ? null : maybe_unserialize( $stored );
	if ( ! is_array( $run ) || ! isset( $run['id'], $run['started'], $run['pieces'] ) ) {
		return null;
	}
	$empty = array(
		'replaces' => '',
		'whole'    => array(),
		'parts'    => array(),
		'bundles'  => array(),
	);
	return array_merge( $empty, $run );
}

/**
 * Stores the run open on the site, or that none is (null).
 *
 * @param array|null $run As donation_widgets_open_boundary_run() gives it.
 */
function donation_widgets_save_boundary_run( $run ) {
	if ( null === $run ) {
		delete_option( DONATION_WIDGETS_BOUNDARY_RUN );
	} else {
		update_option( DONATION_WIDGETS_BOUNDARY_RUN, $run, false );
	}
}
