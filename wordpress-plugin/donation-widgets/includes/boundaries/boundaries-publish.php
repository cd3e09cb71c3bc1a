<?php
/**
 * Publishing a run: its files checked as one set (the index names exactly the bundles sent, every zip in
 * the bundle its area belongs to, every KML file's zip in a bundle, nothing left in pieces), then its
 * folder takes zipcodes/'s place, and the option describing the set is updated for the settings screen
 * and Site Health. The caller holds the site's lock, so no request of the run runs beside it.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Publishes a run's files as the set the site serves.
 *
 * @param string $run  The run's id.
 * @param string $only What the admin limited the set to (zips, prefixes, states), as typed; '' for every zip.
 * @return array|WP_Error The set, as donation_widgets_boundary_set() describes it.
 */
function donation_widgets_publish_boundaries( $run, $only ) {
	$open = donation_widgets_boundary_run( $run );
	if ( is_wp_error( $open ) ) {
		return $open;
	}
	list( $fs, $state ) = $open;

	$uploads = donation_widgets_uploads_dir();
	$stage   = donation_widgets_boundary_stage( $run );
	$set     = donation_widgets_whole_set( $fs, $stage, $state );
	if ( ! is_wp_error( $set ) ) {
		$set = donation_widgets_boundary_live_problem() ?? $set;
	}
	if ( is_wp_error( $set ) ) {
		donation_widgets_end_boundary_run( $fs, $state );
		return $set;
	}
	// The run is the publish's from here: a cancel that comes after finds it over.
	donation_widgets_save_boundary_run( null );
	donation_widgets_remove_boundary_pieces( $fs, $state );
	$live     = $uploads . '/' . DONATION_WIDGETS_BOUNDARY_DIR;
	$replaced = $uploads . '/zipcodes-replaced-' . $run;
	foreach ( array_keys( DONATION_WIDGETS_BOUNDARY_GUARDS ) as $guard ) {
		$fs->delete( $stage . '/' . $guard, false, 'f' );
	}
	// What else the folder holds is the admin's: it stays where it is served.
	foreach ( $fs->is_dir( $live ) ? (array) $fs->dirlist( $live, true ) : array() as $name => $entry ) {
		if ( ! donation_widgets_boundary_kind( (string) $name ) ) {
			if ( 'd' === $entry['type'] ) {
				$fs->mkdir( $stage . '/' . $name );
				copy_dir( $live . '/' . $name, $stage . '/' . $name );
			} else {
				$fs->copy( $live . '/' . $name, $stage . '/' . $name, true );
			}
		}
	}
	if ( $fs->is_dir( $live ) && ! $fs->move( $live, $replaced ) ) {
		donation_widgets_remove_boundary_path( $fs, $stage, $uploads );
		return new WP_Error( 'donation_widgets_boundary_unwritable', __( 'The files being served could not be moved aside, so the new ones were not published; the site still serves the files it served before.', 'donation-widgets' ), array( 'status' => 500 ) );
	}
	if ( ! $fs->move( $stage, $live ) ) {
		$fs->move( $replaced, $live );
		donation_widgets_remove_boundary_path( $fs, $stage, $uploads );
		return new WP_Error( 'donation_widgets_boundary_unwritable', __( 'The new files could not be put in place; the site still serves the files it served before.', 'donation-widgets' ), array( 'status' => 500 ) );
	}
	donation_widgets_remove_boundary_path( $fs, $replaced, $uploads );
	clean_dirsize_cache( $live );
	$set['only'] = $only;
	$set['made'] = time();
	update_option( DONATION_WIDGETS_BOUNDARY_SET, $set, false );
	return donation_widgets_boundary_set();
}

/**
 * The run's files as a set, or why they are not one.
 *
 * @param WP_Filesystem_Base $fs    The filesystem.
 * @param string             $stage The run's folder.
 * @param array              $state What the run received.
 * @return array{zips: int, areas: string[], files: int, bytes: int, sample: string}|WP_Error
 */
function donation_widgets_whole_set( $fs, $stage, $state ) {
	$index = $fs->is_file( $stage . '/zips.json' ) ? json_decode( (string) $fs->get_contents( $stage . '/zips.json' ), true ) : null;
	if ( ! is_array( $index ) ) {
		return donation_widgets_boundary_refusal( 'zips.json', __( 'missing: the set has no index.', 'donation-widgets' ) );
	}
	$bundles = isset( $state['bundles'] ) && is_array( $state['bundles'] ) ? $state['bundles'] : array();
	$zips    = array();
	foreach ( $index['bundles'] as $name => $areas ) {
		$name = (string) $name;
		if ( ! isset( $bundles[ $name ] ) ) {
			return donation_widgets_boundary_refusal( 'zips' . $name . '.json', __( 'missing: the index names it.', 'donation-widgets' ) );
		}
		foreach ( $bundles[ $name ] as $zip ) {
			if ( ! in_array( substr( $zip, 0, 3 ), $areas, true ) ) {
				/* translators: %s: a zip code. */
				return donation_widgets_boundary_refusal( 'zips' . $name . '.json', sprintf( __( 'holds %s, whose area the index gives another bundle.', 'donation-widgets' ), $zip ) );
			}
			$zips[ $zip ] = true;
		}
		unset( $bundles[ $name ] );
	}
	if ( $bundles ) {
		return donation_widgets_boundary_refusal( 'zips' . array_key_first( $bundles ) . '.json', __( 'not named by the index.', 'donation-widgets' ) );
	}
	if ( $state['parts'] ) {
		return donation_widgets_boundary_refusal( (string) array_key_first( $state['parts'] ), __( 'sent in part only.', 'donation-widgets' ) );
	}
	$kml = array();
	foreach ( (array) $fs->dirlist( $stage, true ) as $name => $entry ) {
		$kind = donation_widgets_boundary_kind( (string) $name );
		if ( ! $kind && ! array_key_exists( (string) $name, DONATION_WIDGETS_BOUNDARY_GUARDS ) ) {
			return donation_widgets_boundary_refusal( (string) $name, __( 'not a file of the set.', 'donation-widgets' ) );
		}
		if ( $kind && 'kml' === $kind['kind'] ) {
			if ( ! isset( $zips[ $kind['code'] ] ) ) {
				return donation_widgets_boundary_refusal( (string) $name, __( 'its zip is in no bundle of the set.', 'donation-widgets' ) );
			}
			$kml[] = $kind['code'];
		}
	}
	if ( ! $kml ) {
		return donation_widgets_boundary_refusal( 'zips.json', __( 'the set has no zip outlines.', 'donation-widgets' ) );
	}
	sort( $kml );
	$areas = array_merge( ...array_values( $index['bundles'] ) );
	sort( $areas );
	return array(
		'zips'   => count( $kml ),
		'areas'  => $areas,
		'files'  => donation_widgets_boundary_run_files( $state ),
		'bytes'  => donation_widgets_boundary_run_bytes( $state ),
		'sample' => in_array( '10001', $kml, true ) ? '10001' : $kml[0],
	);
}
