<?php
/**
 * Where the zip boundary files live and how a set made on the settings screen gets there. The site serves
 * its set from the uploads folder's zipcodes/ (each site of a network has its own uploads folder, so its
 * own set). A new set is staged in a folder of its own beside it, a file entering it only once whole and
 * checked (a file sent in pieces is put together outside the web root first); once the set is whole, the
 * folder takes zipcodes/'s place in one rename, the files of the set before it leave with the old folder,
 * and anything else an admin keeps there (an .htaccess) is carried over. A site has one run open at a
 * time (includes/boundaries/boundaries-lock.php): a new one replaces the one before. A run that is cancelled, fails,
 * is replaced or is abandoned only ever touched its own folders. Every write goes through WP_Filesystem.
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
 * Starts a run: its staging folder, denied over HTTP, and the site's open run, which it replaces (the
 * admin who begins is at the screen now; the run before may be a closed tab's). Folders a day old or
 * more that no run owns (a publish cut short) are removed. The caller holds the site's lock.
 *
 * @return string|WP_Error The run's id.
 */
function donation_widgets_begin_boundaries() {
	$fs = donation_widgets_boundary_filesystem();
	if ( is_wp_error( $fs ) ) {
		return $fs;
	}
	$live = donation_widgets_boundary_live_problem();
	if ( $live ) {
		return $live;
	}
	$previous = donation_widgets_open_boundary_run();
	if ( $previous ) {
		donation_widgets_end_boundary_run( $fs, $previous );
	}
	donation_widgets_remove_boundary_leftovers( $fs, DAY_IN_SECONDS );
	$run   = strtolower( wp_generate_password( 24, false ) );
	$stage = donation_widgets_boundary_stage( $run );
	if ( ! $fs->mkdir( $stage ) || ! donation_widgets_guard_boundary_stage( $fs, $stage ) ) {
		donation_widgets_remove_boundary_path( $fs, $stage, donation_widgets_uploads_dir() );
		return new WP_Error( 'donation_widgets_boundary_unwritable', __( 'The folder for the new files could not be made in the uploads folder.', 'donation-widgets' ), array( 'status' => 500 ) );
	}
	donation_widgets_save_boundary_run(
		array(
			'id'       => $run,
			'started'  => time(),
			'pieces'   => (string) donation_widgets_boundary_pieces_dir( $run ),
			'replaces' => $previous ? $previous['id'] : '',
		)
	);
	clean_dirsize_cache( $stage );
	return $run;
}

/**
 * A run under way: the filesystem and what the run has received so far; an error when the filesystem
 * cannot be written or the run is over (published, cancelled, refused, replaced). The caller holds the
 * site's lock.
 *
 * @param string $run The run's id.
 * @return array{0: WP_Filesystem_Base, 1: array}|WP_Error The run as donation_widgets_open_boundary_run() gives it.
 */
function donation_widgets_boundary_run( $run ) {
	$fs = donation_widgets_boundary_filesystem();
	if ( is_wp_error( $fs ) ) {
		return $fs;
	}
	$open = donation_widgets_open_boundary_run();
	if ( $open && $open['id'] === $run ) {
		return array( $fs, $open );
	}
	if ( $open && $open['replaces'] === $run ) {
		/* translators: %s: a date and time. */
		return new WP_Error( 'donation_widgets_boundary_run_over', sprintf( __( 'This run of the boundary files is over: another, begun on %s, took its place (a second tab, or another admin). The site serves what it served before until that one is published.', 'donation-widgets' ), donation_widgets_boundary_date( $open['started'] ) ), array( 'status' => 410 ) );
	}
	return new WP_Error( 'donation_widgets_boundary_run_over', __( 'This run of the boundary files is over: it was cancelled, refused or published. Make the files again.', 'donation-widgets' ), array( 'status' => 410 ) );
}

/**
 * Ends the site's open run without publishing it: its staging folder, its pieces and the run itself.
 *
 * @param WP_Filesystem_Base $fs   The filesystem.
 * @param array              $open donation_widgets_open_boundary_run().
 */
function donation_widgets_end_boundary_run( $fs, $open ) {
	$stage = donation_widgets_boundary_stage( $open['id'] );
	donation_widgets_remove_boundary_path( $fs, $stage, donation_widgets_uploads_dir() );
	donation_widgets_remove_boundary_pieces( $fs, $open );
	donation_widgets_save_boundary_run( null );
	clean_dirsize_cache( $stage );
}

/**
 * Removes a run's pieces folder, the one folder outside the uploads folder a run writes.
 *
 * @param WP_Filesystem_Base $fs   The filesystem.
 * @param array              $open donation_widgets_open_boundary_run().
 */
function donation_widgets_remove_boundary_pieces( $fs, $open ) {
	if ( basename( $open['pieces'] ) === 'donation-widgets-boundaries-' . $open['id'] ) {
		donation_widgets_remove_boundary_path( $fs, $open['pieces'], dirname( $open['pieces'] ) );
	}
}

/**
 * Ends a run that will not be published. The caller holds the site's lock, so a publish of the run has
 * either not begun (the run ends) or is over (the run is too, and the answer says so).
 *
 * @param string $run The run's id.
 * @return true|WP_Error
 */
function donation_widgets_cancel_boundaries( $run ) {
	$open = donation_widgets_boundary_run( $run );
	if ( is_wp_error( $open ) ) {
		return $open;
	}
	donation_widgets_end_boundary_run( $open[0], $open[1] );
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
			donation_widgets_remove_boundary_path( $fs, $uploads . '/' . $name, $uploads );
		}
	}
}

/**
 * Removes the set the settings screen made, and every run's folders: on uninstall, for each site. Files
 * someone else put in zipcodes/ (a set uploaded over SFTP, an .htaccess) stay, and so does the folder
 * then; a zipcodes/ that is a link is left alone, since what it points to is not this site's alone.
 */
function donation_widgets_remove_boundaries() {
	// A site that never had an uploads folder has no files here, and is not given a folder now.
	$fs = is_dir( donation_widgets_uploads_dir() ) ? donation_widgets_boundary_filesystem() : null;
	if ( $fs && ! is_wp_error( $fs ) ) {
		$open = donation_widgets_open_boundary_run();
		if ( $open ) {
			donation_widgets_end_boundary_run( $fs, $open );
		}
		donation_widgets_remove_boundary_leftovers( $fs );
		$live = donation_widgets_uploads_dir() . '/' . DONATION_WIDGETS_BOUNDARY_DIR;
		if ( get_option( DONATION_WIDGETS_BOUNDARY_SET ) && ! is_link( $live ) && $fs->is_dir( $live ) ) {
			$left = 0;
			foreach ( (array) $fs->dirlist( $live, true ) as $name => $entry ) {
				if ( 'f' === $entry['type'] && donation_widgets_boundary_kind( (string) $name ) ) {
					$fs->delete( $live . '/' . $name, false, 'f' );
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
	delete_option( DONATION_WIDGETS_BOUNDARY_RUN );
	delete_option( DONATION_WIDGETS_BOUNDARY_LOCK );
}
