<?php
/**
 * Whether PHP has the memory to decode a JSON boundary file, told before it is decoded: a file within
 * the bytes a bundle may have can take far more once decoded (every array of a position is a table of
 * its own), and a decode that runs out of memory is a fatal error the admin sees as a 500.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * At most how many bytes json_decode() takes for a text, counted from the text without decoding it. The
 * costs were measured on PHP 8.2's json_decode() (peak memory of texts near 8 MB) and rounded up: an array
 * at most 256 bytes, an object 512, an element (a comma) 32, and 8 per byte for strings and what else the
 * parser keeps. Nested one-element arrays, the most an array can cost per byte of text, come to about 106
 * bytes a byte; a dense bundle of arcs to about 30.
 *
 * @param string $text The JSON text.
 * @return int Bytes.
 */
function donation_widgets_json_decode_bytes( $text ) {
	return 256 * substr_count( $text, '[' ) + 512 * substr_count( $text, '{' ) + 32 * substr_count( $text, ',' ) + 8 * strlen( $text );
}

/**
 * How many more bytes PHP may take before it reaches its memory_limit (as wp_raise_memory_limit() left
 * it), or null when it has none.
 *
 * @return int|null
 */
function donation_widgets_memory_left() {
	$limit = wp_convert_hr_to_bytes( (string) ini_get( 'memory_limit' ) );
	return $limit > 0 ? $limit - memory_get_usage() : null;
}
