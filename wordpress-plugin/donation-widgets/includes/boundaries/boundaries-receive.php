<?php
/**
 * Receiving a run's files: a batch of files (or pieces of a file larger than one request may be),
 * each checked by name and size; pieces are put together in the run's pieces folder, outside the web
 * root, and a file joins the run's staging folder only once whole and its content checked
 * (includes/boundaries/boundaries-files.php), as the check read it. Every byte and every file, pieces included,
 * counts against the set's bounds and, on a network, the site's upload space. A refused file ends the
 * run: its folders go, the set the site serves stays. A batch sent again (a retry after a lost answer)
 * is taken as already received, and counted once.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Stores a batch. The caller holds the site's lock.
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
	$space = donation_widgets_boundary_space( $stage, $state );
	foreach ( $files as $file ) {
		$stored = donation_widgets_receive_boundary( $fs, $stage, $state, $space, $file );
		if ( is_wp_error( $stored ) ) {
			donation_widgets_end_boundary_run( $fs, $state );
			return $stored;
		}
	}
	donation_widgets_save_boundary_run( $state );
	clean_dirsize_cache( $stage );
	return array( 'received' => count( $files ) );
}

/**
 * The upload space a network's site has left for the run, its pieces counted; null off a network or
 * where the network does not check. Read once a batch, past the cache WordPress keeps of folder sizes
 * (written files do not clear it), since reading it means reading every folder of the site's uploads.
 *
 * @param string $stage The run's folder.
 * @param array  $state The run.
 * @return int|null Bytes.
 */
function donation_widgets_boundary_space( $stage, $state ) {
	if ( ! is_multisite() || get_site_option( 'upload_space_check_disabled' ) ) {
		return null;
	}
	clean_dirsize_cache( $stage );
	return (int) get_upload_space_available() - array_sum( $state['parts'] );
}

/**
 * Stores one file or piece.
 *
 * @param WP_Filesystem_Base $fs    The filesystem.
 * @param string             $stage The run's folder.
 * @param array              $state The run; updated.
 * @param int|null           $space donation_widgets_boundary_space(); updated.
 * @param mixed              $file  `name`, `text`, `at`, `end`.
 * @return true|WP_Error
 */
function donation_widgets_receive_boundary( $fs, $stage, &$state, &$space, $file ) {
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
	$part   = isset( $state['parts'][ $name ] ) ? $state['pieces'] . '/' . $name . '.part' : '';
	$whole  = isset( $state['whole'][ $name ] ) && $fs->is_file( $target ) ? (string) $fs->get_contents( $target ) : null;
	$before = null !== $whole ? $whole : ( '' !== $part && $fs->is_file( $part ) ? (string) $fs->get_contents( $part ) : '' );
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
	$room = donation_widgets_boundary_room( $state, strlen( $file['text'] ), '' === $part, $limits, $space );
	if ( true !== $room ) {
		return donation_widgets_boundary_refusal( $name, $room, 413 );
	}
	$content = $before . $file['text'];
	if ( null !== $space ) {
		$space -= strlen( $file['text'] );
	}
	if ( ! $file['end'] ) {
		return donation_widgets_store_boundary_piece( $fs, $state, $name, $content );
	}
	$checked = donation_widgets_check_boundary( $name, $content );
	if ( is_wp_error( $checked ) ) {
		return $checked;
	}
	if ( ! $fs->put_contents( $target, $checked ) ) {
		return donation_widgets_boundary_refusal( $name, __( 'could not be written to the uploads folder.', 'donation-widgets' ), 500 );
	}
	if ( '' !== $part ) {
		$fs->delete( $part, false, 'f' );
		unset( $state['parts'][ $name ] );
	}
	$state['whole'][ $name ] = strlen( $checked );
	if ( 'bundle' === $kind['kind'] ) {
		$state['bundles'][ $kind['code'] ] = donation_widgets_bundle_zips( $checked );
	}
	return true;
}

/**
 * Keeps what came of a file so far in the run's pieces folder, made when its first piece comes.
 *
 * @param WP_Filesystem_Base $fs      The filesystem.
 * @param array              $state   The run; updated.
 * @param string             $name    The file.
 * @param string             $content Its bytes so far.
 * @return true|WP_Error
 */
function donation_widgets_store_boundary_piece( $fs, &$state, $name, $content ) {
	if ( '' === $state['pieces'] ) {
		return donation_widgets_boundary_refusal( $name, __( 'too large for one request, and this server has no temporary folder outside the site\'s folders to put its pieces together in. Set WP_TEMP_DIR in wp-config.php to a writable folder outside the web root, or raise PHP\'s post_max_size.', 'donation-widgets' ), 500 );
	}
	if ( ! $fs->is_dir( $state['pieces'] ) && ! $fs->mkdir( $state['pieces'], 0700 ) ) {
		return donation_widgets_boundary_refusal( $name, __( 'its pieces could not be written to the server\'s temporary folder.', 'donation-widgets' ), 500 );
	}
	if ( ! $fs->put_contents( $state['pieces'] . '/' . $name . '.part', $content ) ) {
		return donation_widgets_boundary_refusal( $name, __( 'its pieces could not be written to the server\'s temporary folder.', 'donation-widgets' ), 500 );
	}
	$state['parts'][ $name ] = strlen( $content );
	return true;
}

/**
 * The files of a run, whole or in pieces.
 *
 * @param array $state The run.
 * @return int
 */
function donation_widgets_boundary_run_files( $state ) {
	return count( $state['whole'] ) + count( $state['parts'] );
}

/**
 * The bytes of a run, whole files and pieces.
 *
 * @param array $state The run.
 * @return int
 */
function donation_widgets_boundary_run_bytes( $state ) {
	return (int) ( array_sum( $state['whole'] ) + array_sum( $state['parts'] ) );
}

/**
 * Whether the set has room for more bytes and, when they begin a file, one more file: its own bounds,
 * and on a network the site's upload space.
 *
 * @param array    $state  The run.
 * @param int      $bytes  The bytes to add.
 * @param bool     $begins Whether they begin a file.
 * @param array    $limits donation_widgets_boundary_limits().
 * @param int|null $space  donation_widgets_boundary_space() less what the batch took so far.
 * @return true|string Why not.
 */
function donation_widgets_boundary_room( $state, $bytes, $begins, $limits, $space ) {
	if ( $begins && donation_widgets_boundary_run_files( $state ) + 1 > $limits['files'] ) {
		/* translators: %s: a number of files. */
		return sprintf( __( 'one file more than the %s a set may have.', 'donation-widgets' ), number_format_i18n( $limits['files'] ) );
	}
	if ( donation_widgets_boundary_run_bytes( $state ) + $bytes > $limits['bytes'] ) {
		/* translators: %s: a size such as 1 GB. */
		return sprintf( __( 'more than the %s a set may have in all.', 'donation-widgets' ), size_format( $limits['bytes'] ) );
	}
	if ( null !== $space && $bytes > $space ) {
		/* translators: %s: a size such as 12 MB. */
		return sprintf( __( 'the files need more than the %s of upload space this site has left.', 'donation-widgets' ), size_format( max( 0, $space ) ) );
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
