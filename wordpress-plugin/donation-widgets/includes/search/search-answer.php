<?php
/**
 * Reading the donations route's answer as the island reads it (widgets/donors-search/search/
 * answer-rules.js, as decode-response.ts and printed-search.ts apply them): the same checks
 * in the same order, the same lines, so that what a page prints for a search is what the island shows
 * for the same answer when it takes the page over.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The status area's lines and the donations of an answer: lines when the search failed, donations
 * (each an array of text fields) when it did not.
 *
 * @param array $answer See donation_widgets_ask_search_route().
 * @param array $texts  The search's texts in the site's language.
 * @return array{lines: string[], donations: array[]}
 */
function donation_widgets_read_answer( array $answer, array $texts ) {
	$status = $answer['status'];
	if ( isset( $answer['error'] ) ) {
		$failure = array( 'code' => $answer['error'] );
	} elseif ( 200 <= $status && $status < 300 ) {
		return donation_widgets_decode_answer( $answer['body'], $texts );
	} else {
		$body    = $answer['body'];
		$failure = is_object( $body ) && isset( $body->code ) && is_string( $body->code )
			? array(
				'code'    => $body->code,
				'message' => isset( $body->message ) && is_string( $body->message ) ? $body->message : '',
			)
			: array( 'code' => 'http_error' );
	}
	return array(
		'lines'     => array( donation_widgets_failure_line( $failure, $status, $answer['query']['zipcode'], $texts ) ),
		'donations' => array(),
	);
}

/**
 * A successful answer's outcome: the route's own errors first; then it must say where the zip code is
 * and list the donations (possibly none). Items that are not objects are dropped.
 *
 * @param mixed $body  The route's JSON, objects as objects.
 * @param array $texts The search's texts.
 * @return array{lines: string[], donations: array[]}
 */
function donation_widgets_decode_answer( $body, array $texts ) {
	$line = static function ( $message ) use ( $texts ) {
		return array(
			'lines'     => array( donation_widgets_error_line( $message, $texts['tryAnotherSearch'], $texts ) ),
			'donations' => array(),
		);
	};
	if ( null === $body || '' === $body ) {
		return $line( $texts['emptyAnswer'] );
	}
	if ( ! is_object( $body ) ) {
		return $line( $texts['unreadableAnswer'] );
	}
	$messages = donation_widgets_route_errors( $body->errors ?? null, $texts );
	if ( $messages ) {
		return array(
			'lines'     => array_map(
				static function ( $message ) use ( $texts ) {
					return donation_widgets_error_line( $message, $texts['tryAnotherSearch'], $texts );
				},
				$messages
			),
			'donations' => array(),
		);
	}
	if ( ! donation_widgets_is_place( $body->coordinates ?? null ) ) {
		return $line( $texts['noCoordinates'] );
	}
	$items = isset( $body->data ) && is_object( $body->data ) ? ( $body->data->donations ?? null ) : null;
	if ( ! is_array( $items ) ) {
		return $line( $texts['noDonations'] );
	}
	$donations = array();
	foreach ( $items as $item ) {
		if ( is_object( $item ) ) {
			$donations[] = array_map( 'donation_widgets_to_text', array_intersect_key( get_object_vars( $item ), array_flip( array( 'number', 'title', 'zipcode', 'date' ) ) ) );
		}
	}
	return array(
		'lines'     => array(),
		'donations' => $donations,
	);
}

/**
 * Messages from the route's `errors`: WP_Error's object of message lists keyed by property, where a
 * list may be a single message; readable ones only, or the "without a message" text.
 *
 * @param mixed $errors The answer's `errors`.
 * @param array $texts  The search's texts.
 * @return string[]
 */
function donation_widgets_route_errors( $errors, array $texts ) {
	if ( null === $errors || false === $errors || '' === $errors ) {
		return array();
	}
	$groups = is_object( $errors ) ? array_values( get_object_vars( $errors ) ) : ( is_array( $errors ) ? $errors : array( $errors ) );
	if ( ! $groups ) {
		return array();
	}
	$messages = array();
	foreach ( $groups as $group ) {
		foreach ( is_array( $group ) ? $group : array( $group ) as $message ) {
			$text = donation_widgets_to_text( $message );
			if ( '' !== trim( $text ) ) {
				$messages[] = $text;
			}
		}
	}
	return $messages ? $messages : array( $texts['errorWithoutMessage'] );
}

/**
 * Whether a value is `{lat, lng}` within the globe's range (numbers or numeric strings).
 *
 * @param mixed $value The answer's `coordinates`.
 * @return bool
 */
function donation_widgets_is_place( $value ) {
	if ( ! is_object( $value ) ) {
		return false;
	}
	foreach ( array(
		'lat' => 90,
		'lng' => 180,
	) as $key => $limit ) {
		$number = $value->$key ?? null;
		$number = is_string( $number ) && '' !== trim( $number ) && is_numeric( trim( $number ) ) ? (float) $number : $number;
		if ( ! ( is_int( $number ) || is_float( $number ) ) || ! is_finite( (float) $number ) || abs( $number ) > $limit ) {
			return false;
		}
	}
	return true;
}

/**
 * A value of the answer as text, as the island reads it: strings as they are, numbers and booleans
 * written out, anything else empty.
 *
 * @param mixed $value The value.
 * @return string
 */
function donation_widgets_to_text( $value ) {
	if ( is_bool( $value ) ) {
		return $value ? 'true' : 'false';
	}
	return is_string( $value ) || is_int( $value ) || is_float( $value ) ? (string) $value : '';
}

/**
 * The line for a failed request (the REST client's failure codes in the island's words, WordPress's
 * messages as they are) with its one piece of advice.
 *
 * @param array  $failure `code`, and `message` when the route gave one.
 * @param int    $status  The HTTP status.
 * @param string $zipcode The zip searched.
 * @param array  $texts   The search's texts.
 * @return string
 */
function donation_widgets_failure_line( array $failure, $status, $zipcode, array $texts ) {
	$own    = array(
		'rest_cookie_invalid_nonce' => 'pageExpired',
		'nonce_refresh_failed'      => 'pageExpired',
		'fetch_error'               => 'unreachable',
		'offline_error'             => 'offline',
		'invalid_json'              => 'unreadableAnswer',
		'timeout'                   => 'tooSlow',
		'internal_server_error'     => 'serverError',
	);
	$code   = $failure['code'];
	$five   = (bool) preg_match( '/^\d{5}$/', $zipcode );
	$advice = 'tryAnotherSearch';
	$advice = in_array( $code, array( 'rest_cookie_invalid_nonce', 'nonce_refresh_failed' ), true ) ? 'reloadAndSearch' : $advice;
	$advice = in_array( $code, array( 'fetch_error', 'offline_error' ), true ) ? 'checkConnection' : $advice;
	// The server's own fault (an HTTP 5xx) is no fault of the zip code: try again later.
	$advice  = 'internal_server_error' === $code || ( 'http_error' === $code && (int) $status >= 500 ) ? 'tryAgainLater' : $advice;
	$message = $failure['message'] ?? '';
	if ( 'rest_no_route' === $code ) {
		$message = $five ? $texts['searchUnavailable'] : $texts['zipHint'];
		$advice  = $five ? 'tryAgainLater' : $advice;
	} elseif ( isset( $own[ $code ] ) ) {
		$message = $texts[ $own[ $code ] ];
	} elseif ( 'http_error' === $code ) {
		$message = strtr( $texts['httpError'], array( '{status}' => (string) $status ) );
	} elseif ( '' === trim( $message ) ) {
		// The REST client's own wording for a WordPress error without a message.
		$message = sprintf( 'The request failed (%s).', $code );
	}
	return donation_widgets_error_line( $message, $texts[ $advice ], $texts );
}

/**
 * One status line: `ERROR: {message} {advice}` in the site's words.
 *
 * @param string $message What happened.
 * @param string $advice  What to do.
 * @param array  $texts   The search's texts.
 * @return string
 */
function donation_widgets_error_line( $message, $advice, array $texts ) {
	return strtr(
		$texts['errorLine'],
		array(
			'{message}' => $message,
			'{advice}'  => $advice,
		)
	);
}
