<?php
/**
 * Compressing the donations route's answer on the wire, once (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * A search's JSON is large and compresses to a small fraction of it. Brotli where PHP has it, gzip
 * otherwise, to a client whose Accept-Encoding takes it. Never twice: not when PHP's own
 * zlib.output_compression is on or a Content-Encoding is already set, and not when the web server
 * compresses JSON itself, which PHP cannot see from inside the request. That is found as core's script
 * compression test finds it, by asking the site over a loopback request: the verdict is stored, and
 * asked again once it is a day old. A site that does not answer (many hosts block loopback requests)
 * is recorded too, with its time, and asked again a day later, as Site Health tells the admin: not on
 * every search.
 *
 * Nor when an outer buffer compresses: another plugin's ob_gzhandler (or PHP's own output compression,
 * which is a buffer too) around the whole request would compress the plugin's gzip again, under one
 * Content-Encoding, and the browser would read bytes.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The stored verdict: whether the web server compressed the probe's answer (`compresses`), when it was
 * asked (`at`), and whether the site answered (`answered`: when it did not, `compresses` is what it
 * last answered, or false).
 */
const DONATION_WIDGETS_COMPRESSION_VERDICT = 'donation_widgets_server_compression';

/** The cron event that asks again. */
const DONATION_WIDGETS_COMPRESSION_PROBE = 'donation_widgets_probe_compression';

/**
 * The encoding a client gets: `br` when PHP can write it and the client takes it, else `gzip`, else
 * none. A coding the header lists with q=0 is refused; `*` stands for any coding it does not name.
 *
 * @param string $accept     The request's Accept-Encoding.
 * @param bool   $has_brotli Whether PHP can write Brotli.
 * @return string|null
 */
function donation_widgets_choose_encoding( $accept, $has_brotli ) {
	$weights = array();
	foreach ( explode( ',', strtolower( (string) $accept ) ) as $part ) {
		$pieces = array_map( 'trim', explode( ';', $part ) );
		$coding = array_shift( $pieces );
		if ( '' === $coding ) {
			continue;
		}
		$weight = 1.0;
		foreach ( $pieces as $parameter ) {
			if ( preg_match( '/^q\s*=\s*([0-9.]+)$/D', $parameter, $match ) ) {
				$weight = (float) $match[1];
			}
		}
		$weights[ 'x-gzip' === $coding ? 'gzip' : $coding ] = $weight;
	}
	$takes = static function ( $coding ) use ( $weights ) {
		return ( $weights[ $coding ] ?? $weights['*'] ?? 0.0 ) > 0;
	};
	if ( $has_brotli && $takes( 'br' ) ) {
		return 'br';
	}
	return $takes( 'gzip' ) ? 'gzip' : null;
}

/**
 * Who compresses the answers: `server` (the web server compresses JSON), `plugin`, or `none` (the
 * setting is off and the web server does not).
 *
 * @return string
 */
function donation_widgets_compression_side() {
	$verdict = get_option( DONATION_WIDGETS_COMPRESSION_VERDICT );
	if ( is_array( $verdict ) && ! empty( $verdict['compresses'] ) ) {
		return 'server';
	}
	return donation_widgets_get( 'donation_widgets_compress_answers' ) ? 'plugin' : 'none';
}

/**
 * The answer as it travels: compressed by the plugin when that is its part, with the headers that say so.
 *
 * @param string      $body The answer.
 * @param string|null $gzip The answer already gzipped (a kept answer is stored that way), or null.
 * @return string
 */
function donation_widgets_wire_encode( $body, $gzip = null ) {
	header( 'Vary: Accept-Encoding', false );
	donation_widgets_schedule_compression_probe();
	if ( 'plugin' !== donation_widgets_compression_side() || ini_get( 'zlib.output_compression' ) || donation_widgets_has_content_encoding() || donation_widgets_outer_buffer_compresses() ) {
		return $body;
	}
	$has_brotli = function_exists( 'brotli_compress' );
	$accept     = isset( $_SERVER['HTTP_ACCEPT_ENCODING'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_ACCEPT_ENCODING'] ) ) : '';
	$encoding   = donation_widgets_choose_encoding( $accept, $has_brotli );
	$encoded    = false;
	if ( 'br' === $encoding ) {
		$encoded = brotli_compress( $body, 5 );
	} elseif ( 'gzip' === $encoding ) {
		// A kept answer's stored gzip is sent as it is: compressed once, when it was kept.
		$encoded = is_string( $gzip ) ? $gzip : gzencode( $body, 6 );
	}
	if ( ! is_string( $encoded ) ) {
		return $body;
	}
	header( 'Content-Encoding: ' . $encoding );
	header_remove( 'Content-Length' );
	return $encoded;
}

/** Whether something already set a Content-Encoding on the answer. */
function donation_widgets_has_content_encoding() {
	foreach ( headers_list() as $line ) {
		if ( 0 === stripos( $line, 'content-encoding:' ) ) {
			return true;
		}
	}
	return false;
}

/**
 * Whether a buffer around the answer compresses what it holds: PHP's ob_gzhandler, which plugins open
 * early to compress whole pages, or zlib.output_compression, however it was turned on.
 *
 * @return bool
 */
function donation_widgets_outer_buffer_compresses() {
	return (bool) array_intersect( ob_list_handlers(), array( 'ob_gzhandler', 'zlib output compression' ) );
}

/**
 * Asks cron to probe the web server when there is no verdict, or it is a day old: a probe the site did
 * not answer counts as asked, so it waits its day too.
 */
function donation_widgets_schedule_compression_probe() {
	$verdict = get_option( DONATION_WIDGETS_COMPRESSION_VERDICT );
	$fresh   = is_array( $verdict ) && isset( $verdict['at'] ) && time() - (int) $verdict['at'] < DAY_IN_SECONDS;
	if ( ! $fresh && ! wp_next_scheduled( DONATION_WIDGETS_COMPRESSION_PROBE ) ) {
		wp_schedule_single_event( time(), DONATION_WIDGETS_COMPRESSION_PROBE );
	}
}

/**
 * Asks the site, over HTTP, for the probe route's JSON with gzip and Brotli accepted, and stores whether
 * the answer came back compressed. The plugin never compresses the probe, so any Content-Encoding is
 * the web server's (or PHP's zlib.output_compression, which the wire also leaves to do its work).
 *
 * @return array{compresses: bool, at: int, answered: bool}|null The verdict, or null when the site did
 *                                                                not answer (which is recorded).
 */
function donation_widgets_probe_compression() {
	$response = wp_remote_get(
		rest_url( 'donation-widgets/v1/compression-probe' ),
		array(
			'headers'    => array( 'Accept-Encoding' => 'gzip, br' ),
			'decompress' => false,
			'timeout'    => 10,
			// The site's own certificate, as core's loopback checks accept it.
			'sslverify'  => apply_filters( 'https_local_ssl_verify', false ),
		)
	);
	if ( is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
		// Nothing learnt about the web server: what it last answered stands, and the day starts now.
		$last = get_option( DONATION_WIDGETS_COMPRESSION_VERDICT );
		update_option(
			DONATION_WIDGETS_COMPRESSION_VERDICT,
			array(
				'compresses' => is_array( $last ) && ! empty( $last['compresses'] ),
				'at'         => time(),
				'answered'   => false,
			),
			true
		);
		return null;
	}
	$verdict = array(
		'compresses' => '' !== (string) wp_remote_retrieve_header( $response, 'content-encoding' ),
		'at'         => time(),
		'answered'   => true,
	);
	update_option( DONATION_WIDGETS_COMPRESSION_VERDICT, $verdict, true );
	return $verdict;
}

/** Registers the probe's route: JSON long enough for any web server's compression threshold. */
function donation_widgets_register_compression_probe() {
	register_rest_route(
		'donation-widgets/v1',
		'/compression-probe',
		array(
			'methods'             => 'GET',
			'callback'            => static function () {
				return rest_ensure_response( array( 'probe' => str_repeat( 'donation widgets compression probe ', 64 ) ) );
			},
			'permission_callback' => '__return_true',
		)
	);
}
