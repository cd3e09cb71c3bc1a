<?php
/**
 * Asking the donations route from inside a page render, whatever way the route answers.
 *
 * The route is not ours: the site's Donation Manager plugin registers it, and its callback answers
 * every outcome with wp_send_json(), which sends a JSON content type, prints the JSON and ends the
 * process. Called as-is during a page render, that would turn the page into the route's raw JSON. So the
 * call runs inside a capture (docs/how-it-works.md#a-search-in-the-address): output buffered, WordPress
 * told it is answering Ajax for the length of the call so that wp_send_json() and wp_die() end through
 * the Ajax die handler, which throws here instead of exiting (as WordPress's own Ajax tests do), and the
 * status and headers the route set put back afterwards. The route runs once.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Thrown by the die handler the capture installs: the route called wp_die(), directly or through
 * wp_send_json(); what it printed is in the capture's buffer, and wp_die()'s message and arguments
 * are in the capture's state. The exception carries nothing of the route's, so nothing the route
 * passed to wp_die() can ever be printed as an exception's message.
 */
final class Donation_Widgets_Route_Ended extends Exception {
	/**
	 * A fixed message: the route's own words stay in the capture.
	 */
	public function __construct() {
		parent::__construct( 'The donations route ended the request.' );
	}
}

/**
 * The request a page asks the donations route with: a GET of the search's path, nothing else.
 *
 * @param array $query zipcode, radius and days.
 * @return WP_REST_Request
 */
function donation_widgets_search_request( array $query ) {
	$path = '/donations/v1/search/' . implode( '/', array_map( 'rawurlencode', array( $query['zipcode'], $query['radius'], $query['days'] ) ) );
	return new WP_REST_Request( 'GET', $path );
}

/**
 * Asks the donations route inside WordPress (no HTTP, no nonce) and reads its answer as the island
 * would read the same answer over HTTP.
 *
 * @param array                $query   zipcode, radius and days.
 * @param WP_REST_Request|null $request The request to dispatch; donation_widgets_search_request()'s by default.
 * @return array{query: array, status: int, body: mixed, error?: string, json?: string, sets_cookie: bool} The
 *         body is the route's JSON decoded with objects kept as objects, so it prints back exactly as the
 *         route sent it; `error` is `invalid_json` when a successful answer could not be read as JSON;
 *         `json` is the text the route would have sent over HTTP, when that text was JSON and nothing
 *         else; `sets_cookie` whether the route set a cookie on the way.
 */
function donation_widgets_ask_search_route( array $query, $request = null ) {
	$request = $request instanceof WP_REST_Request ? $request : donation_widgets_search_request( $query );
	$capture = donation_widgets_begin_capture();
	$ended   = null;
	try {
		$response = rest_do_request( $request );
	} catch ( Throwable $thrown ) {
		$ended = $thrown;
	}
	$captured = donation_widgets_end_capture( $capture );

	if ( null === $ended ) {
		// The REST convention: the route returned its data. Anything it printed on the way is dropped.
		$json   = wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		$answer = donation_widgets_json_answer( $json, $response->get_status() ) + array( 'json' => $json );
	} elseif ( $ended instanceof Donation_Widgets_Route_Ended ) {
		$answer = donation_widgets_ended_answer( $captured['died'], $captured );
		if ( donation_widgets_json_tail( $captured['output'] ) === $captured['output'] ) {
			$answer['json'] = $captured['output'];
		}
	} else {
		// Over HTTP this is WordPress's fatal error handler's answer; the details go to the log, not the page.
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the admin's only trace of the failure.
		error_log( sprintf( 'Donation widgets: the donations route failed while a page printed its search: %s: %s in %s:%d', get_class( $ended ), $ended->getMessage(), $ended->getFile(), $ended->getLine() ) );
		// The island words this code itself; the message is WordPress's, never shown.
		$answer = donation_widgets_failure_answer( 'internal_server_error', 'There has been a critical error on this website.', 500 );
	}
	return array( 'query' => $query ) + $answer + array( 'sets_cookie' => $captured['sets_cookie'] );
}

/**
 * The answer of a route that ended through wp_die(). wp_send_json() and its _success/_error forms end
 * with wp_die( '', '', array( 'response' => null ) ): their answer is the JSON they printed last (after
 * any notices a site that displays errors printed first). Any other wp_die() is answered over HTTP by
 * WordPress's JSON die handler: an error, HTTP 500 unless it says otherwise, unreadable when the route
 * printed something before it.
 *
 * @param array $died     wp_die()'s message and arguments, as the capture recorded them.
 * @param array $captured The capture's output and the status the route set.
 * @return array{status: int, body: mixed, error?: string}
 */
function donation_widgets_ended_answer( array $died, array $captured ) {
	$args = is_array( $died['args'] ) ? $died['args'] : array();
	if ( array_key_exists( 'response', $args ) && null === $args['response'] ) {
		return donation_widgets_json_answer( donation_widgets_json_tail( $captured['output'] ), $captured['status'] ?? 200 );
	}
	$message = $died['message'];
	$error   = is_wp_error( $message ) ? $message : null;
	$data    = $error ? $error->get_error_data() : null;
	$status  = isset( $args['response'] ) && is_int( $args['response'] ) ? $args['response'] : ( isset( $data['status'] ) && is_int( $data['status'] ) ? $data['status'] : 500 );
	if ( '' !== trim( $captured['output'] ) ) {
		return donation_widgets_json_answer( null, $status );
	}
	$code = $error ? (string) $error->get_error_code() : ( isset( $args['code'] ) && is_string( $args['code'] ) ? $args['code'] : 'wp_die' );
	$text = $error ? $error->get_error_message() : ( is_string( $message ) ? wp_strip_all_tags( $message ) : '' );
	return donation_widgets_failure_answer( $code, $text, $status );
}

/**
 * An answer from JSON text, or the failure the island's REST client reports for text it cannot read.
 *
 * @param string|false|null $json   The JSON, or false/null when there is none.
 * @param int               $status The HTTP status the route answered with.
 * @return array{status: int, body: mixed, error?: string}
 */
function donation_widgets_json_answer( $json, $status ) {
	$body = is_string( $json ) ? json_decode( $json, false, 512, JSON_BIGINT_AS_STRING ) : null;
	if ( ! is_string( $json ) || JSON_ERROR_NONE !== json_last_error() ) {
		// The REST client reads an error status without JSON as that status; a success without it as unreadable.
		return 200 <= $status && $status < 300
			? array(
				'status' => $status,
				'body'   => null,
				'error'  => 'invalid_json',
			)
			: array(
				'status' => $status,
				'body'   => null,
			);
	}
	return compact( 'status', 'body' );
}

/**
 * A failure in WordPress's REST error shape, `{code, message, data: {status}}`.
 *
 * @param string $code    The error code.
 * @param string $message Its message.
 * @param int    $status  The HTTP status.
 * @return array{status: int, body: object}
 */
function donation_widgets_failure_answer( $code, $message, $status ) {
	return array(
		'status' => $status,
		'body'   => (object) array(
			'code'    => $code,
			'message' => $message,
			'data'    => (object) array( 'status' => $status ),
		),
	);
}

/**
 * The JSON at the end of what a route printed: wp_send_json() prints it last, and a site that
 * displays errors may have printed notices before it. Tried from the start, then after each line
 * break and at each `{` or `[` (a bounded number of tries), so the first whole JSON value that runs
 * to the end, with only the whitespace JSON allows around it, wins. The island's REST client reads an
 * answer by the same rule (src/shared/json-tail.js), held to the same cases (json-tail.cases.json).
 *
 * @param string $output What the route printed.
 * @return string|null The JSON text, or null when none runs to the end.
 */
function donation_widgets_json_tail( $output ) {
	$tries = 0;
	for ( $start = 0; false !== $start && $tries < 40; $start = donation_widgets_next_json_start( $output, $start ) ) {
		++$tries;
		$tail = substr( $output, $start );
		json_decode( $tail );
		if ( JSON_ERROR_NONE === json_last_error() ) {
			return $tail;
		}
	}
	return null;
}

/**
 * Where the next candidate for the start of the JSON is: after a line break, or at `{` or `[`.
 *
 * @param string $output What the route printed.
 * @param int    $after  The last candidate.
 * @return int|false
 */
function donation_widgets_next_json_start( $output, $after ) {
	$next = $after + 1 + strcspn( $output, "\n{[", $after + 1 );
	if ( $next >= strlen( $output ) ) {
		return false;
	}
	if ( "\n" !== $output[ $next ] ) {
		return $next;
	}
	return $next + 1 < strlen( $output ) ? $next + 1 : false;
}

/**
 * Starts the capture: a buffer for what the route prints, Ajax mode with a die handler that throws,
 * and a note of what the route may change (status, headers, the REST server's dispatch stack).
 *
 * @return object The state donation_widgets_end_capture() puts back.
 */
function donation_widgets_begin_capture() {
	$state = (object) array(
		'level'    => ob_get_level(),
		'headers'  => headers_list(),
		'code'     => http_response_code(),
		'status'   => null,
		'dispatch' => donation_widgets_dispatch_depth(),
		'ajax'     => '__return_true',
		'died'     => null,
	);
	// wp_die()'s arguments stay on the state, read where the capture ends, rather than riding on the exception.
	$state->die    = static function () use ( $state ) {
		return static function ( $message = '', $title = '', $args = array() ) use ( $state ) {
			$state->died = array(
				'message' => $message,
				'args'    => $args,
			);
			throw new Donation_Widgets_Route_Ended();
		};
	};
	$state->record = static function ( $header, $code ) use ( $state ) {
		$state->status = (int) $code;
		return $header;
	};
	add_filter( 'wp_doing_ajax', $state->ajax, PHP_INT_MAX );
	add_filter( 'wp_die_ajax_handler', $state->die, PHP_INT_MAX );
	add_filter( 'status_header', $state->record, PHP_INT_MAX, 2 );
	ob_start();
	return $state;
}

/**
 * Ends the capture and puts back everything it and the route changed.
 *
 * @param object $state What donation_widgets_begin_capture() returned.
 * @return array{output: string, status: int|null, died: array|null, sets_cookie: bool} What the route
 *         printed, the status it set, wp_die()'s message and arguments when it ended through wp_die(),
 *         and whether it set a cookie.
 */
function donation_widgets_end_capture( $state ) {
	remove_filter( 'wp_doing_ajax', $state->ajax, PHP_INT_MAX );
	remove_filter( 'wp_die_ajax_handler', $state->die, PHP_INT_MAX );
	remove_filter( 'status_header', $state->record, PHP_INT_MAX );

	// Buffers the route opened and never closed are part of what it printed, innermost last.
	$output = '';
	while ( ob_get_level() > $state->level ) {
		$buffer = ob_get_clean();
		if ( false === $buffer ) {
			break;
		}
		$output = $buffer . $output;
	}
	$sets_cookie = (bool) array_diff( donation_widgets_cookie_lines( headers_list() ), donation_widgets_cookie_lines( $state->headers ) );
	donation_widgets_restore_headers( $state->headers, $state->code );
	donation_widgets_dispatch_depth( $state->dispatch );
	return array(
		'output'      => $output,
		'status'      => $state->status,
		'died'        => $state->died,
		'sets_cookie' => $sets_cookie,
	);
}

/**
 * The Set-Cookie lines among headers.
 *
 * @param string[] $lines headers_list().
 * @return string[]
 */
function donation_widgets_cookie_lines( array $lines ) {
	return preg_grep( '/^set-cookie\s*:/i', $lines );
}

/**
 * Puts the page's headers and status back as they were before the route ran (wp_send_json() sends a
 * JSON content type and may set a status).
 *
 * @param string[]  $before headers_list() before the route ran.
 * @param int|false $code   http_response_code() before the route ran.
 */
function donation_widgets_restore_headers( array $before, $code ) {
	if ( headers_sent() ) {
		return;
	}
	$group = static function ( array $lines ) {
		$named = array();
		foreach ( $lines as $line ) {
			$name             = strtolower( trim( strstr( $line, ':', true ) ) );
			$named[ $name ][] = $line;
		}
		return $named;
	};
	$was   = $group( $before );
	$now   = $group( headers_list() );
	foreach ( array_keys( $was + $now ) as $name ) {
		if ( ( $was[ $name ] ?? array() ) !== ( $now[ $name ] ?? array() ) ) {
			header_remove( $name );
			foreach ( $was[ $name ] ?? array() as $line ) {
				header( $line, false );
			}
		}
	}
	if ( is_int( $code ) && http_response_code() !== $code ) {
		http_response_code( $code );
	}
}

/**
 * The REST server's stack of requests being dispatched (WordPress 6.5+): a route that ends by throwing
 * leaves its request on it, and the server would then think it is still dispatching. Reads the depth,
 * or cuts the stack back to `$depth`.
 *
 * @param int|null $depth The depth to restore; null to read it.
 * @return int|null The depth, or null on releases without the stack.
 */
function donation_widgets_dispatch_depth( $depth = null ) {
	$server = rest_get_server();
	$stack  = Closure::bind(
		static function ( $server, $depth ) {
			if ( ! property_exists( $server, 'dispatching_requests' ) || ! is_array( $server->dispatching_requests ) ) {
				return null;
			}
			if ( null !== $depth ) {
				$server->dispatching_requests = array_slice( $server->dispatching_requests, 0, $depth );
			}
			return count( $server->dispatching_requests );
		},
		null,
		WP_REST_Server::class
	);
	return $stack( $server, $depth );
}
