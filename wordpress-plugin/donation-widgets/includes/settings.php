<?php
/**
 * The plugin's options: one per field, each with its default and a sanitize callback that refuses
 * what the bundle would refuse, so an admin learns about a bad value on saving, not from a console.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The settings, keyed by option name.
 *
 * @return array<string, array{label: string, default: mixed, sanitize: callable}>
 */
function donation_widgets_settings() {
	return array(
		'donation_widgets_map_provider'      => array(
			'label'    => __( 'Map provider', 'donation-widgets' ),
			'default'  => 'auto',
			'sanitize' => 'donation_widgets_sanitize_map_provider',
		),
		'donation_widgets_google_api_key'    => array(
			'label'    => __( 'Google Maps API key', 'donation-widgets' ),
			'default'  => '',
			'sanitize' => 'donation_widgets_sanitize_google_api_key',
		),
		'donation_widgets_google_map_id'     => array(
			'label'    => __( 'Google map ID', 'donation-widgets' ),
			'default'  => '',
			'sanitize' => 'donation_widgets_sanitize_google_map_id',
		),
		'donation_widgets_tile_url'          => array(
			'label'    => __( 'Tile URL', 'donation-widgets' ),
			'default'  => '',
			'sanitize' => 'donation_widgets_sanitize_tile_url',
		),
		'donation_widgets_tile_attribution'  => array(
			'label'    => __( 'Tile attribution', 'donation-widgets' ),
			'default'  => '',
			'sanitize' => 'donation_widgets_sanitize_tile_attribution',
		),
		'donation_widgets_boundary_base_url' => array(
			'label'    => __( 'Boundary base URL', 'donation-widgets' ),
			'default'  => '',
			'sanitize' => 'donation_widgets_sanitize_boundary_base_url',
		),
		'donation_widgets_request_timeout'   => array(
			'label'    => __( 'Request timeout', 'donation-widgets' ),
			'default'  => 20,
			'sanitize' => 'donation_widgets_sanitize_request_timeout',
		),
		'donation_widgets_site_search'       => array(
			'label'    => __( 'Site search reporting', 'donation-widgets' ),
			'default'  => false,
			'sanitize' => 'donation_widgets_sanitize_site_search',
		),
	);
}

/** Registers every option with the Settings API. */
function donation_widgets_register_settings() {
	foreach ( donation_widgets_settings() as $option => $setting ) {
		register_setting(
			'donation_widgets',
			$option,
			array(
				'type'              => is_bool( $setting['default'] ) ? 'boolean' : ( is_int( $setting['default'] ) ? 'integer' : 'string' ),
				'default'           => $setting['default'],
				'sanitize_callback' => $setting['sanitize'],
				'show_in_rest'      => false,
			)
		);
	}
}

/**
 * An option's value, or its default when it was never saved.
 *
 * @param string $option One of donation_widgets_settings()' names.
 * @return mixed
 */
function donation_widgets_get( $option ) {
	$settings = donation_widgets_settings();
	return get_option( $option, $settings[ $option ]['default'] );
}

/**
 * Refuses a value: a settings error naming the field, the value saved before is kept, and the value
 * entered is remembered for the screen that follows the save, so the admin corrects it instead of retyping.
 *
 * @param string $option  The option's name.
 * @param string $message What is wrong, in words.
 * @param mixed  $value   The value entered.
 * @return mixed The value saved before.
 */
function donation_widgets_refuse( $option, $message, $value = '' ) {
	$settings = donation_widgets_settings();
	// update_option() sanitizes twice when the option did not exist yet: report once.
	foreach ( get_settings_errors( $option ) as $error ) {
		if ( 'invalid' === $error['code'] ) {
			return donation_widgets_get( $option );
		}
	}
	/* translators: 1: the field's label, 2: what is wrong with the value. */
	add_settings_error( $option, 'invalid', sprintf( __( '%1$s: %2$s It was not saved: the site still uses the previous value.', 'donation-widgets' ), $settings[ $option ]['label'], $message ) );
	donation_widgets_record_save( $option, array( 'value' => donation_widgets_text( $value ), 'message' => $message ) );
	return donation_widgets_get( $option );
}

/**
 * Accepts a value, noting the field as saved when the value differs from the one stored.
 *
 * @param string $option The option's name.
 * @param mixed  $value  The sanitized value.
 * @return mixed The value.
 */
function donation_widgets_accept( $option, $value ) {
	// Compared as text: the database gives back '1' for true and '20' for 20.
	if ( (string) donation_widgets_get( $option ) !== (string) $value ) {
		donation_widgets_record_save( $option, true );
	}
	return $value;
}

/** The user meta that holds, from a save until the screen that follows it, what that save did. */
const DONATION_WIDGETS_SAVE_RECORD = 'donation_widgets_last_save';

/**
 * Notes, for the settings screen that follows a save from it, a field refused or saved.
 *
 * @param string     $option  The option's name.
 * @param array|true $outcome The refused value and why, or true when the value was saved.
 */
function donation_widgets_record_save( $option, $outcome ) {
	// Only a save from the settings screen (options.php checked its nonce) has a screen that follows.
	if ( ! isset( $_POST['option_page'] ) || 'donation_widgets' !== $_POST['option_page'] || ! get_current_user_id() ) { // phpcs:ignore WordPress.Security.NonceVerification.Missing -- options.php verified it.
		return;
	}
	$record = get_user_meta( get_current_user_id(), DONATION_WIDGETS_SAVE_RECORD, true );
	$record = is_array( $record ) ? $record : array(
		'refused' => array(),
		'saved'   => array(),
	);
	if ( true === $outcome ) {
		$record['saved'][ $option ] = true;
	} else {
		$record['refused'][ $option ] = $outcome;
		unset( $record['saved'][ $option ] );
	}
	update_user_meta( get_current_user_id(), DONATION_WIDGETS_SAVE_RECORD, $record );
}

/**
 * What the current user's last save did, once: the record is gone after it is read.
 *
 * @return array{refused: array<string, array{value: string, message: string}>, saved: array<string, bool>}|null
 */
function donation_widgets_take_save_record() {
	$record = get_user_meta( get_current_user_id(), DONATION_WIDGETS_SAVE_RECORD, true );
	delete_user_meta( get_current_user_id(), DONATION_WIDGETS_SAVE_RECORD );
	return is_array( $record ) ? $record : null;
}

/**
 * A string from the form, trimmed; anything else becomes an empty string.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_text( $value ) {
	return is_scalar( $value ) ? trim( (string) $value ) : '';
}

/**
 * Sanitizes the map provider.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_map_provider( $value ) {
	$value = donation_widgets_text( $value );
	if ( in_array( $value, array( 'auto', 'google', 'leaflet' ), true ) ) {
		return donation_widgets_accept( 'donation_widgets_map_provider', $value );
	}
	return donation_widgets_refuse( 'donation_widgets_map_provider', __( 'choose Automatic, Google Maps or Leaflet.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes the Google Maps API key.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_google_api_key( $value ) {
	$value = donation_widgets_text( $value );
	if ( preg_match( '/^[A-Za-z0-9_-]{0,100}$/', $value ) ) {
		return donation_widgets_accept( 'donation_widgets_google_api_key', $value );
	}
	return donation_widgets_refuse( 'donation_widgets_google_api_key', __( 'a key holds only letters, digits, hyphens and underscores.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes the Google map ID.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_google_map_id( $value ) {
	$value = donation_widgets_text( $value );
	if ( preg_match( '/^[A-Za-z0-9_-]{0,100}$/', $value ) ) {
		return donation_widgets_accept( 'donation_widgets_google_map_id', $value );
	}
	return donation_widgets_refuse( 'donation_widgets_google_map_id', __( 'a map ID holds only letters, digits, hyphens and underscores.', 'donation-widgets' ), $value );
}

/**
 * Whether a value is an http(s) URL or a path on this site, as the bundle accepts them.
 *
 * @param string $value The value.
 * @return bool
 */
function donation_widgets_is_url_or_path( $value ) {
	return (bool) preg_match( '#^(https?://[^\s]+|/(?![/\\\\])[^\s]*)$#i', $value );
}

/**
 * Sanitizes the tile URL template; the braces of {z}/{x}/{y} are why esc_url_raw() cannot be used.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_tile_url( $value ) {
	$value = donation_widgets_text( $value );
	if ( '' === $value || donation_widgets_is_url_or_path( $value ) ) {
		return donation_widgets_accept( 'donation_widgets_tile_url', $value );
	}
	return donation_widgets_refuse( 'donation_widgets_tile_url', __( 'enter an http(s) URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes the tile attribution: plain text, which the map shows as text.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_tile_attribution( $value ) {
	$value = preg_replace( '/[\x00-\x1f\x7f]+/', ' ', donation_widgets_text( $value ) );
	if ( strlen( $value ) <= 300 ) {
		return donation_widgets_accept( 'donation_widgets_tile_attribution', $value );
	}
	return donation_widgets_refuse( 'donation_widgets_tile_attribution', __( 'keep it under 300 characters.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes the boundary base URL.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_boundary_base_url( $value ) {
	$value = donation_widgets_text( $value );
	if ( '' === $value || donation_widgets_is_url_or_path( $value ) ) {
		return donation_widgets_accept( 'donation_widgets_boundary_base_url', $value );
	}
	return donation_widgets_refuse( 'donation_widgets_boundary_base_url', __( 'enter an http(s) URL or a path starting with /.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes the request timeout, in seconds.
 *
 * @param mixed $value The submitted value.
 * @return int
 */
function donation_widgets_sanitize_request_timeout( $value ) {
	$value = donation_widgets_text( $value );
	if ( preg_match( '/^\d{1,3}$/', $value ) && (int) $value >= 1 && (int) $value <= 300 ) {
		return donation_widgets_accept( 'donation_widgets_request_timeout', (int) $value );
	}
	return donation_widgets_refuse( 'donation_widgets_request_timeout', __( 'enter a whole number of seconds from 1 to 300.', 'donation-widgets' ), $value );
}

/**
 * Sanitizes the site search switch.
 *
 * @param mixed $value The submitted value.
 * @return bool
 */
function donation_widgets_sanitize_site_search( $value ) {
	return donation_widgets_accept( 'donation_widgets_site_search', in_array( $value, array( true, 1, '1', 'on', 'yes' ), true ) );
}
