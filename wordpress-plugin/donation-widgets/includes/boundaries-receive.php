<?php
/**
 * Receiving a run's files: a batch of files (or pieces of a file larger than one request may be),
 * each checked by name, size and, once whole, content (includes/boundaries-files.php) before it joins
 * the run's folder. A refused file ends the run: its folder goes, the set the site serves stays.
 * A batch sent again (a retry after a lost answer) is taken as already received.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Stores a batch.
 *
 * @param string $run   The run's id.
 * @param array  $files Each `name`, `text`, `at` (bytes of the file before this piece) and `end` (the last piece).
 * @return array{received: int}|WP_Error
 */
function donation_widgets_receive_boundaries( $run, $files ) {
	$open = donation_widgets_boundary_run( $run );
	if ( is_wp_error( $open ) ) {
		return $open;
	}
	list( $fs, $state ) = $open;
	wp_raise_memory_limit( 'admin' );
	$stage = donation_widgets_boundary_stage( $run );
	foreach ( $files as $file ) {
		$stored = donation_widgets_receive_boundary( $fs, $stage, $state, $file );
		if ( is_wp_error( $stored ) ) {
			$fs->delete( $stage, true );
			return $stored;
		}
	}
	$fs->put_contents( $stage . '/' . DONATION_WIDGETS_BOUNDARY_RUN_FILE, (string) wp_json_encode( $state ) );
	return array( 'received' => count( $files ) );
}

/**
 * Stores one file or piece.
 *
 * @param WP_Filesystem_Base $fs    The filesystem.
 * @param string             $stage The run's folder.
 * @param array              $state What the run holds so far; updated.
 * @param mixed              $file  `name`, `text`, `at`, `end`.
 * @return true|WP_Error
 */
function donation_widgets_receive_boundary( $fs, $stage, &$state, $file ) {
	$name = is_array( $file ) && isset( $file['name'] ) && is_string( $file['name'] ) ? $file['name'] : '';
	$kind = donation_widgets_boundary_kind( $name );
	if ( ! $kind ) {
		return donation_widgets_boundary_refusal( '' === $name ? __( 'A file without a name', 'donation-widgets' ) : $name, __( 'not a name the boundary files have (zips.json, zips123.json, zip12345.kml).', 'donation-widgets' ) );
	}
	if ( ! isset( $file['text'], $file['at'], $file['end'] ) || ! is_string( $file['text'] ) || ! is_int( $file['at'] ) || $file['at'] < 0 || ! is_bool( $file['end'] ) ) {
		return donation_widgets_boundary_refusal( $name, __( 'sent without its text, place or end.', 'donation-widgets' ) );
	}
	$limits = donation_widgets_boundary_limits();
	$target = $stage . '/' . $name;
	$part   = $target . '.part';
	$whole  = $fs->is_file( $target ) ? (string) $fs->get_contents( $target ) : null;
	$before = null !== $whole ? $whole : ( $fs->is_file( $part ) ? (string) $fs->get_contents( $part ) : '' );
	$after  = $file['at'] + strlen( $file['text'] );
	// Sent again after an answer that was lost: the same bytes at the same place.
	if ( $after <= strlen( $before ) && substr( $before, $file['at'], strlen( $file['text'] ) ) === $file['text'] && ( null !== $whole || ! $file['end'] ) ) {
		return true;
	}
	if ( null !== $whole || strlen( $before ) !== $file['at'] ) {
		return donation_widgets_boundary_refusal( $name, __( 'sent twice, or its pieces out of order.', 'donation-widgets' ) );
	}
	if ( $after > $limits[ $kind['kind'] ] ) {
		/* translators: %s: a size such as 2 MB. */
		return donation_widgets_boundary_refusal( $name, sprintf( __( 'larger than the %s a file of its kind may be.', 'donation-widgets' ), size_format( $limits[ $kind['kind'] ] ) ), 413 );
	}
	$room = donation_widgets_boundary_room( $state, strlen( $file['text'] ), $limits );
	if ( true !== $room ) {
		return donation_widgets_boundary_refusal( $name, $room, 413 );
	}
	$content = $before . $file['text'];
	if ( ! $file['end'] ) {
		$state['bytes'] += strlen( $file['text'] );
		return $fs->put_contents( $part, $content ) ? true : donation_widgets_boundary_refusal( $name, __( 'could not be written to the uploads folder.', 'donation-widgets' ), 500 );
	}
	$checked = donation_widgets_check_boundary( $name, $content );
	if ( is_wp_error( $checked ) ) {
		return $checked;
	}
	if ( ! $fs->put_contents( $target, $content ) ) {
		return donation_widgets_boundary_refusal( $name, __( 'could not be written to the uploads folder.', 'donation-widgets' ), 500 );
	}
	$fs->delete( $part );
	$state['bytes'] += strlen( $file['text'] );
	++$state['files'];
	if ( 'bundle' === $kind['kind'] ) {
		$state['bundles'][ $kind['code'] ] = donation_widgets_bundle_zips( $content );
	}
	return true;
}

/**
 * Whether the set has room for more bytes and one more file: its own bounds, and on a network the
 * site's upload space.
 *
 * @param array $state  What the run holds so far.
 * @param int   $bytes  The bytes to add.
 * @param array $limits donation_widgets_boundary_limits().
 * @return true|string Why not.
 */
function donation_widgets_boundary_room( $state, $bytes, $limits ) {
	if ( $state['files'] + 1 > $limits['files'] ) {
		/* translators: %s: a number of files. */
		return sprintf( __( 'one file more than the %s a set may have.', 'donation-widgets' ), number_format_i18n( $limits['files'] ) );
	}
	if ( $state['bytes'] + $bytes > $limits['bytes'] ) {
		/* translators: %s: a size such as 1 GB. */
		return sprintf( __( 'more than the %s a set may have in all.', 'donation-widgets' ), size_format( $limits['bytes'] ) );
	}
	if ( is_multisite() && ! get_site_option( 'upload_space_check_disabled' ) && $state['bytes'] + $bytes > get_upload_space_available() ) {
		/* translators: %s: a size such as 12 MB. */
		return sprintf( __( 'the files need more than the %s of upload space this site has left.', 'donation-widgets' ), size_format( get_upload_space_available() ) );
	}
	return true;
}

/**
 * The zips of a bundle already checked.
 *
 * @param string $content The bundle.
 * @return string[]
 */
function donation_widgets_bundle_zips( $content ) {
	$topology = json_decode( $content, true );
	return array_map(
		function ( $geometry ) {
			return $geometry['properties']['zip'];
		},
		$topology['objects']['zips']['geometries']
	);
}
