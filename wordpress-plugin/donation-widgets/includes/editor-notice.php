<?php
/**
 * Notes for editors about a misplaced island: a bordered note, styled inline so it reads as a note on any
 * theme, printed only for those who can edit what holds the island. A visitor's page (and a page cache's
 * copy of it) holds nothing of it, not even a comment: the note quotes what the author wrote.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether the current user may read the notes about what the current content holds: those who can edit
 * the post being shown (the block editor's preview names it too), or, where no post is being shown (a
 * template, a widget area), those who can edit the theme's templates and widgets.
 *
 * @return bool
 */
function donation_widgets_can_read_notes() {
	$post = get_post();
	return $post ? current_user_can( 'edit_post', $post->ID ) : current_user_can( 'edit_theme_options' );
}

/**
 * A problem with a shortcode or block, in words.
 *
 * @param string $message What is wrong and what to do.
 * @return string The note when the current user may read it, else ''.
 */
function donation_widgets_editor_notice( $message ) {
	if ( ! donation_widgets_can_read_notes() ) {
		return '';
	}
	// Inline styles: the note must look like a note on every theme, and it is never shown to visitors.
	$box  = 'box-sizing:border-box;margin:1em 0;padding:.75em 1em;border:1px solid #c3c4c7;border-left:4px solid #d63638;'
		. 'border-radius:2px;background:#fff;color:#1e1e1e;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;text-align:left;';
	$line = 'margin:0;padding:0;color:inherit;font:inherit;';
	return sprintf(
		'<div class="donation-widgets-notice" role="note" style="%1$s"><p class="donation-widgets-notice-message" style="%2$s">%3$s</p><p class="donation-widgets-notice-audience" style="%2$scolor:#50575e;font-size:13px;">%4$s</p></div>',
		esc_attr( $box ),
		esc_attr( $line ),
		esc_html( 'donation_widget: ' . $message ),
		esc_html__( 'Only people who can edit this content see this note; visitors do not.', 'donation-widgets' )
	);
}

/**
 * Whether an island keeps content enclosed by its shortcode. An island whose own content is only a
 * <noscript> fallback draws everything else in the browser, over whatever the shortcode enclosed; one
 * whose content the plugin fills from its settings (placeholders such as %%options:…%%, the donors
 * search's form) needs its own and takes none either.
 *
 * @param array $island The island, as markup/islands.json holds it.
 * @return bool
 */
function donation_widgets_island_takes_content( $island ) {
	$content = isset( $island['content'] ) ? (string) $island['content'] : '';
	if ( false !== strpos( $content, '%%' ) ) {
		return false;
	}
	return '' !== trim( (string) preg_replace( '#<noscript\b[^>]*>.*?</noscript>#is', '', $content ) );
}

/**
 * Content enclosed by a shortcode whose island takes none: kept after the island, where it stays
 * visible, with a note telling the editor to move it out of the shortcode.
 *
 * @param string $name     The island's name.
 * @param string $enclosed The enclosed content, shortcodes already run.
 * @return string The note, then the content.
 */
function donation_widgets_enclosed_content_notice( $name, $enclosed ) {
	return donation_widgets_editor_notice(
		sprintf(
			/* translators: %s: the island's name. */
			__( 'the island "%s" takes no enclosed content. The content below was inside its shortcode; close the shortcode with /] and move the content out of it.', 'donation-widgets' ),
			$name
		)
	) . $enclosed;
}
