<?php
/**
 * The folders a run of the boundary tool writes, and how they are removed without following a link: a
 * link is removed itself, never what it points to, and nothing is removed outside the site's uploads
 * folder but the run's own pieces folder. A run's staging folder carries rules that deny it over HTTP
 * (an .htaccess for Apache, an index.php for a listing); nothing in it depends on them, since a file
 * enters it only whole and checked, but a set half made is nobody's business.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** What a staging folder holds to be denied over HTTP; removed before it is published. */
const DONATION_WIDGETS_BOUNDARY_GUARDS = array(
	'.htaccess' => "# A set of zip boundary files being made: not served until it is published.\n<IfModule mod_authz_core.c>\n\tRequire all denied\n</IfModule>\n<IfModule !mod_authz_core.c>\n\tOrder allow,deny\n\tDeny from all\n</IfModule>\n",
	'index.php' => "<?php\n// A set of zip boundary files being made: not served until it is published.\nhttp_response_code( 403 );\n",
);

/**
 * Writes the guards into a new staging folder.
 *
 * @param WP_Filesystem_Base $fs    The filesystem.
 * @param string             $stage The folder.
 * @return bool
 */
function donation_widgets_guard_boundary_stage( $fs, $stage ) {
	foreach ( DONATION_WIDGETS_BOUNDARY_GUARDS as $name => $text ) {
		if ( ! $fs->put_contents( $stage . '/' . $name, $text ) ) {
			return false;
		}
	}
	return true;
}

/**
 * A folder for the pieces of a run's files, outside the web root: the system's temporary folder
 * (WordPress's get_temp_dir(), which WP_TEMP_DIR sets). Null when the only one is under the site's
 * folder, where the web server could serve a piece.
 *
 * @param string $run The run's id.
 * @return string|null
 */
function donation_widgets_boundary_pieces_dir( $run ) {
	$temp = realpath( get_temp_dir() );
	$site = realpath( ABSPATH );
	$web  = array_filter( array( $site, realpath( WP_CONTENT_DIR ), realpath( donation_widgets_uploads_dir() ) ) );
	if ( false === $temp ) {
		return null;
	}
	foreach ( $web as $root ) {
		if ( donation_widgets_path_within( $temp, $root ) ) {
			return null;
		}
	}
	return $temp . '/donation-widgets-boundaries-' . $run;
}

/**
 * Whether `$path` is `$folder` or inside it (both resolved).
 *
 * @param string $path   A path.
 * @param string $folder A folder.
 * @return bool
 */
function donation_widgets_path_within( $path, $folder ) {
	return $path === $folder || 0 === strpos( $path, rtrim( $folder, '/' ) . '/' );
}

/**
 * Removes a file or folder, its own entries only: a link is removed itself, never followed. Refused
 * unless the folder it is in resolves inside `$within`.
 *
 * @param WP_Filesystem_Base $fs     The filesystem.
 * @param string             $path   What to remove.
 * @param string             $within The folder it must be in: the uploads folder or a run's pieces folder.
 * @return bool Whether it is gone.
 */
function donation_widgets_remove_boundary_path( $fs, $path, $within ) {
	$parent = realpath( dirname( $path ) );
	$root   = realpath( $within );
	if ( false === $parent || false === $root || ! donation_widgets_path_within( $parent, $root ) ) {
		return false;
	}
	if ( ! is_link( $path ) && ! file_exists( $path ) ) {
		return true;
	}
	if ( is_link( $path ) || ! is_dir( $path ) ) {
		return $fs->delete( $path, false, 'f' );
	}
	foreach ( array_keys( (array) $fs->dirlist( $path, true, false ) ) as $name ) {
		donation_widgets_remove_boundary_path( $fs, $path . '/' . $name, $root );
	}
	return $fs->rmdir( $path );
}

/**
 * The first link in a folder or any folder inside it (or the folder itself), or null.
 *
 * @param string $path The folder.
 * @return string|null The link's path.
 */
function donation_widgets_boundary_link( $path ) {
	if ( is_link( $path ) ) {
		return $path;
	}
	if ( ! is_dir( $path ) ) {
		return null;
	}
	foreach ( (array) scandir( $path ) as $name ) {
		if ( '.' !== $name && '..' !== $name ) {
			$found = donation_widgets_boundary_link( $path . '/' . $name );
			if ( null !== $found ) {
				return $found;
			}
		}
	}
	return null;
}

/**
 * Why the set the site serves cannot be replaced, or null: its folder, or something in it, is a link,
 * which a publish would carry along or empty for every site that shares what it points to.
 *
 * @return WP_Error|null
 */
function donation_widgets_boundary_live_problem() {
	$live = donation_widgets_uploads_dir() . '/' . DONATION_WIDGETS_BOUNDARY_DIR;
	$link = donation_widgets_boundary_link( $live );
	if ( null === $link ) {
		return null;
	}
	return new WP_Error(
		'donation_widgets_boundary_link',
		sprintf(
			/* translators: %s: a path in the uploads folder. */
			__( 'The uploads folder\'s %s is a link. Files made here are not published through a link, so that nothing another site shares is replaced or removed; the site serves what it served before. Make zipcodes/ a folder of its own, without links, or put the files where the link points with npm run boundaries.', 'donation-widgets' ),
			substr( $link, strlen( donation_widgets_uploads_dir() ) + 1 )
		),
		array( 'status' => 409 )
	);
}
