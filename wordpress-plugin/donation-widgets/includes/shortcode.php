<?php
/**
 * The `[donation_widget island="…"]` shortcode: its attributes read (both spellings) and handed to the
 * render every placement shares (includes/island-render.php).
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Registers the shortcode. */
function donation_widgets_register_shortcode() {
	add_shortcode( 'donation_widget', 'donation_widgets_shortcode' );
}

/**
 * Renders the shortcode.
 *
 * @param array|string $atts    The shortcode's attributes (a string when it has none).
 * @param string|null  $content Enclosed content: replaces the island's own inner markup.
 * @return string
 */
function donation_widgets_shortcode( $atts, $content = null ) {
	$atts    = is_array( $atts ) ? $atts : array();
	$name    = isset( $atts['island'] ) ? (string) $atts['island'] : '';
	$islands = donation_widgets_island_markup();
	$known   = isset( $islands[ $name ] ) ? $islands[ $name ]['attributes'] : array();
	$values  = array();
	$ignored = array();
	unset( $atts['island'] );
	foreach ( $atts as $key => $value ) {
		// Both spellings work: radius-options="…" as in the markup, radius_options="…" as shortcodes often write.
		if ( is_int( $key ) ) {
			$ignored[] = (string) $value;
			continue;
		}
		$key = str_replace( '_', '-', $key );
		if ( array_key_exists( $key, $known ) ) {
			$values[ $key ] = (string) $value;
		} else {
			$ignored[] = $key;
		}
	}
	$inner = null === $content || '' === trim( $content ) ? null : do_shortcode( $content );
	return donation_widgets_render_island( $name, $values, $inner, $ignored );
}
