<?php
/**
 * A plugin folder without its build (a checkout linked into a site before `npm run build`, say) can place
 * no island, block or shortcode: rather than print nothing, wp-admin says so to those who manage plugins,
 * naming the files that are missing and how to get them.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The built files the plugin cannot work without that its folder lacks, relative to the folder.
 *
 * @return string[]
 */
function donation_widgets_missing_build() {
	$needed = array( 'dist/donation-widgets.js', 'dist/editor/blocks.asset.php', 'markup/islands.json', 'markup/texts.php' );
	return array_values(
		array_filter(
			$needed,
			function ( $file ) {
				return ! is_readable( DONATION_WIDGETS_DIR . $file );
			}
		)
	);
}

/** Prints the notice on wp-admin's screens when the build is missing, for users who can manage plugins. */
function donation_widgets_build_notice() {
	if ( ! current_user_can( 'activate_plugins' ) ) {
		return;
	}
	$missing = donation_widgets_missing_build();
	if ( ! $missing ) {
		return;
	}
	$files = implode(
		', ',
		array_map(
			function ( $file ) {
				return '<code>' . esc_html( $file ) . '</code>';
			},
			$missing
		)
	);
	printf(
		'<div class="notice notice-error donation-widgets-build-notice"><p>%1$s</p><p>%2$s</p></div>',
		sprintf(
			/* translators: %s: the missing files, separated by commas. */
			esc_html__( 'Donation widgets is not built: its folder lacks %s, so it cannot show any island, block or shortcode.', 'donation-widgets' ),
			$files // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- each file name is escaped above.
		),
		esc_html__( 'Install the plugin from its zip (npm run plugin writes it), or run npm run build in the repository this folder comes from.', 'donation-widgets' )
	);
}
