<?php
/**
 * The donations route's answers, kept for a while and reused (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * One search costs the route a query over every donation and a zip table scan, the same again a second
 * later for the same search. Its answer for one zip, radius and days is kept in the object cache: the
 * site's persistent one where it has a drop-in, transients otherwise (the options table, which survives
 * requests where the default object cache does not). A question has one entry, which its next answer
 * replaces: the key holds no version, so answers of a replaced version never pile up. Each entry is
 * packed (answer-packing.php) and kept with the state of the changes read before its route ran and the
 * zip codes its search covered: it is an answer only while no change since touched them
 * (answer-versions.php). A store that is down or full only makes searches slower: a failed read is a
 * miss, a failed write is ignored.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The object cache group, and the prefix of the transients where the site has no persistent cache. */
const DONATION_WIDGETS_ANSWERS_GROUP = 'donation_widgets_answers';

/** Where earlier versions kept one version for every answer: deleted on uninstall. */
const DONATION_WIDGETS_ANSWERS_VERSION = 'donation_widgets_answers_version';

/** The options table's prefix of a claim on a question being answered (search-claims.php), without a persistent object cache. */
const DONATION_WIDGETS_CLAIM_PREFIX = 'donation_widgets_claim_';

/**
 * Seconds an answer is kept: the setting (in minutes), 0 when nothing is kept.
 *
 * @return int
 */
function donation_widgets_answers_life() {
	$life = 60 * (int) donation_widgets_get( 'donation_widgets_answers_life' );
	/**
	 * Filters how long, in seconds, a search answer is kept; 0 keeps nothing.
	 *
	 * @param int $life Seconds, from the setting.
	 * @return int
	 */
	return max( 0, (int) apply_filters( 'donation_widgets_answers_life', $life ) );
}

/**
 * The choices a search form offers, as the donors search's defaults hold them (markup/islands.json):
 * only searches among them are kept, so addresses made up of other numbers cannot fill the store.
 *
 * @return array{radius: string[], days: string[]}
 */
function donation_widgets_kept_choices() {
	$islands    = donation_widgets_island_markup();
	$attributes = $islands['donors-search']['attributes'] ?? array();
	$choices    = array();
	foreach ( array( 'radius', 'days' ) as $name ) {
		$default          = $attributes[ $name . '-options' ]['default'] ?? '';
		$choices[ $name ] = array_values( array_filter( array_map( 'trim', explode( ',', $default ) ), 'strlen' ) );
	}
	/**
	 * Filters the radius and days whose answers are kept: a site whose forms offer other choices adds them.
	 *
	 * @param array{radius: string[], days: string[]} $choices Whole numbers, as text.
	 * @return array
	 */
	return apply_filters( 'donation_widgets_kept_choices', $choices );
}

/**
 * The key of a search's kept answer, or null for a search that is never kept: a zip that is not five
 * digits, a radius or days the forms do not offer, a value that is not text. No version is part of it:
 * a question has one row, which its next answer replaces, and whether that row still answers is for
 * donation_widgets_answer_is_current() to say.
 *
 * @param array $query zipcode, radius and days, as the route reads them.
 * @return string|null
 */
function donation_widgets_answer_key( array $query ) {
	$choices = donation_widgets_kept_choices();
	$values  = array();
	foreach ( array( 'zipcode', 'radius', 'days' ) as $name ) {
		if ( ! isset( $query[ $name ] ) || ! is_string( $query[ $name ] ) ) {
			return null;
		}
		$values[ $name ] = $query[ $name ];
	}
	if ( ! preg_match( '/^\d{5}$/D', $values['zipcode'] )
		|| ! in_array( $values['radius'], array_map( 'strval', (array) ( $choices['radius'] ?? array() ) ), true )
		|| ! in_array( $values['days'], array_map( 'strval', (array) ( $choices['days'] ?? array() ) ), true ) ) {
		return null;
	}
	return 'answer_' . md5( implode( '|', $values ) );
}

/** Makes every kept answer stale at once. */
function donation_widgets_forget_answers() {
	donation_widgets_answers_changed( null );
}

/**
 * Deletes the kept answers this site holds as transients, on uninstall: rows of the options table, which
 * WordPress would otherwise clear only once each has expired and is read or swept. Answers kept in an
 * object cache expire there within their life, and the version that named them is gone.
 */
function donation_widgets_delete_kept_answers() {
	global $wpdb;
	$prefix = DONATION_WIDGETS_ANSWERS_GROUP . '_';
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- a prefix of transients, as core's delete_expired_transients() removes them.
	$wpdb->query(
		$wpdb->prepare(
			"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s",
			$wpdb->esc_like( '_transient_' . $prefix ) . '%',
			$wpdb->esc_like( '_transient_timeout_' . $prefix ) . '%'
		)
	);
	// Claims of searches being answered (search-pipeline.php), which a request killed mid-answer can leave.
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- rows written by direct queries.
	$wpdb->query(
		$wpdb->prepare(
			"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s",
			$wpdb->esc_like( DONATION_WIDGETS_CLAIM_PREFIX ) . '%'
		)
	);
	wp_cache_delete( 'alloptions', 'options' );
}

/**
 * A kept answer that still answers its question now, or null: read fresh from the store when `$fresh`
 * (a request waiting for another's answer reads again and again, past the request's own copy).
 *
 * @param string $key      What donation_widgets_answer_key() gave.
 * @param array  $snapshot donation_widgets_answers_snapshot() now.
 * @param bool   $fresh    Whether to read past this request's own copy of the store.
 * @return array{json: string, at: int, returned: bool}|null The route's JSON as it sent it, when it was kept,
 *         and whether the route returned it for the REST server to print rather than printing it itself.
 */
function donation_widgets_kept_answer( $key, array $snapshot, $fresh = false ) {
	$kept = donation_widgets_read_kept( $key, $fresh );
	$life = donation_widgets_answers_life();
	// An entry the store still holds past the life set now (the setting was shortened) is not an answer.
	if ( ! is_array( $kept ) || ! isset( $kept['packed'], $kept['at'], $kept['snapshot'] ) || ! is_string( $kept['packed'] )
		|| ! is_array( $kept['snapshot'] ) || time() - (int) $kept['at'] >= $life ) {
		return null;
	}
	$reach = isset( $kept['reach'] ) && is_array( $kept['reach'] ) ? $kept['reach'] : null;
	if ( ! donation_widgets_answer_is_current( $kept['snapshot'], $reach, $snapshot ) ) {
		return null;
	}
	$json = donation_widgets_unpack_answer( $kept['packed'] );
	if ( null === $json ) {
		return null;
	}
	return array(
		'json'     => $json,
		'at'       => (int) $kept['at'],
		'returned' => ! empty( $kept['returned'] ),
		'packed'   => $kept['packed'],
	);
}

/**
 * The store's entry for a key, as stored.
 *
 * @param string $key   The key.
 * @param bool   $fresh Whether to read past this request's own copy.
 * @return mixed
 */
function donation_widgets_read_kept( $key, $fresh ) {
	if ( wp_using_ext_object_cache() ) {
		return wp_cache_get( $key, DONATION_WIDGETS_ANSWERS_GROUP, $fresh );
	}
	$name = DONATION_WIDGETS_ANSWERS_GROUP . '_' . $key;
	if ( $fresh ) {
		// get_option() remembers a row and a missing row for the request: forget both.
		wp_cache_delete( '_transient_' . $name, 'options' );
		wp_cache_delete( '_transient_timeout_' . $name, 'options' );
		wp_cache_delete( 'notoptions', 'options' );
	}
	return get_transient( $name );
}

/**
 * Keeps an answer under its question's one row, replacing what the row held, when it is one worth
 * keeping.
 *
 * @param string     $key      What donation_widgets_answer_key() gave.
 * @param int        $status   The HTTP status the route answered with.
 * @param string     $json     What it sent.
 * @param array      $snapshot donation_widgets_answers_snapshot() read before the route ran.
 * @param array|null $reach    The zips the answer's search covered, or null when unknown (every zip).
 * @param bool       $returned Whether the route returned its data for the REST server to print.
 * @return string|null The answer as it was kept (packed), or null when it was not kept.
 */
function donation_widgets_keep_answer( $key, $status, $json, array $snapshot, $reach, $returned = false ) {
	$life = donation_widgets_answers_life();
	if ( $life <= 0 || ! donation_widgets_is_keepable_answer( $status, $json ) ) {
		return null;
	}
	$packed = donation_widgets_pack_answer( $json );
	if ( null === $packed ) {
		return null;
	}
	$kept   = array(
		'packed'   => $packed,
		'at'       => time(),
		'snapshot' => $snapshot,
		'reach'    => null === $reach ? null : array_values( array_map( 'strval', $reach ) ),
		'returned' => (bool) $returned,
	);
	$stored = wp_using_ext_object_cache()
		? wp_cache_set( $key, $kept, DONATION_WIDGETS_ANSWERS_GROUP, $life )
		: set_transient( DONATION_WIDGETS_ANSWERS_GROUP . '_' . $key, $kept, $life );
	return $stored ? $packed : null;
}

/**
 * Whether an answer may be kept: HTTP 200 and the JSON of a search that found its place (its size is
 * for the packing to judge). Errors are never kept, whatever shape they take: a non-200 status, text that is not
 * JSON as a whole (PHP's notices before it included), `null`, a serialized WP_Error (`errors`), or
 * wp_send_json_error()'s `success: false`.
 *
 * @param int    $status The HTTP status.
 * @param string $json   The answer's text.
 * @return bool
 */
function donation_widgets_is_keepable_answer( $status, $json ) {
	if ( 200 !== (int) $status || ! is_string( $json ) ) {
		return false;
	}
	$body = json_decode( $json, false );
	if ( JSON_ERROR_NONE !== json_last_error() || ! is_object( $body ) ) {
		return false;
	}
	if ( ! empty( $body->errors ) || ( isset( $body->success ) && false === $body->success ) ) {
		return false;
	}
	return isset( $body->coordinates );
}
