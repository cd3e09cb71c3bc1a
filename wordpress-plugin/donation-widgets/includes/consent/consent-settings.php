<?php
/**
 * The consent settings: how conversions and the map wait for a visitor's choice where the site runs the
 * WP Consent API (docs/admin.md, "Consent"). Fields of the plugin's one option, like every other.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The WP Consent API's categories, as its script and its PHP functions name them, with the words an
 * admin reads for each.
 *
 * @return array<string, string>
 */
function donation_widgets_consent_categories() {
	return array(
		'functional'           => __( 'Functional', 'donation-widgets' ),
		'preferences'          => __( 'Preferences', 'donation-widgets' ),
		'statistics'           => __( 'Statistics', 'donation-widgets' ),
		'statistics-anonymous' => __( 'Statistics (anonymous)', 'donation-widgets' ),
		'marketing'            => __( 'Marketing', 'donation-widgets' ),
	);
}

/**
 * The consent fields, keyed by field name, as donation_widgets_settings() holds each field.
 *
 * @return array<string, array{label: string, default: mixed, sanitize: callable}>
 */
function donation_widgets_consent_settings() {
	return array(
		'donation_widgets_consent_mode'        => array(
			'label'    => __( 'Conversions and consent', 'donation-widgets' ),
			'default'  => 'api',
			'sanitize' => 'donation_widgets_sanitize_consent_mode',
		),
		'donation_widgets_statistics_category' => array(
			'label'    => __( 'Analytics events wait for', 'donation-widgets' ),
			'default'  => 'statistics',
			'sanitize' => 'donation_widgets_sanitize_statistics_category',
		),
		'donation_widgets_marketing_category'  => array(
			'label'    => __( 'Google Ads conversions wait for', 'donation-widgets' ),
			'default'  => 'marketing',
			'sanitize' => 'donation_widgets_sanitize_marketing_category',
		),
		'donation_widgets_map_category'        => array(
			'label'    => __( 'A map from another host waits for', 'donation-widgets' ),
			'default'  => 'marketing',
			'sanitize' => 'donation_widgets_sanitize_map_category',
		),
	);
}

/**
 * Sanitizes how conversions wait: for the WP Consent API, or for the site's own tag.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_consent_mode( $value ) {
	$value = donation_widgets_text( $value );
	if ( in_array( $value, array( 'api', 'tag' ), true ) ) {
		return donation_widgets_accept( 'donation_widgets_consent_mode', $value );
	}
	return donation_widgets_refuse( 'donation_widgets_consent_mode', __( 'choose to wait for the visitor\'s consent, or to let your tag decide.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes one category field: one of the API's categories.
 *
 * @param string $option The field.
 * @param mixed  $value  The submitted value.
 * @return string
 */
function donation_widgets_sanitize_consent_category( $option, $value ) {
	$value = donation_widgets_text( $value );
	if ( array_key_exists( $value, donation_widgets_consent_categories() ) ) {
		return donation_widgets_accept( $option, $value );
	}
	return donation_widgets_refuse( $option, __( 'choose one of the WP Consent API\'s categories.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes the category analytics events wait for.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_statistics_category( $value ) {
	return donation_widgets_sanitize_consent_category( 'donation_widgets_statistics_category', $value );
}

/**
 * Sanitizes the category Google Ads conversions wait for.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_marketing_category( $value ) {
	return donation_widgets_sanitize_consent_category( 'donation_widgets_marketing_category', $value );
}

/**
 * Sanitizes the category a map from another host waits for.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_map_category( $value ) {
	return donation_widgets_sanitize_consent_category( 'donation_widgets_map_category', $value );
}
