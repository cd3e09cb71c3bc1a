<?php
/**
 * Puts the loader on every front-end page as a module script whose URL carries the plugin version.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

const DONATION_WIDGETS_HANDLE = 'donation-widgets';

/** The loader's URL; its chunks are content-hashed files beside it. */
function donation_widgets_loader_url() {
	return plugins_url( 'dist/donation-widgets.js', DONATION_WIDGETS_FILE );
}

/** Enqueues the loader: a script module on WordPress 6.5+, a classic registration printed as a module before. */
function donation_widgets_enqueue_loader() {
	if ( function_exists( 'wp_enqueue_script_module' ) ) {
		wp_enqueue_script_module( DONATION_WIDGETS_HANDLE, donation_widgets_loader_url(), array(), DONATION_WIDGETS_VERSION );
		return;
	}
	wp_enqueue_script( DONATION_WIDGETS_HANDLE, donation_widgets_loader_url(), array(), DONATION_WIDGETS_VERSION, true );
	add_filter( 'script_loader_tag', 'donation_widgets_module_tag', 10, 2 );
}

/**
 * Turns the loader's classic script tag into a module script.
 *
 * @param string $tag    The script tag WordPress built.
 * @param string $handle The script's handle.
 * @return string
 */
function donation_widgets_module_tag( $tag, $handle ) {
	if ( DONATION_WIDGETS_HANDLE !== $handle ) {
		return $tag;
	}
	$tag = preg_replace( '/\stype=([\'"])[^\'"]*\1/', '', $tag );
	// Only the tag that loads the file: an inline script another plugin added to the handle stays classic.
	return preg_replace( '/<script(?=[^>]*\ssrc=)/', '<script type="module"', $tag, 1 );
}
