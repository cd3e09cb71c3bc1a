<?php
/**
 * The donations route's answer over HTTP: the answer pipeline (search-pipeline.php) run for the request
 * WordPress serves, its answer kept on a miss, its headers said, and compressed
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

/** The header that says where an answer came from: hit, wait, miss or bypass. */
const DONATION_WIDGETS_CACHE_HEADER = 'X-Donation-Widgets-Cache';

/**
 * Takes over the answer of the donations route's request served over HTTP, on `rest_dispatch_request`
 * (once the route's gates let it through): a kept answer sent as the route sends it, or the route run
 * inside the wire's buffer.
 *
 * @param mixed           $result  What an earlier filter answered instead of the route, or null.
 * @param WP_REST_Request $request The request.
 * @param string          $route   The route's pattern.
 * @return mixed
 */
function donation_widgets_search_on_the_wire( $result, $request, $route = '' ) {
	if ( null !== $result || ! donation_widgets_is_wire_request( $request, (string) $route ) ) {
		return $result;
	}
	$flight = donation_widgets_begin_answer( $request );
	$wire   = (object) array(
		'level'  => ob_get_level(),
		'flight' => $flight,
	);
	ob_start();
	add_action(
		'shutdown',
		static function () use ( $wire ) {
			donation_widgets_finish_wire( $wire );
		},
		0
	);
	if ( null === $flight->json ) {
		// A route that returns its data comes back here; one that prints it with wp_send_json() exits first.
		add_filter(
			'rest_request_after_callbacks',
			static function ( $response, $handler, $answered ) use ( $request, $flight ) {
				$flight->returned = $flight->returned || $answered === $request;
				return $response;
			},
			10,
			3
		);
		return null;
	}
	if ( $flight->returned ) {
		// Its data goes on through rest_post_dispatch and rest_pre_serve_request, as the route's did.
		return new WP_REST_Response( json_decode( $flight->json, false ), 200 );
	}
	// What wp_send_json() sends, byte for byte as the route sent it.
	status_header( 200 );
	header( 'Content-Type: application/json; charset=' . get_option( 'blog_charset' ) );
	echo $flight->json; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the route's own JSON, kept as it was sent.
	exit;
}

/**
 * Whether the request is the donations route's, the one WordPress is serving over HTTP rather than one
 * dispatched inside a page or another request, seen once.
 *
 * @param WP_REST_Request $request The request.
 * @param string          $route   The route's pattern.
 * @return bool
 */
function donation_widgets_is_wire_request( $request, $route ) {
	static $taken = false;
	if ( $taken || ! defined( 'REST_REQUEST' ) || ! REST_REQUEST || 0 !== strpos( $route, '/donations/v1/search/' ) ) {
		return false;
	}
	$served = isset( $GLOBALS['wp']->query_vars['rest_route'] ) ? untrailingslashit( $GLOBALS['wp']->query_vars['rest_route'] ) : '';
	$taken  = $served === $request->get_route();
	return $taken;
}

/**
 * Ends the wire on `shutdown`: takes the answer out of its buffer, ends its flight (kept on a miss,
 * the claim released), sets the headers and prints it, compressed when it should be.
 *
 * @param object $wire What donation_widgets_search_on_the_wire() noted.
 */
function donation_widgets_finish_wire( $wire ) {
	if ( ob_get_level() <= $wire->level ) {
		donation_widgets_end_answer( $wire->flight, 500, null, false );
		return;
	}
	// Buffers the route opened and left open hold the end of its answer: folded into the wire's.
	while ( ob_get_level() > $wire->level + 1 ) {
		ob_end_flush();
	}
	$body        = (string) ob_get_clean();
	$status      = (int) http_response_code();
	$sets_cookie = (bool) donation_widgets_cookie_lines( headers_list() );
	if ( headers_sent() ) {
		donation_widgets_end_answer( $wire->flight, $status, null, $sets_cookie );
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the route's answer, as it printed it.
		return;
	}
	donation_widgets_end_answer( $wire->flight, $status, $body, $sets_cookie );
	header( DONATION_WIDGETS_CACHE_HEADER . ': ' . $wire->flight->state );
	header( 'Cache-Control: ' . donation_widgets_answer_cache_control( $wire->flight, $sets_cookie ) );
	// The stored gzip is this body's when the body was the kept answer, or was kept just now.
	$same = 'miss' === $wire->flight->state ? ! empty( $wire->flight->kept ) : $body === $wire->flight->json;
	$gzip = null !== $wire->flight->packed && $same ? donation_widgets_packed_gzip( $wire->flight->packed ) : null;
	echo donation_widgets_wire_encode( $body, $gzip ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the route's answer, only its transfer encoded.
}
