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
 * @param string     $test        The test's id.
 * @param string     $status      good, recommended or critical.
 * @param string     $label       The headline.
 * @param string     $description What it means and what to do, in words.
 * @param array|null $fix         Where it is fixed: `url` and the link's words `text`, naming the setting or plugin.
 * @return array
 */
function donation_widgets_health_result( $test, $status, $label, $description, $fix = null ) {
	return array(
		'test'        => $test,
		'status'      => $status,
		'label'       => $label,
		'description' => '<p>' . esc_html( $description ) . '</p>',
		'badge'       => array(
			'label' => __( 'Donation widgets', 'donation-widgets' ),
			'color' => 'good' === $status ? 'blue' : 'red',
		),
		'actions'     => $fix ? sprintf( '<p><a href="%s">%s</a></p>', esc_url( $fix['url'] ), esc_html( $fix['text'] ) ) : '',
	);
}

/**
 * A link to one field of Settings → Donation widgets.
 *
 * @param string $option The option's name, which is also the field's id.
 * @return array{url: string, text: string}
 */
function donation_widgets_settings_fix( $option ) {
	$settings = donation_widgets_settings();
	return array(
		'url'  => admin_url( 'options-general.php?page=donation-widgets' ) . '#' . $option,
		/* translators: %s: the field's label. */
		'text' => sprintf( __( 'Settings → Donation widgets → %s', 'donation-widgets' ), $settings[ $option ]['label'] ),
	);
}

/** Whether the donations plugin's search route is registered on this site. */
function donation_widgets_route_registered() {
	foreach ( array_keys( rest_get_server()->get_routes( 'donations/v1' ) ) as $route ) {
		if ( 0 === strpos( $route, '/donations/v1/search/' ) ) {
			return true;
		}
	}
	return false;
}

/** Whether the donations plugin's search route is registered. */
function donation_widgets_test_route() {
	if ( donation_widgets_route_registered() ) {
		return donation_widgets_health_result(
			'donation_widgets_route',
			'good',
			__( 'The donations search route is registered', 'donation-widgets' ),
			__( 'The donors search can reach donations/v1/search on this site.', 'donation-widgets' )
		);
	}
	return donation_widgets_health_result(
		'donation_widgets_route',
		'critical',
		__( 'The donations search route is missing', 'donation-widgets' ),
		__( 'No REST route donations/v1/search is registered, so every donors search will fail. The route comes from the donations plugin, not from Donation widgets: install or activate the donations plugin on the Plugins screen.', 'donation-widgets' ),
		array(
			'url'  => admin_url( 'plugins.php' ),
			'text' => __( 'Plugins → activate the donations plugin', 'donation-widgets' ),
		)
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
		sprintf( __( 'These files of the plugin are missing, so islands may not load: %s. Reinstall the plugin from its zip.', 'donation-widgets' ), implode( ', ', array_slice( $missing, 0, 10 ) ) ),
		array(
			'url'  => admin_url( 'plugin-install.php?tab=upload' ),
			'text' => __( 'Plugins → Add New → Upload Plugin: reinstall Donation widgets', 'donation-widgets' ),
		)
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
			__( 'The donors search map cannot load Google Maps without a key. Enter a key under Settings → Donation widgets, or choose Automatic or Leaflet.', 'donation-widgets' ),
			donation_widgets_settings_fix( 'donation_widgets_google_api_key' )
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

/**
 * Whether a sample boundary file answers, in words. The zip is one the site's donations come from;
 * sites elsewhere choose theirs with the `donation_widgets_sample_zip` filter.
 *
 * @param string $base The boundary base URL.
 * @return string
 */
function donation_widgets_sample_boundary( $base ) {
	$zip = (string) apply_filters( 'donation_widgets_sample_zip', '10001' );
	$url = $base . 'zip' . rawurlencode( $zip ) . '.kml';
	// A path is on this site, as the islands read it.
	$absolute = 0 === strpos( $url, '/' ) ? home_url( $url ) : $url;
	if ( ! preg_match( '#^https?://#i', $absolute ) ) {
		/* translators: %s: the file's URL. */
		return sprintf( __( 'not checked: %s is not an http(s) URL', 'donation-widgets' ), $url );
	}
	$response = wp_safe_remote_get(
		$absolute,
		array(
			'timeout'             => 5,
			'redirection'         => 2,
			'limit_response_size' => 65536,
		)
	);
	if ( is_wp_error( $response ) ) {
		/* translators: 1: the file's URL, 2: the error. */
		return sprintf( __( '%1$s does not answer: %2$s', 'donation-widgets' ), $url, $response->get_error_message() );
	}
	$status = (int) wp_remote_retrieve_response_code( $response );
	if ( 200 !== $status ) {
		/* translators: 1: the file's URL, 2: the HTTP status. */
		return sprintf( __( '%1$s answers HTTP %2$d: the map draws no outline for that zip', 'donation-widgets' ), $url, $status );
	}
	// A site answers a missing file with a page of its own: only KML is a boundary file.
	return false !== stripos( wp_remote_retrieve_body( $response ), '<kml' )
		/* translators: %s: the file's URL. */
		? sprintf( __( '%s answers with a KML file', 'donation-widgets' ), $url )
		/* translators: %s: the file's URL. */
		: sprintf( __( '%s answers, but not with KML: it is not a boundary file', 'donation-widgets' ), $url );
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
	$route     = donation_widgets_route_registered();

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
			'sample_boundary'   => array(
				'label' => __( 'Sample boundary file', 'donation-widgets' ),
				'value' => donation_widgets_sample_boundary( $base ),
			),
			'search_route'      => array(
				'label' => __( 'Donations search route (from the donations plugin)', 'donation-widgets' ),
				'value' => $route ? __( 'Registered', 'donation-widgets' ) : __( 'Not registered', 'donation-widgets' ),
				'debug' => $route ? 'registered' : 'not registered',
			),
		),
	);
	return $info;
}
