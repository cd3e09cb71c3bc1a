<?php
/**
 * Tools → Site Health: whether the search can work on this site.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

// What the asynchronous tests found is remembered for the Info tab, wherever the tests run from.
require_once __DIR__ . '/site-health-info.php';

/**
 * Adds the plugin's tests. The map provider's reads two settings, so it runs with the screen; the others
 * run asynchronously, each from its own REST request (includes/site-health/site-health-rest.php), so the Status tab
 * shows at once: the route's needs the REST server, the files' read the disk, the boundary file's waits
 * on a remote request.
 *
 * @param array $tests Site Health's tests.
 * @return array
 */
function donation_widgets_site_status_tests( $tests ) {
	$tests['direct']['donation_widgets_maps'] = array(
		'label' => __( 'Donation widgets map provider', 'donation-widgets' ),
		'test'  => 'donation_widgets_test_maps',
	);
	$async                                    = array(
		'route'       => __( 'Donations search route', 'donation-widgets' ),
		'bundle'      => __( 'Donation widgets files', 'donation-widgets' ),
		'boundaries'  => __( 'Zip boundary files', 'donation-widgets' ),
		'compression' => __( 'Search answers compressed', 'donation-widgets' ),
	);
	foreach ( $async as $name => $label ) {
		$tests['async'][ 'donation_widgets_' . $name ] = array(
			'label'             => $label,
			'test'              => rest_url( DONATION_WIDGETS_HEALTH_ROUTE . $name ),
			'has_rest'          => true,
			'async_direct_test' => 'donation_widgets_test_' . $name,
		);
	}
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

/**
 * Whether the donations plugin's search route is registered on this site, remembered for the Info tab.
 * Starts the REST server if it is not running: only the asynchronous test calls it.
 */
function donation_widgets_route_registered() {
	$registered = false;
	foreach ( array_keys( rest_get_server()->get_routes( 'donations/v1' ) ) as $route ) {
		if ( 0 === strpos( $route, '/donations/v1/search/' ) ) {
			$registered = true;
			break;
		}
	}
	donation_widgets_remember_check( 'route', $registered ? 'registered' : 'not registered' );
	return $registered;
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

/**
 * Whether search answers travel compressed, and which side does it: asks the web server again (one
 * loopback request, as core's own loopback test makes), so the verdict the wire reads is fresh.
 */
function donation_widgets_test_compression() {
	$verdict = donation_widgets_probe_compression();
	$side    = donation_widgets_compression_side();
	if ( 'server' === $side ) {
		return donation_widgets_health_result(
			'donation_widgets_compression',
			'good',
			__( 'Search answers travel compressed by the web server', 'donation-widgets' ),
			__( 'The web server compresses JSON answers itself, so Donation widgets leaves the donors search\'s answers to it and never compresses them twice.', 'donation-widgets' )
		);
	}
	$unknown = null === $verdict ? ' ' . __( 'The site did not answer the check of whether the web server compresses: it is asked again tomorrow.', 'donation-widgets' ) : '';
	if ( 'plugin' === $side ) {
		return donation_widgets_health_result(
			'donation_widgets_compression',
			'good',
			__( 'Search answers travel compressed by Donation widgets', 'donation-widgets' ),
			( function_exists( 'brotli_compress' )
				? __( 'The web server does not compress JSON answers, so Donation widgets sends the donors search\'s answers Brotli- or gzip-compressed to browsers that accept it.', 'donation-widgets' )
				: __( 'The web server does not compress JSON answers, so Donation widgets sends the donors search\'s answers gzip-compressed to browsers that accept it (PHP has no Brotli extension here).', 'donation-widgets' ) ) . $unknown
		);
	}
	return donation_widgets_health_result(
		'donation_widgets_compression',
		'recommended',
		__( 'Search answers travel uncompressed', 'donation-widgets' ),
		__( 'Neither the web server nor Donation widgets compresses the donors search\'s answers, which are several times larger uncompressed. Turn the setting on, or have the web server compress JSON.', 'donation-widgets' ) . $unknown,
		donation_widgets_settings_fix( 'donation_widgets_compress_answers' )
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
 * Whether a sample boundary file answers with KML, and what it answered in words. The zip is one of the
 * set made on the settings screen when the map reads that set, else one the site's donations come from;
 * sites elsewhere choose theirs with the `donation_widgets_sample_zip` filter.
 *
 * @param string $base The boundary base URL.
 * @return array{ok: bool, words: string}
 */
function donation_widgets_sample_boundary( $base ) {
	donation_widgets_load_boundaries();
	$set = donation_widgets_boundary_set();
	$zip = (string) apply_filters( 'donation_widgets_sample_zip', $set && donation_widgets_boundary_default_url() === $base ? $set['sample'] : '10001' );
	$url = $base . 'zip' . rawurlencode( $zip ) . '.kml';
	// A path is on this site, as the islands read it.
	$absolute = 0 === strpos( $url, '/' ) ? home_url( $url ) : $url;
	if ( ! preg_match( '#^https?://#i', $absolute ) ) {
		return array(
			'ok'    => false,
			/* translators: %s: the file's URL. */
			'words' => sprintf( __( 'not checked: %s is not an http(s) URL', 'donation-widgets' ), $url ),
		);
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
		return array(
			'ok'    => false,
			/* translators: 1: the file's URL, 2: the error. */
			'words' => sprintf( __( '%1$s does not answer: %2$s', 'donation-widgets' ), $url, $response->get_error_message() ),
		);
	}
	$status = (int) wp_remote_retrieve_response_code( $response );
	if ( 200 !== $status ) {
		return array(
			'ok'    => false,
			/* translators: 1: the file's URL, 2: the HTTP status. */
			'words' => sprintf( __( '%1$s answers HTTP %2$d: the map draws no outline for that zip', 'donation-widgets' ), $url, $status ),
		);
	}
	// A site answers a missing file with a page of its own: only KML is a boundary file.
	$kml = false !== stripos( wp_remote_retrieve_body( $response ), '<kml' );
	return array(
		'ok'    => $kml,
		'words' => $kml
			/* translators: %s: the file's URL. */
			? sprintf( __( '%s answers with a KML file', 'donation-widgets' ), $url )
			/* translators: %s: the file's URL. */
			: sprintf( __( '%s answers, but not with KML: it is not a boundary file', 'donation-widgets' ), $url ),
	);
}

/** Whether a sample boundary file answers with KML: without one, the map draws no zip outlines. */
function donation_widgets_test_boundaries() {
	$check = donation_widgets_sample_boundary( donation_widgets_boundary_base_url() );
	donation_widgets_remember_check( 'boundary', $check['words'] );
	if ( $check['ok'] ) {
		return donation_widgets_health_result(
			'donation_widgets_boundaries',
			'good',
			__( 'The zip boundary files answer', 'donation-widgets' ),
			$check['words']
		);
	}
	return donation_widgets_health_result(
		'donation_widgets_boundaries',
		'recommended',
		__( 'The donors search map may draw no zip outlines', 'donation-widgets' ),
		/* translators: %s: what the sample boundary file answered. */
		sprintf( __( 'A sample zip boundary file was checked: %s. Make the files under Settings → Donation widgets → Zip boundaries (your browser makes them from the Census file), or point the Boundary base URL where they are.', 'donation-widgets' ), $check['words'] ),
		array(
			'url'  => admin_url( 'options-general.php?page=donation-widgets' ) . '#' . DONATION_WIDGETS_BOUNDARY_SECTION,
			'text' => __( 'Settings → Donation widgets → Zip boundaries', 'donation-widgets' ),
		)
	);
}
