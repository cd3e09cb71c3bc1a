<?php
/**
 * Where the zip boundary files live and how a set made on the settings screen gets there. The site serves
 * its set from the uploads folder's zipcodes/ (each site of a network has its own uploads folder, so its
 * own set). A new set is staged in a folder of its own beside it, file by file; once whole, it takes
 * zipcodes/'s place in one rename, the files of the set before it leave with the old folder, and
 * anything else an admin keeps there (an .htaccess) is carried over. A run that is cancelled, fails or
 * is abandoned only ever touched its own folder. Every write goes through WP_Filesystem.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The option describing the set the site serves, when the settings screen made it. */
const DONATION_WIDGETS_BOUNDARY_SET = 'donation_widgets_boundaries';

/** The uploads folder's subfolder the site serves the set from (the boundary base URL's default). */
const DONATION_WIDGETS_BOUNDARY_DIR = 'zipcodes';

/** A run's staging folder beside it: this, then the run's id. */
const DONATION_WIDGETS_BOUNDARY_STAGE = 'zipcodes-staging-';

/** What a run keeps about itself in its folder; removed before the folder is published. */
const DONATION_WIDGETS_BOUNDARY_RUN_FILE = '.run.json';

/**
 * The uploads folder, without a trailing slash.
 *
 * @return string
 */
function donation_widgets_uploads_dir() {
	$uploads = wp_upload_dir( null, false );
	return untrailingslashit( $uploads['basedir'] );
}

/**
 * WordPress's filesystem, when it may write to the uploads folder itself; an error naming the way out
 * otherwise (a host that would ask for FTP details cannot be asked from a REST request).
 *
 * @return WP_Filesystem_Base|WP_Error
 */
function donation_widgets_boundary_filesystem() {
	global $wp_filesystem;
	require_once ABSPATH . 'wp-admin/includes/file.php';
	$uploads = donation_widgets_uploads_dir();
	if ( ! wp_mkdir_p( $uploads ) || 'direct' !== get_filesystem_method( array(), $uploads, true ) || ! WP_Filesystem( false, $uploads, true ) ) {
		return new WP_Error(
			'donation_widgets_boundary_unwritable',
			/* translators: %s: the uploads folder. */
			sprintf( __( 'WordPress cannot write to the uploads folder (%s) by itself, so the boundary files cannot be stored. Make the folder writable by the web server, or put the files there with npm run boundaries and SFTP.', 'donation-widgets' ), $uploads ),
			array( 'status' => 500 )
		);
	}
	return $wp_filesystem;
}

/**
 * The staging folder of a run.
 *
 * @param string $run The run's id (checked by the route: 24 lowercase letters and digits).
 * @return string
 */
function donation_widgets_boundary_stage( $run ) {
	return donation_widgets_uploads_dir() . '/' . DONATION_WIDGETS_BOUNDARY_STAGE . $run;
}

/**
 * Starts a run: its empty staging folder. Runs abandoned a day ago or more (a closed tab) are removed.
 *
 * @return string|WP_Error The run's id.
 */
function donation_widgets_begin_boundaries() {
	$fs = donation_widgets_boundary_filesystem();
	if ( is_wp_error( $fs ) ) {
		return $fs;
	}
	donation_widgets_remove_boundary_leftovers( $fs, DAY_IN_SECONDS );
	$run = strtolower( wp_generate_password( 24, false ) );
	if ( ! $fs->mkdir( donation_widgets_boundary_stage( $run ) ) || ! $fs->put_contents( donation_widgets_boundary_stage( $run ) . '/' . DONATION_WIDGETS_BOUNDARY_RUN_FILE, '{}' ) ) {
		return new WP_Error( 'donation_widgets_boundary_unwritable', __( 'The folder for the new files could not be made in the uploads folder.', 'donation-widgets' ), array( 'status' => 500 ) );
	}
	return $run;
}

/**
 * A run under way: the filesystem and what the run has received so far, from its folder; an error when
 * the filesystem cannot be written or the run is over (published, cancelled, refused).
 *
 * @param string $run The run's id.
 * @return array{0: WP_Filesystem_Base, 1: array{bytes: int, files: int, bundles: array<string, string[]>}}|WP_Error
 */
function donation_widgets_boundary_run( $run ) {
	$fs = donation_widgets_boundary_filesystem();
	if ( is_wp_error( $fs ) ) {
		return $fs;
	}
	$file  = donation_widgets_boundary_stage( $run ) . '/' . DONATION_WIDGETS_BOUNDARY_RUN_FILE;
	$state = $fs->is_file( $file ) ? json_decode( (string) $fs->get_contents( $file ), true ) : null;
	if ( ! is_array( $state ) ) {
		return new WP_Error( 'donation_widgets_boundary_run_over', __( 'This run of the boundary files is over: it was cancelled, refused or published. Make the files again.', 'donation-widgets' ), array( 'status' => 410 ) );
	}
	$empty = array(
		'bytes'   => 0,
		'files'   => 0,
		'bundles' => array(),
	);
	return array( $fs, array_merge( $empty, $state ) );
}

/**
 * Ends a run that will not be published: its folder and everything in it.
 *
 * @param string $run The run's id.
 * @return true|WP_Error
 */
function donation_widgets_cancel_boundaries( $run ) {
	$fs = donation_widgets_boundary_filesystem();
	if ( is_wp_error( $fs ) ) {
		return $fs;
	}
	$fs->delete( donation_widgets_boundary_stage( $run ), true );
	return true;
}

/**
 * Removes staging and replaced folders left by runs: those older than `$age` seconds, or all.
 *
 * @param WP_Filesystem_Base $fs  The filesystem.
 * @param int                $age Seconds; 0 removes all.
 */
function donation_widgets_remove_boundary_leftovers( $fs, $age = 0 ) {
	$uploads = donation_widgets_uploads_dir();
	foreach ( (array) $fs->dirlist( $uploads, false ) as $name => $entry ) {
		if ( 'd' === $entry['type'] && preg_match( '/^zipcodes-(staging|replaced)-[a-z0-9]{24}$/D', (string) $name )
			&& ( 0 === $age || (int) $fs->mtime( $uploads . '/' . $name ) < time() - $age ) ) {
			$fs->delete( $uploads . '/' . $name, true );
		}
	}
}

/**
 * Removes the set the settings screen made, and every run's folder: on uninstall, for each site. Files
 * someone else put in zipcodes/ (a set uploaded over SFTP, an .htaccess) stay, and so does the folder then.
 */
function donation_widgets_remove_boundaries() {
	// A site that never had an uploads folder has no files here, and is not given a folder now.
	$fs = is_dir( donation_widgets_uploads_dir() ) ? donation_widgets_boundary_filesystem() : null;
	if ( $fs && ! is_wp_error( $fs ) ) {
		donation_widgets_remove_boundary_leftovers( $fs );
		$live = donation_widgets_uploads_dir() . '/' . DONATION_WIDGETS_BOUNDARY_DIR;
		if ( get_option( DONATION_WIDGETS_BOUNDARY_SET ) && $fs->is_dir( $live ) ) {
			$left = 0;
			foreach ( (array) $fs->dirlist( $live, true ) as $name => $entry ) {
				if ( 'f' === $entry['type'] && donation_widgets_boundary_kind( (string) $name ) ) {
					$fs->delete( $live . '/' . $name );
				} else {
					++$left;
				}
			}
			if ( 0 === $left ) {
				$fs->rmdir( $live );
			}
		}
	}
	delete_option( DONATION_WIDGETS_BOUNDARY_SET );
}
