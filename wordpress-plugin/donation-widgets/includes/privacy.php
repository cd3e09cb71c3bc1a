<?php
/**
 * Suggested text for the site's privacy policy (Settings → Privacy → Policy guide): what visitors'
 * browsers send to the services the islands use, as readme.txt's "External services" tells admins.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Adds the plugin's section to the privacy policy guide. */
function donation_widgets_privacy_policy_content() {
	if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
		return;
	}
	$paragraphs = array(
		__( 'When you search for donations near you, our donors search shows the results on a map. Your browser then downloads the map from one of these services, which receive your IP address, your browser\'s details, the address of our page and the area the map shows:', 'donation-widgets' ),
		__( 'OpenStreetMap\'s tile server (tile.openstreetmap.org, run by the OpenStreetMap Foundation), whose privacy policy is at https://osmfoundation.org/wiki/Privacy_Policy; or Google Maps (maps.googleapis.com), whose privacy policy is at https://policies.google.com/privacy.', 'donation-widgets' ),
		__( 'Where this site uses Google Analytics or Google Tag Manager, they also receive the donations you complete (their value and order number) and, when site search reporting is on, what you search this site for.', 'donation-widgets' ),
		__( 'The zip code, radius and days of your search go to this site\'s own donations search, to find the donations.', 'donation-widgets' ),
		__( 'When you press "Use my location", your browser asks whether to share your location with this page. If you share it, your location stays in your browser: the browser downloads from this site the list of the zip codes around you (an area about 140 miles across, which is all this site can tell from the download), picks the nearest zip code and searches for it as if you had typed it. Your location is sent neither to this site nor to anyone else.', 'donation-widgets' ),
	);
	$boundaries = donation_widgets_boundary_host();
	if ( '' !== $boundaries ) {
		/* translators: %s: a host, such as cdn.example.com. */
		array_splice( $paragraphs, 2, 0, sprintf( __( 'The outlines of the zip codes on the map come from %s, which receives the same, and only when the map is downloaded.', 'donation-widgets' ), $boundaries ) );
	}
	$paragraphs = array_merge( $paragraphs, donation_widgets_privacy_consent_paragraphs() );
	$text       = '';
	foreach ( $paragraphs as $paragraph ) {
		$text .= '<p>' . esc_html( $paragraph ) . '</p>';
	}
	wp_add_privacy_policy_content( __( 'Donation widgets', 'donation-widgets' ), wp_kses_post( $text ) );
}

/**
 * What the privacy guide says about consent: which of the WP Consent API's categories the map and the
 * reports wait for, as Settings → Donation widgets → Consent chooses them, and what "Let my tag decide"
 * changes. Said even without the API, so the text is right once a consent plugin is added.
 *
 * @return string[]
 */
function donation_widgets_privacy_consent_paragraphs() {
	$categories = donation_widgets_consent_categories();
	$name       = function ( $option ) use ( $categories ) {
		$value = (string) donation_widgets_get( $option );
		return isset( $categories[ $value ] ) ? $categories[ $value ] : $value;
	};
	$paragraphs = array(
		/* translators: %s: a consent category, such as Marketing. */
		sprintf( __( 'Where you are asked for your consent to cookies and tracking, the map is downloaded from one of these services only once you allow the "%s" category, or press "Load the map" in its place, which records your consent for that map service alone.', 'donation-widgets' ), $name( 'donation_widgets_map_category' ) ),
	);
	if ( 'tag' === donation_widgets_get( 'donation_widgets_consent_mode' ) ) {
		$paragraphs[] = __( 'Completed donations and site searches are given to our Google tag, which applies your consent choice (Google\'s Consent Mode) to what Google Analytics and Google Ads receive.', 'donation-widgets' );
	} else {
		/* translators: 1: a consent category, such as Statistics; 2: another, such as Marketing. */
		$paragraphs[] = sprintf( __( 'Completed donations and site searches are reported to Google Analytics only once you allow the "%1$s" category, and to Google Ads only once you allow the "%2$s" category; nothing is reported if you decline. Where the law lets you opt out rather than in, your browser\'s Global Privacy Control counts as declining "Marketing".', 'donation-widgets' ), $name( 'donation_widgets_statistics_category' ), $name( 'donation_widgets_marketing_category' ) );
	}
	return $paragraphs;
}

/**
 * The host the zip boundary files come from when it is not this site, or ''.
 *
 * @return string
 */
function donation_widgets_boundary_host() {
	$host = donation_widgets_url_host( donation_widgets_boundary_base_url() );
	return in_array( $host, donation_widgets_map_hosts(), true ) ? $host : '';
}
