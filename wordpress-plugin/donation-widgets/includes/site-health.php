<?php
/**
 * Tools → Site Health: whether the search can work on this site.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Adds the plugin's direct tests.
 *
 * @param array $tests Site Health's tests.
 * @return array
 */
function donation_widgets_site_status_tests( $tests ) {
	$tests['direct']['donation_widgets_route']  = array(
		'label' => __( 'Donations search route', 'donation-widgets' ),
		'test'  => 'donation_widgets_test_route',
	);
	$tests['direct']['donation_widgets_bundle'] = array(
		'label' => __( 'Donation widgets files', 'donation-widgets' ),
		'test'  => 'donation_widgets_test_bundle',
	);
	$tests['direct']['donation_widgets_maps']   = array(
		'label' => __( 'Donation widgets map provider', 'donation-widgets' ),
		'test'  => 'donation_widgets_test_maps',
	);
	return $tests;
}

/**
 * One Site Health result.
 *
 * @param string $test        The test's id.
 * @param string $status      good, recommended or critical.
 * @param string $label       The headline.
 * @param string $description What it means and what to do, in words.
 * @return array
 */
function donation_widgets_health_result( $test, $status, $label, $description ) {
	return array(
		'test'        => $test,
		'status'      => $status,
		'label'       => $label,
		'description' => '<p>' . esc_html( $description ) . '</p>',
		'badge'       => array(
			'label' => __( 'Donation widgets', 'donation-widgets' ),
			'color' => 'good' === $status ? 'blue' : 'red',
		),
		'actions'     => '',
	);
}

/** Whether the donations plugin's search route is registered. */
function donation_widgets_test_route() {
	$routes = array_keys( rest_get_server()->get_routes( 'donations/v1' ) );
	foreach ( $routes as $route ) {
		if ( 0 === strpos( $route, '/donations/v1/search/' ) ) {
			return donation_widgets_health_result(
				'donation_widgets_route',
				'good',
				__( 'The donations search route is registered', 'donation-widgets' ),
				__( 'The donors search can reach donations/v1/search on this site.', 'donation-widgets' )
			);
		}
	}
	return donation_widgets_health_result(
		'donation_widgets_route',
		'critical',
		__( 'The donations search route is missing', 'donation-widgets' ),
		__( 'No REST route donations/v1/search is registered, so every donors search will fail. Activate the plugin that provides the donations search.', 'donation-widgets' )
	);
}

/** Whether every file of the bundle is where the plugin serves it from. */
function donation_widgets_test_bundle() {
	$dir     = DONATION_WIDGETS_DIR . 'dist/';
	$list    = is_readable( $dir . 'files.json' ) ? json_decode( (string) file_get_contents( $dir . 'files.json' ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file of the plugin.
	$missing = is_array( $list ) ? array() : array( 'files.json' );
	foreach ( is_array( $list ) ? $list : array() as $file ) {
		if ( ! is_string( $file ) || ! is_file( $dir . $file ) ) {
			$missing[] = (string) $file;
		}
	}
	if ( ! $missing ) {
		return donation_widgets_health_result(
			'donation_widgets_bundle',
			'good',
			__( 'The donation widgets files are present', 'donation-widgets' ),
			/* translators: %d: how many files. */
			sprintf( __( 'All %d script files of the bundle are in place.', 'donation-widgets' ), count( $list ) )
		);
	}
	return donation_widgets_health_result(
		'donation_widgets_bundle',
		'critical',
		__( 'Donation widgets files are missing', 'donation-widgets' ),
		/* translators: %s: the missing files. */
		sprintf( __( 'These files of the plugin are missing, so islands may not load: %s. Reinstall the plugin from its zip.', 'donation-widgets' ), implode( ', ', array_slice( $missing, 0, 10 ) ) )
	);
}

/** Whether Google Maps is chosen without a key. */
function donation_widgets_test_maps() {
	$provider = donation_widgets_get( 'donation_widgets_map_provider' );
	$key      = (string) donation_widgets_get( 'donation_widgets_google_api_key' );
	if ( 'google' === $provider && '' === $key ) {
		return donation_widgets_health_result(
			'donation_widgets_maps',
			'critical',
			__( 'Google Maps is chosen without an API key', 'donation-widgets' ),
			__( 'The donors search map cannot load Google Maps without a key. Enter a key under Settings → Donation widgets, or choose Automatic or Leaflet.', 'donation-widgets' )
		);
	}
	return donation_widgets_health_result(
		'donation_widgets_maps',
		'good',
		__( 'The map provider is set up', 'donation-widgets' ),
		'google' === $provider || ( 'auto' === $provider && '' !== $key )
			? __( 'The donors search map uses Google Maps with the key from the settings.', 'donation-widgets' )
			: __( 'The donors search map uses Leaflet with OpenStreetMap tiles.', 'donation-widgets' )
	);
}
