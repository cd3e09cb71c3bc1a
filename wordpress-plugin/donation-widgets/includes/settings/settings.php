<?php
/**
 * The plugin's settings: one autoloaded option holding every field, so a page reads them with the rest
 * of the site's options and asks the database nothing more. Each field has its default and a sanitize
 * callback that refuses what the bundle would refuse, so an admin learns about a bad value on saving,
 * not from a console.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The option that holds every field, keyed by the field's name (the option each was in 0.1.0). */
const DONATION_WIDGETS_OPTION = 'donation_widgets_settings';

/**
 * The settings, keyed by field name.
 *
 * @return array<string, array{label: string, default: mixed, sanitize: callable}>
 */
function donation_widgets_settings() {
	$settings = array(
		'donation_widgets_map_provider'      => array(
			'label'    => __( 'Map provider', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_map_provider' ),
			'sanitize' => 'donation_widgets_sanitize_map_provider',
		),
		'donation_widgets_google_api_key'    => array(
			'label'    => __( 'Google Maps API key', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_google_api_key' ),
			'sanitize' => 'donation_widgets_sanitize_google_api_key',
		),
		'donation_widgets_google_map_id'     => array(
			'label'    => __( 'Google map ID', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_google_map_id' ),
			'sanitize' => 'donation_widgets_sanitize_google_map_id',
		),
		'donation_widgets_tile_url'          => array(
			'label'    => __( 'Tile URL', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_tile_url' ),
			'sanitize' => 'donation_widgets_sanitize_tile_url',
		),
		'donation_widgets_tile_attribution'  => array(
			'label'    => __( 'Tile attribution', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_tile_attribution' ),
			'sanitize' => 'donation_widgets_sanitize_tile_attribution',
		),
		'donation_widgets_boundary_base_url' => array(
			'label'    => __( 'Boundary base URL', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_boundary_base_url' ),
			'sanitize' => 'donation_widgets_sanitize_boundary_base_url',
		),
		'donation_widgets_request_timeout'   => array(
			'label'    => __( 'Request timeout', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_request_timeout' ),
			'sanitize' => 'donation_widgets_sanitize_request_timeout',
		),
		'donation_widgets_site_search'       => array(
			'label'    => __( 'Site search reporting', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_site_search' ),
			'sanitize' => 'donation_widgets_sanitize_site_search',
		),
		'donation_widgets_answers_life'      => array(
			'label'    => __( 'Keep search answers', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_answers_life' ),
			'sanitize' => 'donation_widgets_sanitize_answers_life',
		),
		'donation_widgets_compress_answers'  => array(
			'label'    => __( 'Compress search answers', 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_compress_answers' ),
			'sanitize' => 'donation_widgets_sanitize_compress_answers',
		),
		'donation_widgets_retire_dm_scripts' => array(
			'label'    => __( "Retire Donation Manager's scripts", 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_retire_dm_scripts' ),
			'sanitize' => 'donation_widgets_sanitize_retire_donation_manager',
		),
		'donation_widgets_fast_search'       => array(
			'label'    => __( "Answer Donation Manager's search with the plugin's own query", 'donation-widgets' ),
			'default'  => donation_widgets_setting_default( 'donation_widgets_fast_search' ),
			'sanitize' => 'donation_widgets_sanitize_fast_search',
		),
	);
	return array_merge( $settings, donation_widgets_consent_settings() );
}

/**
 * The settings' schema (settings.schema.json): each field's type, bounds, pattern and default, which the
 * bundle's page config readers take theirs from too.
 *
 * @return array{properties: array<string, array<string, mixed>>}
 */
function donation_widgets_settings_schema() {
	static $schema = null;
	if ( null === $schema ) {
		$schema = json_decode( (string) file_get_contents( DONATION_WIDGETS_DIR . 'settings.schema.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin's own.
	}
	return $schema;
}

/**
 * A field's default, as the schema declares it.
 *
 * @param string $option The field's name.
 * @return mixed
 */
function donation_widgets_setting_default( $option ) {
	return donation_widgets_settings_schema()['properties'][ $option ]['default'];
}

/**
 * Checks a value with core's rest_validate_value_from_schema() against the field's schema, then accepts
 * it as core's rest_sanitize_value_from_schema() types it (the form's '20' becomes 20), or refuses it.
 *
 * @param string $option  The field's name.
 * @param string $value   The submitted value, trimmed.
 * @param string $message What is expected, in words, for a refusal.
 * @return mixed
 */
function donation_widgets_check( $option, $value, $message ) {
	$schema = donation_widgets_settings_schema()['properties'][ $option ];
	// A whole number as typed: core's integer would also take '2.0' or '1e2', which no one means.
	$unwhole = 'integer' === $schema['type'] && ! preg_match( '/^\d+$/', $value );
	if ( $unwhole || is_wp_error( rest_validate_value_from_schema( $value, $schema, $option ) ) ) {
		return donation_widgets_refuse( $option, $message, $value );
	}
	return donation_widgets_accept( $option, rest_sanitize_value_from_schema( $value, $schema, $option ) );
}

/** Registers the option with the Settings API. */
function donation_widgets_register_settings() {
	register_setting(
		'donation_widgets',
		DONATION_WIDGETS_OPTION,
		array(
			'type'              => 'array',
			'default'           => array(),
			'sanitize_callback' => 'donation_widgets_sanitize_settings',
			'show_in_rest'      => false,
		)
	);
}

/**
 * Sanitizes every field of a save, each with its own callback; a field not submitted keeps its value.
 *
 * @param mixed $values Field name => the submitted value.
 * @return array
 */
function donation_widgets_sanitize_settings( $values ) {
	$values = is_array( $values ) ? $values : array();
	$clean  = array();
	foreach ( donation_widgets_settings() as $field => $setting ) {
		if ( array_key_exists( $field, $values ) ) {
			$clean[ $field ] = call_user_func( $setting['sanitize'], $values[ $field ] );
		} elseif ( is_bool( $setting['default'] ) ) {
			// A checkbox left unticked is not submitted at all.
			$clean[ $field ] = call_user_func( $setting['sanitize'], false );
		} else {
			$clean[ $field ] = donation_widgets_get( $field );
		}
	}
	return $clean;
}

/**
 * A field's value, or its default when it was never saved.
 *
 * @param string $option One of donation_widgets_settings()' names.
 * @return mixed
 */
function donation_widgets_get( $option ) {
	// The defaults, taken from the settings table once a request: the table translates every label,
	// which a page's many reads of a field never show.
	static $defaults = null;
	$stored          = get_option( DONATION_WIDGETS_OPTION, array() );
	if ( is_array( $stored ) && array_key_exists( $option, $stored ) ) {
		return $stored[ $option ];
	}
	if ( null === $defaults ) {
		$defaults = wp_list_pluck( donation_widgets_settings(), 'default' );
	}
	return $defaults[ $option ];
}

/**
 * Creates the option, autoloaded, when it is missing: on activation, and on the first request after an
 * update from 0.1.0, whose eight options (one per field) it takes the values of and then deletes. Once
 * it exists this costs nothing: the option is among those WordPress loads with every request.
 */
function donation_widgets_migrate_settings() {
	global $wpdb;
	if ( false !== get_option( DONATION_WIDGETS_OPTION ) ) {
		return;
	}
	$names = array_keys( donation_widgets_settings() );
	// One query for the eight, whether 0.1.0 left them autoloaded or not.
	$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name IN (" . implode( ', ', array_fill( 0, count( $names ), '%s' ) ) . ')', $names ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a one-time read of the old options; the placeholders are built above.
	$values = array();
	foreach ( $rows as $row ) {
		$values[ $row->option_name ] = maybe_unserialize( $row->option_value );
	}
	add_option( DONATION_WIDGETS_OPTION, $values, '', 'yes' );
	foreach ( array_keys( $values ) as $name ) {
		delete_option( $name );
	}
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
	/* translators: 1: the field's label, 2: what is wrong with the value. */
	$words = sprintf( __( '%1$s: %2$s It was not saved: the site still uses the previous value.', 'donation-widgets' ), $settings[ $option ]['label'], $message );
	// Outside wp-admin (WP-CLI, a cron job, another plugin's update_option()) the Settings API's error
	// functions are not loaded: the previous value is still kept, and a command line is told why.
	if ( ! function_exists( 'add_settings_error' ) ) {
		if ( defined( 'WP_CLI' ) && WP_CLI && class_exists( 'WP_CLI' ) ) {
			WP_CLI::warning( $words );
		}
		return donation_widgets_get( $option );
	}
	// update_option() sanitizes twice when the option did not exist yet: report once.
	foreach ( get_settings_errors( $option ) as $error ) {
		if ( 'invalid' === $error['code'] ) {
			return donation_widgets_get( $option );
		}
	}
	add_settings_error( $option, 'invalid', $words );
	donation_widgets_record_save(
		$option,
		array(
			'value'   => donation_widgets_text( $value ),
			'message' => $message,
		)
	);
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
	return donation_widgets_check( 'donation_widgets_map_provider', donation_widgets_text( $value ), __( 'choose Automatic, Google Maps or Leaflet.', 'donation-widgets' ) );
}

/**
 * Sanitizes the Google Maps API key.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_google_api_key( $value ) {
	return donation_widgets_check( 'donation_widgets_google_api_key', donation_widgets_text( $value ), __( 'a key holds only letters, digits, hyphens and underscores.', 'donation-widgets' ) );
}

/**
 * Sanitizes the Google map ID.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function donation_widgets_sanitize_google_map_id( $value ) {
	return donation_widgets_check( 'donation_widgets_google_map_id', donation_widgets_text( $value ), __( 'a map ID holds only letters, digits, hyphens and underscores.', 'donation-widgets' ) );
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
	return donation_widgets_check( 'donation_widgets_tile_attribution', $value, __( 'keep it under 300 characters.', 'donation-widgets' ) );
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
	return donation_widgets_check( 'donation_widgets_request_timeout', donation_widgets_text( $value ), __( 'enter a whole number of seconds from 1 to 300.', 'donation-widgets' ) );
}

/**
 * Sanitizes how long search answers are kept, in minutes; 0 keeps none.
 *
 * @param mixed $value The submitted value.
 * @return int
 */
function donation_widgets_sanitize_answers_life( $value ) {
	return donation_widgets_check( 'donation_widgets_answers_life', donation_widgets_text( $value ), __( 'enter a whole number of minutes from 0 (keep none) to 1440.', 'donation-widgets' ) );
}

/**
 * Sanitizes the switch for the plugin's compression of search answers.
 *
 * @param mixed $value The submitted value.
 * @return bool
 */
function donation_widgets_sanitize_compress_answers( $value ) {
	// By hand: an unticked checkbox sends nothing and a ticked one 'on', which core's boolean refuses.
	return donation_widgets_accept( 'donation_widgets_compress_answers', in_array( $value, array( true, 1, '1', 'on', 'yes' ), true ) );
}

/**
 * Sanitizes the site search switch.
 *
 * @param mixed $value The submitted value.
 * @return bool
 */
function donation_widgets_sanitize_site_search( $value ) {
	// By hand: an unticked checkbox sends nothing and a ticked one 'on', which core's boolean refuses.
	return donation_widgets_accept( 'donation_widgets_site_search', in_array( $value, array( true, 1, '1', 'on', 'yes' ), true ) );
}
