<?php
/**
 * The islands' stylesheet, dist/donation-widgets.css: base styles that take the theme's look and give
 * way to any rule of the theme (see the file's header). Printed only on pages that show an island.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

const DONATION_WIDGETS_STYLE = 'donation-widgets';

/** Registers the stylesheet; its URL carries the plugin version, as the loader's does. */
function donation_widgets_register_style() {
	wp_register_style( DONATION_WIDGETS_STYLE, plugins_url( 'dist/donation-widgets.css', DONATION_WIDGETS_FILE ), array(), DONATION_WIDGETS_VERSION );
}

/**
 * Enqueues the stylesheet. Called by every render of an island: a block theme renders its blocks
 * before the page's <head>, so the link lands there; a classic theme renders content after it, and
 * WordPress prints the link in the footer instead (see donation_widgets_enqueue_style_early).
 */
function donation_widgets_enqueue_style() {
	if ( ! wp_style_is( DONATION_WIDGETS_STYLE, 'registered' ) ) {
		donation_widgets_register_style();
	}
	wp_enqueue_style( DONATION_WIDGETS_STYLE );
}

/**
 * Puts the stylesheet in the <head> of a post or page whose content places an island, so that a classic
 * theme's page does not show the islands unstyled while it loads. An island placed elsewhere (a widget,
 * a template part of a classic theme) still gets it, from its render, in the footer.
 */
function donation_widgets_enqueue_style_early() {
	$post = is_singular() ? get_post() : null;
	if ( ! $post ) {
		return;
	}
	$content = (string) $post->post_content;
	if ( has_shortcode( $content, 'donation_widget' ) || false !== strpos( $content, '<!-- wp:donation-widgets/' ) ) {
		donation_widgets_enqueue_style();
	}
}

/** Lets the block editor's previews of the islands look as the published page does. */
function donation_widgets_enqueue_editor_style() {
	if ( is_admin() ) {
		donation_widgets_enqueue_style();
	}
}
