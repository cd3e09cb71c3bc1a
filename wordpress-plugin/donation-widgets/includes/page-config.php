<?php
/**
 * The page config the bundle reads: one JSON element per front-end page.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The config for this request, from the settings and the `donation_widgets_config` filter.
 *
 * @return array
 */
function donation_widgets_page_config() {
	$maps = array( 'provider' => donation_widgets_get( 'donation_widgets_map_provider' ) );
	$keys = array(
		'googleApiKey'    => 'donation_widgets_google_api_key',
		'googleMapId'     => 'donation_widgets_google_map_id',
		'tileUrl'         => 'donation_widgets_tile_url',
		'tileAttribution' => 'donation_widgets_tile_attribution',
	);
	foreach ( $keys as $key => $option ) {
		$value = (string) donation_widgets_get( $option );
		if ( '' !== $value ) {
			$maps[ $key ] = $value;
		}
	}

	$config = array(
		'restRoot'         => esc_url_raw( rest_url() ),
		'nonceEndpoint'    => esc_url_raw( admin_url( 'admin-ajax.php?action=rest-nonce' ) ),
		'requestTimeoutMs' => 1000 * (int) donation_widgets_get( 'donation_widgets_request_timeout' ),
		'boundaryBaseUrl'  => donation_widgets_boundary_base_url(),
		'maps'             => $maps,
		// Dates, counts and sorting the site's way (Settings → General): the islands write them alike.
		'locale'           => determine_locale(),
		'dateFormat'       => (string) get_option( 'date_format' ),
		'timeFormat'       => (string) get_option( 'time_format' ),
	);
	// A visitor gets no nonce: WordPress would check it even without a login, and a cached page would
	// keep serving a stale one that admin-ajax cannot refresh for a visitor.
	if ( is_user_logged_in() ) {
		$config['nonce'] = wp_create_nonce( 'wp_rest' );
	}
	// The islands carry their English texts; only what this site's language words otherwise is printed.
	$texts = donation_widgets_translated_texts();
	if ( $texts ) {
		$config['texts'] = $texts;
	}
	// The analytics validator downloads only for pages that set an analytics key.
	if ( donation_widgets_get( 'donation_widgets_site_search' ) ) {
		$config['analytics'] = array( 'siteSearch' => true );
	}
	$config = donation_widgets_consent_config( $config );

	/**
	 * Filters the page config before it is printed, e.g. to add `analytics.transactionId` on a
	 * thank-you page. The keys are described in docs/admin.md ("Page config").
	 *
	 * @param array $config The config built from the plugin's settings.
	 * @return array The config to print.
	 */
	$filtered = apply_filters( 'donation_widgets_config', $config );
	if ( ! is_array( $filtered ) ) {
		_doing_it_wrong( 'donation_widgets_config', esc_html__( 'The filter must return an array; the unfiltered config was printed.', 'donation-widgets' ), '0.1.0' );
		return $config;
	}
	return $filtered;
}

/** Prints the config once per page, as JSON that no value can end early (every < and > is escaped). */
function donation_widgets_print_config() {
	static $printed = false;
	if ( $printed || is_admin() ) {
		return;
	}
	$printed = true;
	$json    = wp_json_encode( donation_widgets_page_config(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	if ( false === $json ) {
		return;
	}
	printf( '<script type="application/json" id="donation-widgets-config">%s</script>' . "\n", $json ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON with < and > escaped is the safe form here; esc_html would break it.
}

/**
 * The boundary files' base URL the islands use: the setting, or the uploads folder's zipcodes/.
 *
 * @return string
 */
function donation_widgets_boundary_base_url() {
	$boundary = (string) donation_widgets_get( 'donation_widgets_boundary_base_url' );
	$uploads  = wp_upload_dir( null, false );
	return '' !== $boundary ? $boundary : trailingslashit( $uploads['baseurl'] ) . 'zipcodes/';
}
