<?php
/**
 * The one path a search's answer takes (docs/how-it-works.md#search-answers-kept-and-compressed), for the
 * wire (the route asked over HTTP) and the printed search (asked inside a page) alike: the question the
 * route will read, refused when the answer could be personal or shaped by more than that question; a kept
 * answer; a wait for the request already computing it; the route; the answer kept.
 *
 * It runs on core's `rest_dispatch_request`, the last step before the route's callback: after the
 * request is authenticated and matched, every `rest_pre_dispatch` filter and the route's own
 * `permission_callback` have had their say, and with the path's parameters set, so the question is read
 * exactly as the route will read it (`$request['zipcode']`: JSON body, then query, then path). A site that
 * denies or limits the route keeps its rule over kept answers too.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Query parameters with which core reshapes or re-encodes a route's answer. */
const DONATION_WIDGETS_SHAPE_PARAMETERS = array( '_fields', '_envelope', '_jsonp', '_embed', '_pretty' );

/**
 * The question a request asks, or why no kept answer may answer it: `personal` (a login cookie, a nonce,
 * `Authorization`, a signed-in user), `method` (another method, or one overridden), `body`, `shape`
 * (core reshapes the answer), `not-text` (a parameter that is not a string), `not-kept` (a search the
 * forms do not offer), `off` (Settings keeps nothing).
 *
 * @param WP_REST_Request $request The request, matched to the route.
 * @return array{query: array|null, key: string|null, refused: string|null}
 */
function donation_widgets_answer_question( WP_REST_Request $request ) {
	$refused = donation_widgets_answer_refusal( $request );
	$query   = array();
	foreach ( array( 'zipcode', 'radius', 'days' ) as $name ) {
		$query[ $name ] = $request[ $name ];
	}
	$key = null;
	if ( null === $refused ) {
		$text = array_filter( $query, 'is_string' ) === $query;
		$key  = $text ? donation_widgets_answer_key( $query ) : null;
		if ( ! $text ) {
			$refused = 'not-text';
		} elseif ( null === $key ) {
			$refused = 'not-kept';
		} elseif ( donation_widgets_answers_life() <= 0 ) {
			$refused = 'off';
			$key     = null;
		}
	}
	return compact( 'query', 'key', 'refused' );
}

/**
 * Why a request's answer could be other than its question's, or null when it cannot.
 *
 * @param WP_REST_Request $request The request.
 * @return string|null
 */
function donation_widgets_answer_refusal( WP_REST_Request $request ) {
	$query_params = (array) $request->get_query_params();
	if ( donation_widgets_is_personal_request( $request ) ) {
		return 'personal';
	}
	if ( ! in_array( $request->get_method(), array( 'GET', 'HEAD' ), true ) || array_key_exists( '_method', $query_params ) || null !== $request->get_header( 'x_http_method_override' ) ) {
		return 'method';
	}
	if ( '' !== (string) $request->get_body() || $request->get_body_params() || $request->get_file_params() ) {
		return 'body';
	}
	return array_intersect( DONATION_WIDGETS_SHAPE_PARAMETERS, array_keys( $query_params ) ) ? 'shape' : null;
}

/**
 * Whether the request is someone's own: a signed-in user, a login cookie (even one WordPress refuses), a
 * nonce, or credentials in `Authorization` (application passwords, whichever way the web server hands
 * them to PHP). Such a request's answer may depend on who asks: it never reads or fills the visitors'
 * store, and no shared cache keeps it.
 *
 * @param WP_REST_Request|null $request The REST request, when there is one.
 * @return bool
 */
function donation_widgets_is_personal_request( $request = null ) {
	// phpcs:disable WordPress.Security.NonceVerification.Recommended, WordPress.Security.NonceVerification.Missing -- only whether one is there.
	$server = array( 'HTTP_AUTHORIZATION', 'REDIRECT_HTTP_AUTHORIZATION', 'PHP_AUTH_USER', 'HTTP_X_WP_NONCE' );
	if ( is_user_logged_in() || array_intersect_key( $_SERVER, array_flip( $server ) ) || isset( $_GET['_wpnonce'] ) || isset( $_POST['_wpnonce'] ) ) {
		return true;
	}
	// phpcs:enable
	if ( $request instanceof WP_REST_Request && ( null !== $request->get_header( 'authorization' ) || null !== $request->get_header( 'x_wp_nonce' ) || null !== $request->get_param( '_wpnonce' ) ) ) {
		return true;
	}
	$named = array();
	foreach ( array( 'LOGGED_IN_COOKIE', 'AUTH_COOKIE', 'SECURE_AUTH_COOKIE' ) as $constant ) {
		if ( defined( $constant ) ) {
			$named[] = constant( $constant );
		}
	}
	foreach ( array_keys( $_COOKIE ) as $name ) {
		if ( in_array( (string) $name, $named, true ) || preg_match( '/^wordpress_(logged_in|sec)_/', (string) $name ) ) {
			return true;
		}
	}
	return false;
}

/**
 * Begins a request's answer: its question, then a kept answer, a wait for the request computing it, or
 * a claim to compute it here (`miss`), listening meanwhile for the zips its search covers.
 *
 * @param WP_REST_Request $request The request, matched to the route.
 * @return object The flight: state (hit, wait, miss, bypass), refused, key, json (the answer, on a hit or
 *                wait), at, returned, packed (the kept answer as stored), snapshot, token (the claim), reach.
 */
function donation_widgets_begin_answer( WP_REST_Request $request ) {
	$question = donation_widgets_answer_question( $request );
	$flight   = (object) ( $question + array(
		'state'    => 'bypass',
		'json'     => null,
		'at'       => 0,
		'returned' => false,
		'snapshot' => array(),
		'token'    => null,
		'reach'    => null,
		'packed'   => null,
		'listen'   => null,
		'ended'    => false,
	) );
	if ( null === $flight->key ) {
		return $flight;
	}
	$flight->snapshot = donation_widgets_answers_snapshot();
	$kept             = donation_widgets_kept_answer( $flight->key, $flight->snapshot );
	$flight->state    = 'hit';
	if ( null === $kept ) {
		$flight->token = donation_widgets_claim_answer( $flight->key );
		$flight->state = null === $flight->token ? 'wait' : 'hit';
		// A claim taken just after another request kept its answer and let go: that answer, then.
		$kept = null === $flight->token ? donation_widgets_await_answer( $flight->key, $flight->snapshot ) : donation_widgets_kept_answer( $flight->key, $flight->snapshot, true );
	}
	if ( null !== $kept ) {
		if ( null !== $flight->token ) {
			donation_widgets_release_answer( $flight->key, $flight->token );
			$flight->token = null;
		}
		$flight->json     = $kept['json'];
		$flight->at       = $kept['at'];
		$flight->returned = $kept['returned'];
		$flight->packed   = $kept['packed'];
		return $flight;
	}
	// Past the wait, or the claimer's answer was not one to keep: this request computes it, claimed if it can be.
	$flight->token  = $flight->token ?? donation_widgets_claim_answer( $flight->key );
	$flight->state  = 'miss';
	$flight->listen = static function ( $zips ) use ( $flight ) {
		// Said twice (two listeners of the route), the answer covers both.
		$flight->reach = is_array( $zips ) ? array_values( array_unique( array_merge( (array) $flight->reach, array_map( 'strval', $zips ) ) ) ) : $flight->reach;
	};
	add_action( 'donation_widgets_answer_reach', $flight->listen );
	return $flight;
}

/**
 * Ends a request's answer, once: keeps a computed answer worth keeping (never one that sets a cookie),
 * and releases the claim whatever happened.
 *
 * @param object      $flight      What donation_widgets_begin_answer() gave.
 * @param int         $status      The answer's HTTP status.
 * @param string|null $json        The answer's text, or null when there is none to keep.
 * @param bool        $sets_cookie Whether the answer sets a cookie.
 * @return bool Whether the answer was kept.
 */
function donation_widgets_end_answer( $flight, $status, $json, $sets_cookie ) {
	if ( $flight->ended ) {
		return false;
	}
	$flight->ended = true;
	if ( null !== $flight->listen ) {
		remove_action( 'donation_widgets_answer_reach', $flight->listen );
	}
	$packed = 'miss' === $flight->state && is_string( $json ) && ! $sets_cookie
		? donation_widgets_keep_answer( $flight->key, (int) $status, $json, $flight->snapshot, $flight->reach, $flight->returned )
		: null;
	if ( null !== $flight->token ) {
		donation_widgets_release_answer( $flight->key, $flight->token );
	}
	$flight->kept = null !== $packed;
	if ( $flight->kept ) {
		// The answer as kept, `$json` packed: its gzip can go on the wire as it is, compressed once.
		$flight->packed = $packed;
	}
	return $flight->kept;
}

/**
 * The answer's Cache-Control: `public` for what is left of its life when it is a visitor's kept answer
 * (for no time at all when it is an error, or a search never kept); `private, no-cache` when it could be
 * anyone's own or shaped by more than its question, or sets a cookie.
 *
 * @param object $flight      The ended flight.
 * @param bool   $sets_cookie Whether the answer sets a cookie.
 * @return string
 */
function donation_widgets_answer_cache_control( $flight, $sets_cookie ) {
	if ( $sets_cookie || ! in_array( $flight->refused, array( null, 'not-kept', 'off' ), true ) ) {
		return 'private, no-cache';
	}
	$life = donation_widgets_answers_life();
	if ( 'hit' === $flight->state || 'wait' === $flight->state ) {
		return 'public, max-age=' . max( 0, $life - ( time() - (int) $flight->at ) );
	}
	return 'public, max-age=' . ( 'miss' === $flight->state && ! empty( $flight->kept ) ? $life : 0 );
}

/**
 * A search's answer for a page that prints it, through the same path: the route asked inside WordPress,
 * a kept answer served once the route's gates let the request through, a computed one kept.
 *
 * @param array $query zipcode, radius and days.
 * @return array See donation_widgets_ask_search_route(); without `json`, which pages do not print.
 */
function donation_widgets_search_answer( array $query ) {
	$request = donation_widgets_search_request( $query );
	$flight  = null;
	$begin   = static function ( $result, $dispatched ) use ( $request, &$flight ) {
		if ( null !== $result || $dispatched !== $request ) {
			return $result;
		}
		$flight = donation_widgets_begin_answer( $dispatched );
		// A kept answer ends the dispatch here; its text is read from the flight below.
		return null === $flight->json ? null : new WP_REST_Response( json_decode( $flight->json, false ), 200 );
	};
	add_filter( 'rest_dispatch_request', $begin, 5, 2 );
	$answer = array();
	try {
		$answer = donation_widgets_ask_search_route( $query, $request );
	} finally {
		remove_filter( 'rest_dispatch_request', $begin, 5 );
		if ( null !== $flight ) {
			donation_widgets_end_answer( $flight, $answer['status'] ?? 500, $answer['json'] ?? null, ! empty( $answer['sets_cookie'] ) );
		}
	}
	if ( null !== $flight && null !== $flight->json ) {
		return array( 'query' => $query ) + donation_widgets_json_answer( $flight->json, 200 );
	}
	unset( $answer['json'], $answer['sets_cookie'] );
	return $answer;
}
