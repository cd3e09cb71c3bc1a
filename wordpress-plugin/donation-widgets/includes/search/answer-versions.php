<?php
/**
 * What makes a kept search answer stale (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * Every change a search can see takes the next number of one sequence and stamps it on the zip codes it
 * touches (or on "everything", for a change every answer reads). An answer is kept with the sequence
 * read before its route ran and the zip codes its search covered; it is current while no zip among
 * them, and nothing global, was stamped after it. A number, not a time: two donations in one second,
 * or a route that runs while one is filed, still order.
 *
 * The rows live in the options table and are read and written with SQL of their own on every request,
 * never through the object cache or the options API (whose autoloaded options the object cache holds):
 * a web node whose object cache fell back to memory still writes them where every other node reads.
 * Each write is one statement the database applies atomically, so two donations at once never lose one.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The prefix of the rows: `…sequence`, `…all` (the last global change), `…zip_{zip}` (the last change there). */
const DONATION_WIDGETS_CHANGE_PREFIX = 'donation_widgets_change_';

/** A row's stamp is sequence × this + the Unix time of the change: ordered by sequence, pruned by time. */
const DONATION_WIDGETS_CHANGE_STAMP = 10000000000;

/**
 * The state of the changes now, read from the database: taken BEFORE the route runs, stored with its answer.
 *
 * @return array{sequence: int, all: int, time: int}
 */
function donation_widgets_answers_snapshot(): array {
	global $wpdb;
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- read past every cache, as the header says.
	$rows     = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name IN (%s, %s)", DONATION_WIDGETS_CHANGE_PREFIX . 'sequence', DONATION_WIDGETS_CHANGE_PREFIX . 'all' ), OBJECT_K );
	$sequence = isset( $rows[ DONATION_WIDGETS_CHANGE_PREFIX . 'sequence' ] ) ? (int) $rows[ DONATION_WIDGETS_CHANGE_PREFIX . 'sequence' ]->option_value : 0;
	$all      = isset( $rows[ DONATION_WIDGETS_CHANGE_PREFIX . 'all' ] ) ? intdiv( (int) $rows[ DONATION_WIDGETS_CHANGE_PREFIX . 'all' ]->option_value, DONATION_WIDGETS_CHANGE_STAMP ) : 0;
	donation_widgets_answers_catch_up( $sequence );
	return array(
		'sequence' => $sequence,
		'all'      => $all,
		'time'     => time(),
	);
}

/**
 * Whether an answer kept at `$kept_snapshot` over `$reach` is current at `$now_snapshot`.
 *
 * @param array      $kept_snapshot What donation_widgets_answers_snapshot() gave before the answer's route ran.
 * @param array|null $reach         The zip codes the answer's search covered; null for every zip.
 * @param array      $now_snapshot  What it gives now.
 * @return bool
 */
function donation_widgets_answer_is_current( array $kept_snapshot, ?array $reach, array $now_snapshot ): bool {
	global $wpdb;
	if ( ! isset( $kept_snapshot['sequence'], $kept_snapshot['time'], $now_snapshot['sequence'], $now_snapshot['all'], $now_snapshot['time'] ) ) {
		return false;
	}
	$kept = (int) $kept_snapshot['sequence'];
	// A sequence gone back means its rows were deleted; an answer past the horizon may need rows pruned since.
	if ( $kept > (int) $now_snapshot['sequence'] || (int) $now_snapshot['all'] > $kept
		|| (int) $now_snapshot['time'] - (int) $kept_snapshot['time'] >= donation_widgets_answers_horizon() ) {
		return false;
	}
	if ( (int) $now_snapshot['sequence'] === $kept ) {
		return true;
	}
	if ( null === $reach ) {
		return false;
	}
	$names = array_unique( array_map( 'donation_widgets_change_row', $reach ) );
	if ( ! $names ) {
		return true;
	}
	// The names are letters, digits, _ and - (donation_widgets_change_row()), escaped once more: prepare()
	// with a placeholder for each of hundreds of zips costs more than the query.
	$in = "'" . implode( "','", esc_sql( $names ) ) . "'";
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- escaped above, past every cache.
	$newer = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name IN ($in) AND CAST(option_value AS UNSIGNED) >= %d", ( $kept + 1 ) * DONATION_WIDGETS_CHANGE_STAMP ) );
	return null !== $newer && 0 === (int) $newer;
}

/**
 * The row that holds a zip code's last change: the zip as it is when it is a plain one, hashed otherwise
 * (a pickup code's name may be any text).
 *
 * @param string $zip A zip code, a pickup code's slug or name.
 * @return string
 */
function donation_widgets_change_row( $zip ) {
	$zip = strtolower( trim( (string) $zip ) );
	return DONATION_WIDGETS_CHANGE_PREFIX . 'zip_' . ( preg_match( '/^[a-z0-9_-]{1,40}$/D', $zip ) ? $zip : md5( $zip ) );
}

/**
 * Seconds a change must be remembered: the longest an answer can live (the setting's most, or what the
 * filter makes it). Answers kept longer ago than this are never current, so rows older serve none.
 *
 * @return int
 */
function donation_widgets_answers_horizon() {
	return max( DAY_IN_SECONDS, donation_widgets_answers_life() );
}

/**
 * Records a change the search can see: the next number of the sequence, stamped on the zip codes it
 * touches, or on everything when `$zips` is null.
 *
 * @param string[]|null $zips Zip codes (pickup codes' slugs and names), or null for a change every answer reads.
 * @return int The change's number, 0 when nothing was recorded.
 */
function donation_widgets_answers_changed( ?array $zips ) {
	global $wpdb;
	$names = null === $zips ? array( DONATION_WIDGETS_CHANGE_PREFIX . 'all' ) : array_unique( array_map( 'donation_widgets_change_row', array_filter( array_map( 'strval', $zips ), 'strlen' ) ) );
	if ( ! $names ) {
		return 0;
	}
	// One statement: the first change inserts 1; later ones add 1 and hand the sum to LAST_INSERT_ID().
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- an atomic counter.
	$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, '1', 'off') ON DUPLICATE KEY UPDATE option_value = LAST_INSERT_ID(CAST(option_value AS UNSIGNED) + 1)", DONATION_WIDGETS_CHANGE_PREFIX . 'sequence' ) );
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- this connection's LAST_INSERT_ID().
	$sequence = 1 === (int) $wpdb->rows_affected ? 1 : (int) $wpdb->get_var( 'SELECT LAST_INSERT_ID()' );
	if ( $sequence < 1 ) {
		return 0;
	}
	$stamp  = $sequence * DONATION_WIDGETS_CHANGE_STAMP + time();
	$values = implode( ',', array_fill( 0, count( $names ), "(%s, %s, 'off')" ) );
	$args   = array();
	foreach ( $names as $name ) {
		array_push( $args, $name, (string) $stamp );
	}
	// GREATEST: a change numbered earlier but written later never hides the later one.
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- one placeholder pair a row.
	$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES $values ON DUPLICATE KEY UPDATE option_value = GREATEST(CAST(option_value AS UNSIGNED), CAST(VALUES(option_value) AS UNSIGNED))", $args ) );
	if ( 0 === $sequence % 32 ) {
		donation_widgets_prune_changes();
	}
	return $sequence;
}

/**
 * Deletes the zip rows no kept answer can need: changed before the horizon (and an hour more, for web
 * nodes whose clocks differ).
 */
function donation_widgets_prune_changes() {
	global $wpdb;
	$before = time() - donation_widgets_answers_horizon() - HOUR_IN_SECONDS;
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- rows of our own prefix.
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s AND CAST(option_value AS UNSIGNED) %% %d < %d", $wpdb->esc_like( DONATION_WIDGETS_CHANGE_PREFIX . 'zip_' ) . '%', DONATION_WIDGETS_CHANGE_STAMP, $before ) );
}

/** Deletes every row of the changes, on uninstall. */
function donation_widgets_delete_changes() {
	global $wpdb;
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- rows of our own prefix.
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( DONATION_WIDGETS_CHANGE_PREFIX ) . '%' ) );
}

/**
 * Brings a persistent object cache up to the changes: a node whose cache fell back to memory changed the
 * database without telling Redis, so WordPress's own cached post and term queries there still name the
 * donations of before. When the database has changes this cache has not seen, its posts' and terms'
 * `last_changed` are replaced, as WordPress does on any change of its own, so the route's queries ask
 * the database again.
 *
 * @param int $sequence The sequence the database holds.
 */
function donation_widgets_answers_catch_up( $sequence ) {
	if ( ! wp_using_ext_object_cache() || $sequence < 1 ) {
		return;
	}
	$seen = (int) wp_cache_get( 'sequence_seen', 'donation_widgets_changes', true );
	if ( $seen >= $sequence ) {
		return;
	}
	wp_cache_set_posts_last_changed();
	wp_cache_set_terms_last_changed();
	if ( function_exists( 'wp_cache_set_last_changed' ) ) {
		wp_cache_set_last_changed( 'post_meta' );
	}
	wp_cache_set( 'sequence_seen', $sequence, 'donation_widgets_changes' );
}
