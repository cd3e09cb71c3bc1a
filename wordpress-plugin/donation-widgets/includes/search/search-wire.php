<?php
/**
 * The donations route's answer over HTTP: served from the kept answers, kept on a miss, and compressed
 * (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * The route is Donation Manager's: it prints with wp_send_json() and exits, or on other sites returns
 * its data for the REST server to print, which exits too. Either way the request ends with PHP's
 * shutdown, which runs the shutdown functions (WordPress's `shutdown` action among them) before it
 * flushes the output buffers. So the answer is held in a buffer opened before the route runs and read
 * on `shutdown` ahead of WordPress's own flush of every buffer (priority 1): there it is whole, its
 * status and headers are final, and nothing has reached the client yet.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The header that says where an answer came from: hit, miss or bypass. */
const DONATION_WIDGETS_CACHE_HEADER = 'X-Donation-Widgets-Cache';

/**
 * Takes over the top-level HTTP GET of the donations route: answers a kept search at once, or lets the
 * route run inside the wire's buffer.
 *
 * @param mixed           $result  A response another filter already gave, or null.
 * @param WP_REST_Server  $server  The REST server.
 * @param WP_REST_Request $request The request.
 * @return mixed
 */
function donation_widgets_search_on_the_wire( $result, $server, $request ) {
	$query = null === $result ? donation_widgets_wire_query( $server, $request ) : null;
	if ( null === $query ) {
		return $result;
	}
	$life     = donation_widgets_answers_life();
	$key      = $life > 0 ? donation_widgets_answer_key( $query ) : null;
	$snapshot = null === $key ? array() : donation_widgets_answers_snapshot();
	$hit      = null === $key ? null : donation_widgets_kept_answer( $key, $snapshot );
	$wire     = (object) array(
		'level'    => ob_get_level(),
		'key'      => $key,
		'snapshot' => $snapshot,
		'reach'    => null === $hit && null !== $key ? donation_widgets_hear_reach() : null,
		'state'    => null !== $hit ? 'hit' : ( null === $key ? 'bypass' : 'miss' ),
		'max_age'  => null !== $hit ? max( 0, $life - ( time() - (int) $hit['at'] ) ) : ( null === $key ? 0 : $life ),
	);
	ob_start();
	add_action(
		'shutdown',
		static function () use ( $wire ) {
			donation_widgets_finish_wire( $wire );
		},
		0
	);
	if ( null !== $hit ) {
		// What wp_send_json() sends, byte for byte as the route sent it.
		status_header( 200 );
		header( 'Content-Type: application/json; charset=' . get_option( 'blog_charset' ) );
		echo $hit['json']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the route's own JSON, kept as it was sent.
		exit;
	}
	return $result;
}

/**
 * The search of a request the wire takes: a GET (or HEAD) of the donations route, the request WordPress
 * is serving over HTTP rather than one dispatched inside a page, and the route registered.
 *
 * @param WP_REST_Server  $server  The REST server.
 * @param WP_REST_Request $request The request.
 * @return array{zipcode: string, radius: string, days: string}|null
 */
function donation_widgets_wire_query( $server, $request ) {
	static $taken = false;
	if ( $taken || ! defined( 'REST_REQUEST' ) || ! REST_REQUEST || ! in_array( $request->get_method(), array( 'GET', 'HEAD' ), true ) ) {
		return null;
	}
	if ( ! preg_match( '#^/donations/v1/search/([^/]+)/([^/]+)/([^/]+)$#D', $request->get_route(), $parts ) ) {
		return null;
	}
	$served = isset( $GLOBALS['wp']->query_vars['rest_route'] ) ? untrailingslashit( $GLOBALS['wp']->query_vars['rest_route'] ) : '';
	if ( $served !== $request->get_route() || ! preg_grep( '#^/donations/v1/search/#', array_keys( $server->get_routes( 'donations/v1' ) ) ) ) {
		return null;
	}
	$taken = true;
	return array(
		'zipcode' => rawurldecode( $parts[1] ),
		'radius'  => rawurldecode( $parts[2] ),
		'days'    => rawurldecode( $parts[3] ),
	);
}

/**
 * Ends the wire on `shutdown`: takes the answer out of its buffer, keeps it on a miss, sets the
 * headers and prints it, compressed when it should be.
 *
 * @param object $wire What donation_widgets_search_on_the_wire() noted.
 */
function donation_widgets_finish_wire( $wire ) {
	if ( ob_get_level() <= $wire->level ) {
		return;
	}
	// Buffers the route opened and left open hold the end of its answer: folded into the wire's.
	while ( ob_get_level() > $wire->level + 1 ) {
		ob_end_flush();
	}
	$body   = (string) ob_get_clean();
	$status = (int) http_response_code();
	if ( headers_sent() ) {
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the route's answer, as it printed it.
		return;
	}
	if ( 'miss' === $wire->state ) {
		if ( donation_widgets_is_keepable_answer( $status, $body ) ) {
			donation_widgets_keep_answer( $wire->key, $status, $body, $wire->snapshot, $wire->reach->zips );
		} else {
			// An answer not worth keeping (an error) is for this request alone: no CDN or browser keeps it either.
			$wire->max_age = 0;
		}
	}
	header( DONATION_WIDGETS_CACHE_HEADER . ': ' . $wire->state );
	header( 'Cache-Control: ' . donation_widgets_wire_cache_control( $wire->max_age ) );
	echo donation_widgets_wire_encode( $body ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the route's answer, only its transfer encoded.
}

/**
 * The answer's Cache-Control: `public` for a visitor, for no longer than what is left of the answer's
 * life; `private, no-cache` for a request that carries a login cookie or a nonce, whose browser
 * keeps nothing that could outlive the session.
 *
 * @param int $max_age Seconds left of the kept answer's life.
 * @return string
 */
function donation_widgets_wire_cache_control( $max_age ) {
	$personal = isset( $_SERVER['HTTP_X_WP_NONCE'] ) || isset( $_REQUEST['_wpnonce'] ) || ( defined( 'LOGGED_IN_COOKIE' ) && isset( $_COOKIE[ LOGGED_IN_COOKIE ] ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only whether one is there.
	return $personal ? 'private, no-cache' : 'public, max-age=' . max( 0, (int) $max_age );
}
