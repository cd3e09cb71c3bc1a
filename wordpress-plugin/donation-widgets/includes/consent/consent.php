<?php
/**
 * The plugin and the WP Consent API (the wp-consent-api plugin): the plugin declares that it follows the
 * API, so the API's Site Health check lists it among those that do, and the page config carries the
 * admin's consent settings to the islands, which read the visitor's choice in the browser (a page cache
 * serves one page to every visitor, so nothing here depends on the visitor).
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether the site runs the WP Consent API. Its functions are defined on plugins_loaded (priority 9).
 *
 * @return bool
 */
function donation_widgets_consent_api_active() {
	return function_exists( 'wp_has_consent' ) && function_exists( 'consent_api_registered' );
}

/** Declares, where the API is active, that the plugin follows it: nothing is added on a site without it. */
function donation_widgets_register_with_consent_api() {
	if ( ! donation_widgets_consent_api_active() ) {
		return;
	}
	add_filter( 'wp_consent_api_registered_' . plugin_basename( DONATION_WIDGETS_FILE ), '__return_true' );
}

/**
 * Adds the consent settings that differ from their defaults to the page config: `analytics.consent`,
 * `analytics.statisticsCategory`, `analytics.marketingCategory` and `maps.consentCategory` (docs/admin.md,
 * "Page config"). With the defaults nothing is added, so a page downloads no validator for them.
 * Where the API is active, `consentApi` says so: an optimiser that delays JavaScript, or a banner that
 * adds the API's script, can bring it after the islands start, and they must wait for it rather than
 * read its absence as a site without consent management.
 *
 * @param array $config The page config built so far.
 * @return array
 */
function donation_widgets_consent_config( $config ) {
	$keys = array(
		'analytics' => array(
			'consent'            => 'donation_widgets_consent_mode',
			'statisticsCategory' => 'donation_widgets_statistics_category',
			'marketingCategory'  => 'donation_widgets_marketing_category',
		),
		'maps'      => array( 'consentCategory' => 'donation_widgets_map_category' ),
	);
	if ( donation_widgets_consent_api_active() ) {
		$config['consentApi'] = true;
	}
	$settings = donation_widgets_settings();
	foreach ( $keys as $section => $fields ) {
		foreach ( $fields as $key => $option ) {
			$value = (string) donation_widgets_get( $option );
			if ( $value !== $settings[ $option ]['default'] ) {
				$config[ $section ]         = isset( $config[ $section ] ) && is_array( $config[ $section ] ) ? $config[ $section ] : array();
				$config[ $section ][ $key ] = $value;
			}
		}
	}
	return $config;
}
