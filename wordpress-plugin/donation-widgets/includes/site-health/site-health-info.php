<?php
/**
 * Tools → Site Health → Info: the plugin's section, which waits on nothing. What needs the REST server or
 * a remote request (the route, a sample boundary file) is what the Status tab's asynchronous tests last
 * found, remembered for a day.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The transient that holds what the asynchronous tests last found. */
const DONATION_WIDGETS_CHECKS = 'donation_widgets_checks';

/**
 * Remembers what a check found, for the Info tab.
 *
 * @param string $name  route or boundary.
 * @param string $value What it found.
 */
function donation_widgets_remember_check( $name, $value ) {
	$checks          = get_transient( DONATION_WIDGETS_CHECKS );
	$checks          = is_array( $checks ) ? $checks : array();
	$checks[ $name ] = $value;
	set_transient( DONATION_WIDGETS_CHECKS, $checks, DAY_IN_SECONDS );
}

/**
 * What a check last found, or null when the Status tab has not run it for a day.
 *
 * @param string $name route or boundary.
 * @return string|null
 */
function donation_widgets_checked( $name ) {
	$checks = get_transient( DONATION_WIDGETS_CHECKS );
	return is_array( $checks ) && isset( $checks[ $name ] ) ? (string) $checks[ $name ] : null;
}

/**
 * The "Donation widgets" section of Tools → Site Health → Info. The API key itself is never shown, nor
 * copied with the site's information.
 *
 * @param array $info Site Health's sections.
 * @return array
 */
function donation_widgets_debug_information( $info ) {
	$providers = array(
		'auto'    => __( 'Automatic', 'donation-widgets' ),
		'google'  => __( 'Google Maps', 'donation-widgets' ),
		'leaflet' => __( 'Leaflet (OpenStreetMap)', 'donation-widgets' ),
	);
	$provider  = (string) donation_widgets_get( 'donation_widgets_map_provider' );
	$has_key   = '' !== (string) donation_widgets_get( 'donation_widgets_google_api_key' );
	$base      = donation_widgets_boundary_base_url();
	$route     = donation_widgets_checked( 'route' );
	$boundary  = donation_widgets_checked( 'boundary' );
	$unchecked = __( 'Not checked in the last day: the Status tab checks it', 'donation-widgets' );

	$info['donation-widgets'] = array(
		'label'  => __( 'Donation widgets', 'donation-widgets' ),
		'fields' => array(
			'version'           => array(
				'label' => __( 'Version', 'donation-widgets' ),
				'value' => DONATION_WIDGETS_VERSION,
			),
			'map_provider'      => array(
				'label' => __( 'Map provider', 'donation-widgets' ),
				'value' => isset( $providers[ $provider ] ) ? $providers[ $provider ] : $provider,
				'debug' => $provider,
			),
			'google_api_key'    => array(
				'label'   => __( 'Google Maps API key', 'donation-widgets' ),
				'value'   => $has_key ? __( 'Set', 'donation-widgets' ) : __( 'Not set', 'donation-widgets' ),
				'debug'   => $has_key ? 'set' : 'not set',
				'private' => false,
			),
			'boundary_base_url' => array(
				'label' => __( 'Boundary base URL', 'donation-widgets' ),
				'value' => $base,
			),
			'boundary_set'      => donation_widgets_boundary_set_info(),
			'sample_boundary'   => array(
				'label' => __( 'Sample boundary file', 'donation-widgets' ),
				'value' => null === $boundary ? $unchecked : $boundary,
			),
			'search_route'      => array(
				'label' => __( 'Donations search route (from the donations plugin)', 'donation-widgets' ),
				'value' => null === $route ? $unchecked : ( 'registered' === $route ? __( 'Registered', 'donation-widgets' ) : __( 'Not registered', 'donation-widgets' ) ),
				'debug' => null === $route ? 'not checked' : $route,
			),
		),
	);
	return $info;
}

/**
 * The Info tab's row for the boundary files made on the settings screen.
 *
 * @return array{label: string, value: string, debug: string}
 */
function donation_widgets_boundary_set_info() {
	donation_widgets_load_boundaries();
	$set = donation_widgets_boundary_set();
	return array(
		'label' => __( 'Zip boundary files made on the settings screen', 'donation-widgets' ),
		'value' => $set
			/* translators: 1: how many zips, 2: a date and time. */
			? sprintf( __( '%1$s zips, made %2$s', 'donation-widgets' ), number_format_i18n( (int) $set['zips'] ), donation_widgets_boundary_date( $set['made'] ) ) . ( $set['present'] ? '' : ' ' . __( '(missing from the uploads folder)', 'donation-widgets' ) )
			: __( 'None', 'donation-widgets' ),
		'debug' => $set ? sprintf( '%d zips, %d files, %d bytes, %s%s', $set['zips'], $set['files'], $set['bytes'], gmdate( 'c', (int) $set['made'] ), $set['present'] ? '' : ', missing' ) : 'none',
	);
}
