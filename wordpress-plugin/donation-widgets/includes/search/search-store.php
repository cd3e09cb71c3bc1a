<?php
/**
 * The donations route's answers, kept for a while and reused (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * One search costs the route a query over every donation and a zip table scan, the same again a second
 * later for the same search. Its answer for one zip, radius and days is kept in the object cache: the
 * site's persistent one where it has a drop-in, transients otherwise (the options table, which survives
 * requests where the default object cache does not). Each question has one entry, packed
 * (answer-packing.php), kept with the state of the changes read before its route ran and the zip codes
 * its search covered: it is an answer only while no change since touched them (answer-versions.php).
 * A store that is down or full only makes searches slower: a failed read is a miss, a failed write is ignored.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The object cache group, and the prefix of the transients where the site has no persistent cache. */
const DONATION_WIDGETS_ANSWERS_GROUP = 'donation_widgets_answers';

/** Where earlier versions kept one version for every answer: deleted on uninstall. */
const DONATION_WIDGETS_ANSWERS_VERSION = 'donation_widgets_answers_version';

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
 * digits, a radius or days the forms do not offer.
 *
 * @param array $query zipcode, radius and days, as text.
 * @return string|null
 */
function donation_widgets_answer_key( array $query ) {
	$choices = donation_widgets_kept_choices();
	$zipcode = (string) ( $query['zipcode'] ?? '' );
	$radius  = (string) ( $query['radius'] ?? '' );
	$days    = (string) ( $query['days'] ?? '' );
	if ( ! preg_match( '/^\d{5}$/D', $zipcode )
		|| ! in_array( $radius, array_map( 'strval', (array) ( $choices['radius'] ?? array() ) ), true )
		|| ! in_array( $days, array_map( 'strval', (array) ( $choices['days'] ?? array() ) ), true ) ) {
		return null;
	}
	return 'answer_' . md5( $zipcode . '|' . $radius . '|' . $days );
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
	wp_cache_delete( 'alloptions', 'options' );
}

/**
 * A kept answer that is still current, or null.
 *
 * @param string $key      What donation_widgets_answer_key() gave.
 * @param array  $snapshot What donation_widgets_answers_snapshot() gives now.
 * @return array{json: string, at: int, packed: string}|null The route's JSON as it sent it, when it was kept, and as stored.
 */
function donation_widgets_kept_answer( $key, array $snapshot ) {
	$kept = wp_using_ext_object_cache()
		? wp_cache_get( $key, DONATION_WIDGETS_ANSWERS_GROUP )
		: get_transient( DONATION_WIDGETS_ANSWERS_GROUP . '_' . $key );
	$life = donation_widgets_answers_life();
	// An entry the store still holds past the life set now (the setting was shortened) is not an answer.
	if ( ! is_array( $kept ) || ! isset( $kept['packed'], $kept['at'], $kept['snapshot'] ) || ! is_string( $kept['packed'] ) || ! is_array( $kept['snapshot'] )
		|| time() - (int) $kept['at'] >= $life
		|| ! donation_widgets_answer_is_current( $kept['snapshot'], isset( $kept['reach'] ) ? (array) $kept['reach'] : null, $snapshot ) ) {
		return null;
	}
	$json = donation_widgets_unpack_answer( $kept['packed'] );
	return null === $json ? null : array(
		'json'   => $json,
		'at'     => (int) $kept['at'],
		'packed' => $kept['packed'],
	);
}

/**
 * Keeps an answer, when it is one worth keeping and small enough packed.
 *
 * @param string     $key      What donation_widgets_answer_key() gave.
 * @param int        $status   The HTTP status the route answered with.
 * @param string     $json     What it sent.
 * @param array      $snapshot What donation_widgets_answers_snapshot() gave before the route ran.
 * @param array|null $reach    The zip codes the search covered, or null when the route did not say.
 * @return bool Whether it was kept.
 */
function donation_widgets_keep_answer( $key, $status, $json, array $snapshot, ?array $reach ) {
	$life   = donation_widgets_answers_life();
	$packed = $life > 0 && donation_widgets_is_keepable_answer( $status, $json ) ? donation_widgets_pack_answer( $json ) : null;
	if ( null === $packed ) {
		return false;
	}
	$kept = array(
		'packed'   => $packed,
		'at'       => time(),
		'snapshot' => $snapshot,
		'reach'    => $reach,
	);
	return wp_using_ext_object_cache()
		? (bool) wp_cache_set( $key, $kept, DONATION_WIDGETS_ANSWERS_GROUP, $life )
		: (bool) set_transient( DONATION_WIDGETS_ANSWERS_GROUP . '_' . $key, $kept, $life );
}

/**
 * Whether an answer may be kept: HTTP 200, and the JSON of a search that
 * found its place. Errors are never kept, whatever shape they take: a non-200 status, text that is not
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

/**
 * Starts hearing the zip codes the route says its search covers, until `stop()`.
 *
 * @return object{zips: string[]|null, stop: callable} Null zips while the route said nothing.
 */
function donation_widgets_hear_reach() {
	$heard         = (object) array( 'zips' => null );
	$listen        = static function ( $zips ) use ( $heard ) {
		// Said twice (two listeners of the route), the answer covers both.
		$heard->zips = array_values( array_unique( array_merge( (array) $heard->zips, array_map( 'strval', (array) $zips ) ) ) );
	};
	$heard->stop   = static function () use ( $listen ) {
		remove_action( 'donation_widgets_answer_reach', $listen );
	};
	add_action( 'donation_widgets_answer_reach', $listen );
	return $heard;
}

/**
 * A search's answer for a page that prints it: the kept answer when there is one, the route's
 * otherwise, kept for the searches that follow.
 *
 * @param array $query zipcode, radius and days.
 * @return array See donation_widgets_ask_search_route(); without `json`, which pages do not print.
 */
function donation_widgets_search_answer( array $query ) {
	$key      = donation_widgets_answers_life() > 0 ? donation_widgets_answer_key( $query ) : null;
	$snapshot = null === $key ? array() : donation_widgets_answers_snapshot();
	$hit      = null === $key ? null : donation_widgets_kept_answer( $key, $snapshot );
	if ( null !== $hit ) {
		return array( 'query' => $query ) + donation_widgets_json_answer( $hit['json'], 200 );
	}
	$reach  = donation_widgets_hear_reach();
	$answer = donation_widgets_ask_search_route( $query );
	( $reach->stop )();
	if ( null !== $key && isset( $answer['json'] ) ) {
		donation_widgets_keep_answer( $key, $answer['status'], $answer['json'], $snapshot, $reach->zips );
	}
	unset( $answer['json'] );
	return $answer;
}
