<?php
/**
 * What the site serves for zip outlines, in words: for the settings screen's Zip boundaries section,
 * the answer of its route after a run, and Site Health.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The settings screen's section's id, which Site Health's advice links to. */
const DONATION_WIDGETS_BOUNDARY_SECTION = 'zip-boundaries';

/**
 * The set the settings screen made, as its option describes it, with whether its index is still in the
 * uploads folder (someone may have removed the files over SFTP); null when none was made here.
 *
 * @return array{zips: int, areas: string[], files: int, bytes: int, sample: string, only: string, made: int, present: bool}|null
 */
function donation_widgets_boundary_set() {
	$set = get_option( DONATION_WIDGETS_BOUNDARY_SET );
	if ( ! is_array( $set ) || ! isset( $set['zips'], $set['areas'], $set['files'], $set['bytes'], $set['sample'], $set['only'], $set['made'] ) ) {
		return null;
	}
	$set['present'] = is_file( donation_widgets_uploads_dir() . '/' . DONATION_WIDGETS_BOUNDARY_DIR . '/zips.json' );
	return $set;
}

/**
 * The boundary base URL's default: the uploads folder's zipcodes/, where the settings screen's files go.
 *
 * @return string
 */
function donation_widgets_boundary_default_url() {
	$uploads = wp_upload_dir( null, false );
	return trailingslashit( $uploads['baseurl'] ) . DONATION_WIDGETS_BOUNDARY_DIR . '/';
}

/**
 * What the site serves, in sentences.
 *
 * @return string[]
 */
function donation_widgets_boundary_status() {
	$set   = donation_widgets_boundary_set();
	$lines = array();
	if ( ! $set ) {
		$lines[] = is_file( donation_widgets_uploads_dir() . '/' . DONATION_WIDGETS_BOUNDARY_DIR . '/zips.json' )
			? __( 'The uploads folder\'s zipcodes/ holds boundary files put there another way (zips.json is there). Files made here replace them.', 'donation-widgets' )
			: __( 'No zip boundary files have been made here yet: the donors search map draws no zip outlines from this site.', 'donation-widgets' );
	} elseif ( ! $set['present'] ) {
		/* translators: %s: a date and time. */
		$lines[] = sprintf( __( 'The boundary files made on %s are no longer in the uploads folder. Make them again.', 'donation-widgets' ), donation_widgets_boundary_date( $set['made'] ) );
	} else {
		$areas   = $set['areas'];
		$first   = reset( $areas );
		$last    = end( $areas );
		$lines[] = sprintf(
			/* translators: 1: how many zips, 2: the zip areas (first three digits) they are in, 3: the zips, prefixes and states chosen, or "every zip of the file", 4: a date and time, 5: a size such as 12 MB, 6: how many files. */
			_n( 'The site serves outlines for %1$s zip (%2$s), made from %3$s on %4$s: %5$s in %6$s files.', 'The site serves outlines for %1$s zips (%2$s), made from %3$s on %4$s: %5$s in %6$s files.', (int) $set['zips'], 'donation-widgets' ),
			number_format_i18n( (int) $set['zips'] ),
			/* translators: 1: the first zip area, 2: the last (three digits each). */
			$first === $last ? sprintf( __( 'zip area %s', 'donation-widgets' ), $first ) : sprintf( __( 'zip areas %1$s to %2$s', 'donation-widgets' ), $first, $last ),
			'' === $set['only'] ? __( 'every zip of the file', 'donation-widgets' ) : $set['only'],
			donation_widgets_boundary_date( $set['made'] ),
			size_format( (int) $set['bytes'], 1 ),
			number_format_i18n( (int) $set['files'] )
		);
	}
	$base = (string) donation_widgets_get( 'donation_widgets_boundary_base_url' );
	if ( '' !== $base && donation_widgets_boundary_default_url() !== $base ) {
		/* translators: %s: the boundary base URL. */
		$lines[] = sprintf( __( 'The Boundary base URL is set to %s: the map reads outlines from there, not from the files made here. Empty it to use these.', 'donation-widgets' ), $base );
	}
	return $lines;
}

/**
 * A moment in the site's date and time formats.
 *
 * @param int $time A Unix time.
 * @return string
 */
function donation_widgets_boundary_date( $time ) {
	/* translators: 1: a date, 2: a time. */
	return sprintf( __( '%1$s at %2$s', 'donation-widgets' ), wp_date( (string) get_option( 'date_format' ), (int) $time ), wp_date( (string) get_option( 'time_format' ), (int) $time ) );
}
