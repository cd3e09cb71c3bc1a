<?php
/**
 * The islands as dynamic blocks: one per placeable island, registered from the block.json files the
 * build writes into blocks/<island>/ from the island manifest, grouped in the "Donation widgets"
 * category and rendered on the server by the render the shortcode shares (includes/island-render.php).
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

const DONATION_WIDGETS_EDITOR_SCRIPT = 'donation-widgets-editor';

/**
 * Adds the blocks' category.
 *
 * @param array $categories The categories the editor offers.
 * @return array
 */
function donation_widgets_block_category( $categories ) {
	$categories[] = array(
		'slug'  => 'donation-widgets',
		'title' => __( 'Donation widgets', 'donation-widgets' ),
		'icon'  => null,
	);
	return $categories;
}

/**
 * API version 3 (the editor's canvas in an iframe) is what WordPress 6.3 and newer know; an older
 * editor is given 2, which it renders the same way without warning about an unknown version.
 *
 * @param array $metadata A block.json file's contents.
 * @return array
 */
function donation_widgets_block_api_version( $metadata ) {
	if ( isset( $metadata['name'] ) && 0 === strpos( $metadata['name'], 'donation-widgets/' )
		&& version_compare( get_bloginfo( 'version' ), '6.3', '<' ) ) {
		$metadata['apiVersion'] = 2;
	}
	return $metadata;
}

/** Registers the editor script (built by build.mjs with its asset file) and every island's block. */
function donation_widgets_register_blocks() {
	$asset = DONATION_WIDGETS_DIR . 'dist/editor/blocks.asset.php';
	if ( ! is_readable( $asset ) ) {
		return;
	}
	$built = require $asset;
	wp_register_script(
		DONATION_WIDGETS_EDITOR_SCRIPT,
		plugins_url( 'dist/editor/blocks.js', DONATION_WIDGETS_FILE ),
		$built['dependencies'],
		$built['version'],
		true
	);
	// JSON translations named after dist/editor/blocks.js, as `wp i18n make-json` writes them from the
	// .pot: from the plugin's languages/ folder, else from wp-content/languages/plugins/.
	wp_set_script_translations( DONATION_WIDGETS_EDITOR_SCRIPT, 'donation-widgets', DONATION_WIDGETS_DIR . 'languages' );
	foreach ( array_keys( donation_widgets_island_markup() ) as $name ) {
		$folder = DONATION_WIDGETS_DIR . 'blocks/' . $name;
		if ( is_readable( $folder . '/block.json' ) ) {
			register_block_type( $folder, array( 'render_callback' => 'donation_widgets_render_block' ) );
		}
	}
}

/**
 * Renders an island's block with the shortcode's render.
 *
 * @param array    $attributes The block's attributes (none has a default, so only those an editor set).
 * @param string   $content    The inner blocks' markup (the lazy background's content), else ''.
 * @param WP_Block $block      The block.
 * @return string
 */
function donation_widgets_render_block( $attributes, $content, $block ) {
	$name     = substr( $block->name, strlen( 'donation-widgets/' ) );
	$islands  = donation_widgets_island_markup();
	$declared = isset( $islands[ $name ] ) ? $islands[ $name ]['attributes'] : array();
	$values   = array_intersect_key( $attributes, $declared );
	// Attributes in the saved block that the block does not register (a hand edit in the code editor);
	// in the editor's preview, those the editor script found while parsing (see block-metadata.mjs).
	// The editor's own controls' attributes (block supports) are the block's too, on releases that do not
	// register them on the server (the anchor, before wp_apply_anchor_support).
	$ignored = array_keys( array_diff_key( (array) $block->parsed_block['attrs'], $block->block_type->attributes, array_flip( DONATION_WIDGETS_SUPPORTED ) ) );
	if ( isset( $attributes['ignoredAttributes'] ) && is_string( $attributes['ignoredAttributes'] ) && '' !== $attributes['ignoredAttributes'] ) {
		$ignored = array_merge( $ignored, explode( ',', $attributes['ignoredAttributes'] ) );
	}
	return donation_widgets_render_island( $name, array_map( 'strval', $values ), $content, $ignored, donation_widgets_is_editor_preview() ? null : donation_widgets_wrapper( $attributes ) );
}

/** What the editor's own controls store in a block of ours (see block-metadata.mjs, SUPPORTS). */
const DONATION_WIDGETS_SUPPORTED = array( 'anchor', 'className', 'align', 'style', 'lock', 'metadata' );

/**
 * How a block prints its host's attributes: WordPress's wrapper attributes (the block's class, its
 * alignment, Additional CSS class, spacing and anchor) merged with the host's own class, style and id by
 * get_block_wrapper_attributes(), which escapes each; so the host is the block's element, with no wrapper.
 *
 * @param array $attributes The block's attributes.
 * @return callable
 */
function donation_widgets_wrapper( array $attributes ) {
	return function ( array $host ) use ( $attributes ) {
		// Where WordPress does not print the anchor itself (wp_apply_anchor_support), the block does.
		if ( ! function_exists( 'wp_apply_anchor_support' ) && isset( $attributes['anchor'] ) && is_string( $attributes['anchor'] ) && '' !== $attributes['anchor'] ) {
			$host['id'] = $attributes['anchor'];
		}
		$text = get_block_wrapper_attributes( $host );
		return '' === $text ? '' : ' ' . $text;
	};
}

/**
 * Whether this render is the block editor's preview of the block (its server-side render): there the
 * editor's own element for the block carries the wrapper attributes, so the host must not repeat them.
 *
 * @return bool
 */
function donation_widgets_is_editor_preview() {
	global $wp;
	return defined( 'REST_REQUEST' ) && REST_REQUEST && isset( $wp->query_vars['rest_route'] )
		&& 0 === strpos( (string) $wp->query_vars['rest_route'], '/wp/v2/block-renderer/' );
}
