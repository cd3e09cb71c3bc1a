<?php
/**
 * Kept answers stored compressed (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * A search's JSON is mostly repeated keys and numbers: gzip makes it a tenth or less, so an answer of
 * thousands of donations fits where the object cache's value limit (memcached's and many Redis setups'
 * megabyte) and the options table would refuse it whole. The gzip bytes are kept as base64 text behind a
 * short tag: text that any object cache and the options table's longtext (whose character set would
 * mangle raw bytes) keep as they are, and that the wire can hand, decoded, to a client that takes gzip.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The largest answer kept, counted as STORED: memcached's and many Redis setups' limit on one value. */
const DONATION_WIDGETS_ANSWER_MAX_BYTES = 1048576;

/** The tag in front of a packed answer: its format, so another format later is never read as this one. */
const DONATION_WIDGETS_PACKED_GZIP = 'gz1:';

/**
 * The answer's JSON packed for storage, or null when even packed it is over DONATION_WIDGETS_ANSWER_MAX_BYTES.
 *
 * @param string $json The answer as the route sent it.
 * @return string|null
 */
function donation_widgets_pack_answer( string $json ): ?string {
	$gzip = gzencode( $json, 6 );
	if ( ! is_string( $gzip ) ) {
		return null;
	}
	// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary kept as text, as the header says.
	$packed = DONATION_WIDGETS_PACKED_GZIP . base64_encode( $gzip );
	return strlen( $packed ) <= DONATION_WIDGETS_ANSWER_MAX_BYTES ? $packed : null;
}

/**
 * The JSON back, byte for byte, or null when the packed value is unreadable.
 *
 * @param string $packed What donation_widgets_pack_answer() gave.
 * @return string|null
 */
function donation_widgets_unpack_answer( string $packed ): ?string {
	$gzip = donation_widgets_packed_gzip( $packed );
	// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a damaged value is a miss, not a warning.
	$json = null === $gzip ? false : @gzdecode( $gzip );
	return is_string( $json ) ? $json : null;
}

/**
 * The packed value as gzip bytes, ready for a client that accepts gzip; null if the packing is not gzip.
 *
 * @param string $packed What donation_widgets_pack_answer() gave.
 * @return string|null
 */
function donation_widgets_packed_gzip( string $packed ): ?string {
	if ( 0 !== strncmp( $packed, DONATION_WIDGETS_PACKED_GZIP, strlen( DONATION_WIDGETS_PACKED_GZIP ) ) ) {
		return null;
	}
	// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- see donation_widgets_pack_answer().
	$gzip = base64_decode( substr( $packed, strlen( DONATION_WIDGETS_PACKED_GZIP ) ), true );
	return is_string( $gzip ) && "\x1f\x8b" === substr( $gzip, 0, 2 ) ? $gzip : null;
}
