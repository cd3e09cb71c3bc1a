<?php
/**
 * One computation of a search's answer at a time (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * The first request that misses a question claims it and runs the route; the others that miss it meanwhile
 * wait for its answer rather than each running the same costly search. A claim is atomic: wp_cache_add()
 * in a persistent object cache, and with none a row the options table's unique name lets only one
 * request insert. It is released when its request ends, whatever the answer, and a claim older than
 * DONATION_WIDGETS_CLAIM_SECONDS (its request killed mid-answer) is taken over.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Seconds a waiting request waits for the claimer's answer before it runs the route itself. */
const DONATION_WIDGETS_CLAIM_WAIT = 10;

/** Seconds after which a claim no request released is stale. */
const DONATION_WIDGETS_CLAIM_SECONDS = 30;

/**
 * Claims a question for this request.
 *
 * @param string $key The answer's key.
 * @return string|null The claim's token, or null when another request holds it.
 */
function donation_widgets_claim_answer( $key ) {
	global $wpdb;
	$token = wp_generate_password( 20, false );
	if ( wp_using_ext_object_cache() ) {
		return wp_cache_add( 'claim_' . $key, $token, DONATION_WIDGETS_ANSWERS_GROUP, DONATION_WIDGETS_CLAIM_SECONDS ) ? $token : null;
	}
	$name  = DONATION_WIDGETS_CLAIM_PREFIX . $key;
	$value = ( time() + DONATION_WIDGETS_CLAIM_SECONDS ) . '|' . $token;
	for ( $try = 0; $try < 3; ++$try ) {
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the row's unique name is the lock; no cache may answer for it.
		if ( 1 === (int) $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", $name, $value ) ) ) {
			return $token;
		}
		$held = donation_widgets_claim_row( $name );
		if ( null === $held ) {
			// Released between the two queries: try again.
			continue;
		}
		if ( (int) strtok( $held, '|' ) > time() ) {
			return null;
		}
		// A stale claim: removed only if it is still the one read, so two requests cannot both take it over.
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- as above.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", $name, $held ) );
	}
	return null;
}

/**
 * Whether a live claim on the question is held (by any request).
 *
 * @param string $key The answer's key.
 * @return bool
 */
function donation_widgets_answer_claimed( $key ) {
	if ( wp_using_ext_object_cache() ) {
		return false !== wp_cache_get( 'claim_' . $key, DONATION_WIDGETS_ANSWERS_GROUP, true );
	}
	$held = donation_widgets_claim_row( DONATION_WIDGETS_CLAIM_PREFIX . $key );
	return null !== $held && (int) strtok( $held, '|' ) > time();
}

/**
 * Releases this request's claim; another request's claim (this one's went stale and was taken over)
 * stays.
 *
 * @param string $key   The answer's key.
 * @param string $token What donation_widgets_claim_answer() gave.
 */
function donation_widgets_release_answer( $key, $token ) {
	global $wpdb;
	if ( wp_using_ext_object_cache() ) {
		if ( wp_cache_get( 'claim_' . $key, DONATION_WIDGETS_ANSWERS_GROUP, true ) === $token ) {
			wp_cache_delete( 'claim_' . $key, DONATION_WIDGETS_ANSWERS_GROUP );
		}
		return;
	}
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the claim's own row.
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value LIKE %s", DONATION_WIDGETS_CLAIM_PREFIX . $key, '%|' . $wpdb->esc_like( $token ) ) );
}

/**
 * Waits for the claimer's answer: polls the store until the answer is there, the claim is gone without
 * one (its answer was an error, or not kept), or DONATION_WIDGETS_CLAIM_WAIT seconds have passed.
 *
 * @param string $key      The answer's key.
 * @param array  $snapshot The snapshot read when this request began.
 * @return array|null The kept answer (see donation_widgets_kept_answer()), or null to run the route.
 */
function donation_widgets_await_answer( $key, array $snapshot ) {
	$until = microtime( true ) + DONATION_WIDGETS_CLAIM_WAIT;
	$pause = 20000;
	while ( microtime( true ) < $until ) {
		usleep( $pause );
		$pause = min( 200000, $pause * 2 );
		$kept  = donation_widgets_kept_answer( $key, $snapshot, true );
		if ( null !== $kept ) {
			return $kept;
		}
		if ( ! donation_widgets_answer_claimed( $key ) ) {
			// The claim may have gone between the two reads: one more look at the store.
			return donation_widgets_kept_answer( $key, $snapshot, true );
		}
	}
	return null;
}

/**
 * A claim row's value read from the database itself.
 *
 * @param string $name The option's name.
 * @return string|null
 */
function donation_widgets_claim_row( $name ) {
	global $wpdb;
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the lock is the row as the database holds it now.
	$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) );
	return null === $value ? null : (string) $value;
}
