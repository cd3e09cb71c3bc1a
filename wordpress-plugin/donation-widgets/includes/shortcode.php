<?php
/**
 * The `[donation_widget island="…"]` shortcode: prints an island's markup, generated from the
 * bundle's own markup.html files when the plugin was built.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Registers the shortcode. */
function donation_widgets_register_shortcode() {
	add_shortcode( 'donation_widget', 'donation_widgets_shortcode' );
}

/**
 * The islands that have markup, as built into markup/islands.json: for each, `html` with the
 * placeholders %%attributes%% and %%content%%, `attributes` (name => default) and `content`.
 *
 * @return array
 */
function donation_widgets_island_markup() {
	static $islands = null;
	if ( null === $islands ) {
		$file    = DONATION_WIDGETS_DIR . 'markup/islands.json';
		$json    = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file of the plugin.
		$islands = is_string( $json ) ? json_decode( $json, true ) : null;
		$islands = is_array( $islands ) ? $islands : array();
	}
	return $islands;
}

/**
 * Renders the shortcode.
 *
 * @param array|string $atts    The shortcode's attributes (a string when it has none).
 * @param string|null  $content Enclosed content: replaces the island's own inner markup when it takes content.
 * @return string
 */
function donation_widgets_shortcode( $atts, $content = null ) {
	$atts    = is_array( $atts ) ? $atts : array();
	$islands = donation_widgets_island_markup();
	$name    = isset( $atts['island'] ) ? (string) $atts['island'] : '';
	if ( ! isset( $islands[ $name ] ) ) {
		return donation_widgets_editor_notice(
			sprintf(
				/* translators: 1: the island asked for, 2: the islands there are. */
				__( 'unknown island "%1$s". Use one of: %2$s.', 'donation-widgets' ),
				$name,
				implode( ', ', array_keys( $islands ) )
			)
		);
	}
	$island   = $islands[ $name ];
	$defaults = $island['attributes'];
	$given    = array();
	$unknown  = array();
	unset( $atts['island'] );
	foreach ( $atts as $key => $value ) {
		// Both spellings work: radius-options="…" as in the markup, radius_options="…" as shortcodes often write.
		if ( is_int( $key ) ) {
			$unknown[] = (string) $value;
			continue;
		}
		$key = str_replace( '_', '-', $key );
		if ( array_key_exists( $key, $defaults ) ) {
			$given[ $key ] = (string) $value;
		} else {
			$unknown[] = $key;
		}
	}

	$attributes = '';
	foreach ( array_merge( $defaults, $given ) as $key => $value ) {
		$attributes .= sprintf( ' data-%s="%s"', $key, esc_attr( $value ) );
	}
	$enclosed = null === $content || '' === trim( $content ) ? '' : do_shortcode( $content );
	$takes    = donation_widgets_island_takes_content( $island );
	$inner    = '' !== $enclosed && $takes ? $enclosed : $island['content'];
	$html     = str_replace( array( '%%attributes%%', '%%content%%' ), array( $attributes, $inner ), $island['html'] );
	if ( '' !== $enclosed && ! $takes ) {
		$html .= donation_widgets_enclosed_content_notice( $name, $enclosed );
	}

	if ( $unknown ) {
		$html = donation_widgets_editor_notice(
			sprintf(
				/* translators: 1: the island, 2: the attributes it ignored, 3: the attributes it takes. */
				__( 'the island "%1$s" ignored %2$s; it takes: %3$s.', 'donation-widgets' ),
				$name,
				implode( ', ', $unknown ),
				$defaults ? implode( ', ', array_keys( $defaults ) ) : __( 'no attributes', 'donation-widgets' )
			)
		) . $html;
	}
	return $html;
}
