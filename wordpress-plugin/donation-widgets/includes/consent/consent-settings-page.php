<?php
/**
 * Settings → Donation widgets → Consent: what the site's consent setup means for the conversions and the
 * map, and the settings that change it (docs/admin.md, "Consent").
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Adds the Consent section and its fields to the settings page. */
function donation_widgets_add_consent_settings_fields() {
	add_settings_section( 'donation_widgets_consent', __( 'Consent', 'donation-widgets' ), 'donation_widgets_render_consent_status', 'donation-widgets' );
	$fields   = array(
		'donation_widgets_consent_mode'        => __( 'Let my tag decide: for a Google tag that already runs Consent Mode, which then applies the visitor\'s choice to what Google receives.', 'donation-widgets' ),
		'donation_widgets_statistics_category' => __( 'Google Analytics events, and site searches when they are reported.', 'donation-widgets' ),
		'donation_widgets_marketing_category'  => __( 'Events sent to a Google Ads account (a send_to of AW-…).', 'donation-widgets' ),
		'donation_widgets_map_category'        => __( 'Google Maps, or tiles or zip boundary files from a host other than this site. Until then the map\'s place shows a note naming the hosts and a Load the map button.', 'donation-widgets' ),
	);
	$settings = donation_widgets_settings();
	foreach ( $fields as $option => $help ) {
		add_settings_field(
			$option,
			$settings[ $option ]['label'],
			'donation_widgets_render_consent_field',
			'donation-widgets',
			'donation_widgets_consent',
			array(
				'option'    => $option,
				'help'      => $help,
				'label_for' => 'donation_widgets_consent_mode' === $option ? null : $option,
			)
		);
	}
}

/**
 * Renders one consent field: the mode as two radio buttons, a category as a select of the API's five.
 *
 * @param array $args The field's option and help text.
 */
function donation_widgets_render_consent_field( $args ) {
	$option  = $args['option'];
	$name    = DONATION_WIDGETS_OPTION . '[' . $option . ']';
	$refused = donation_widgets_refused( $option );
	$value   = $refused ? $refused['value'] : (string) donation_widgets_get( $option );
	$help_id = $option . '-help';
	if ( 'donation_widgets_consent_mode' === $option ) {
		$choices = array(
			'api' => __( 'Wait for the visitor\'s consent through the WP Consent API', 'donation-widgets' ),
			'tag' => __( 'Let my tag decide', 'donation-widgets' ),
		);
		printf( '<fieldset aria-describedby="%s"><legend class="screen-reader-text">%s</legend>', esc_attr( $help_id ), esc_html( donation_widgets_settings()[ $option ]['label'] ) );
		foreach ( $choices as $choice => $label ) {
			printf(
				'<label><input type="radio" name="%s" value="%s"%s> %s</label><br>',
				esc_attr( $name ),
				esc_attr( $choice ),
				checked( $value, $choice, false ),
				esc_html( $label )
			);
		}
		echo '</fieldset>';
	} else {
		printf( '<select id="%s" name="%s" aria-describedby="%s">', esc_attr( $option ), esc_attr( $name ), esc_attr( $help_id ) );
		foreach ( donation_widgets_consent_categories() as $category => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $category ), selected( $value, $category, false ), esc_html( $label . ' (' . $category . ')' ) );
		}
		echo '</select>';
	}
	if ( $refused ) {
		printf( '<p class="donation-widgets-field-error"><strong>%s</strong> %s</p>', esc_html__( 'Not saved:', 'donation-widgets' ), esc_html( $refused['message'] ) );
	}
	printf( '<p class="description" id="%s">%s</p>', esc_attr( $help_id ), esc_html( $args['help'] ) );
}

/**
 * The other hosts a visitor's browser asks for the map, the map's own (Google's, or the tiles') and the
 * zip boundary files', as the bundle's consent check finds them: none that is this site's own.
 *
 * @return string[]
 */
function donation_widgets_map_hosts() {
	$provider = (string) donation_widgets_get( 'donation_widgets_map_provider' );
	$key      = (string) donation_widgets_get( 'donation_widgets_google_api_key' );
	$tiles    = (string) donation_widgets_get( 'donation_widgets_tile_url' );
	$map      = '' !== $tiles ? $tiles : 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
	if ( 'google' === $provider || ( 'auto' === $provider && '' !== $key ) ) {
		$map = 'https://maps.googleapis.com/';
	}
	$own   = wp_parse_url( home_url(), PHP_URL_HOST );
	$port  = wp_parse_url( home_url(), PHP_URL_PORT );
	$site  = strtolower( $own . ( $port ? ':' . $port : '' ) );
	$hosts = array();
	foreach ( array( $map, donation_widgets_boundary_base_url() ) as $url ) {
		$hosts[] = donation_widgets_url_host( $url );
	}
	return array_values( array_diff( array_unique( $hosts ), array( $site, '' ) ) );
}

/**
 * The host (and port) of an http(s) URL, lower-cased, as the bundle reads it: a `{s}` subdomain template
 * reads as the bare host; '' for a path.
 *
 * @param string $url The URL.
 * @return string
 */
function donation_widgets_url_host( $url ) {
	return preg_match( '#^https?://([^/?\#]+)#i', $url, $match ) ? strtolower( preg_replace( '/^\{s\}\./', '', $match[1] ) ) : '';
}

/**
 * What the site's consent setup means for the conversions and the map, in a few sentences.
 *
 * @return string[]
 */
function donation_widgets_consent_status() {
	$categories = donation_widgets_consent_categories();
	$category   = function ( $option ) use ( $categories ) {
		$value = (string) donation_widgets_get( $option );
		return isset( $categories[ $value ] ) ? $categories[ $value ] : $value;
	};
	$hosts      = donation_widgets_map_hosts();
	if ( ! donation_widgets_consent_api_active() ) {
		return array( __( 'The WP Consent API is not active on this site: conversions are sent and the map loads as soon as a page needs them. With the WP Consent API plugin and a consent plugin that speaks it (Complianz, CookieYes, Cookiebot and others), both wait for the visitor\'s choice.', 'donation-widgets' ) );
	}
	$type  = (string) wp_get_consent_type();
	$lines = array();
	if ( '' === $type && apply_filters( 'wp_consent_api_waitfor_consent_hook', false ) ) { // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- the WP Consent API's own filter, read.
		$lines[] = __( 'The WP Consent API is active, and your consent plugin sets each visitor\'s region (opt-in or opt-out) in their browser: until it has, conversions and the map wait.', 'donation-widgets' );
	} elseif ( '' === $type ) {
		$lines[] = __( 'The WP Consent API is active, but no consent plugin sets the region\'s consent type, so the API answers yes for every category: conversions are sent and the map loads at once.', 'donation-widgets' );
	} elseif ( false !== strpos( $type, 'optout' ) ) {
		$lines[] = __( 'The WP Consent API is active, for an opt-out region: conversions are sent and the map loads unless the visitor says no in your banner. A browser that sends Global Privacy Control counts as a no to marketing.', 'donation-widgets' );
	} else {
		/* translators: %s: the consent type, such as optin. */
		$lines[] = sprintf( __( 'The WP Consent API is active, for an opt-in region (%s): nothing below is sent or loaded before the visitor allows it in your banner.', 'donation-widgets' ), $type );
	}
	if ( 'tag' === donation_widgets_get( 'donation_widgets_consent_mode' ) ) {
		$lines[] = __( 'Conversions go to your Google tag at once, as without a consent plugin: your tag\'s Consent Mode decides what Google receives.', 'donation-widgets' );
	} else {
		/* translators: 1: a consent category, such as Statistics; 2: another, such as Marketing. */
		$lines[] = sprintf( __( 'Analytics events wait for %1$s, Google Ads conversions for %2$s; a conversion the visitor denies is never sent.', 'donation-widgets' ), $category( 'donation_widgets_statistics_category' ), $category( 'donation_widgets_marketing_category' ) );
	}
	if ( ! $hosts ) {
		$lines[] = __( 'The map\'s tiles come from this site: the map needs no consent.', 'donation-widgets' );
	} else {
		/* translators: 1: the map's hosts, such as tile.openstreetmap.org, or a list of them; 2: a consent category, such as Marketing. */
		$lines[] = sprintf( __( 'The map comes from %1$s and waits for %2$s, or for the visitor\'s Load the map.', 'donation-widgets' ), wp_sprintf( '%l', $hosts ), $category( 'donation_widgets_map_category' ) );
	}
	return $lines;
}

/** Prints the consent section's explanation above its fields. */
function donation_widgets_render_consent_status() {
	echo '<div class="donation-widgets-consent-status">';
	foreach ( donation_widgets_consent_status() as $line ) {
		printf( '<p>%s</p>', esc_html( $line ) );
	}
	echo '</div>';
}
