<?php
/**
 * Page caches emptied when what the page config says about consent changes (docs/how-it-works.md#consent).
 *
 * A page cache keeps the whole page, page config included. A page kept before the WP Consent API was
 * turned on says nothing of it (no `consentApi`), so should the API's script come late (a banner that adds
 * it, an optimiser that delays it), the islands would read its absence as a site without consent
 * management: conversions sent and the foreign map loaded before any choice. The reverse keeps islands
 * waiting for an API that is gone. The page cannot learn this any other way without a request of its own
 * on every view, so the kept pages go: those of the page cache plugins whose public purge this file knows,
 * and a hook for any other (a CDN, Varnish).
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The consent settings the page config carries (includes/consent/consent.php). */
const DONATION_WIDGETS_CONSENT_KEYS = array(
	'donation_widgets_consent_mode',
	'donation_widgets_statistics_category',
	'donation_widgets_marketing_category',
	'donation_widgets_map_category',
);

/**
 * Empties the page caches when the WP Consent API plugin is activated or deactivated. It is known by its
 * main file's name, which its own code relies on too, whatever folder it was unpacked in.
 *
 * @param string $plugin       The plugin's basename.
 * @param bool   $network_wide Whether it was (de)activated for the whole network.
 */
function donation_widgets_consent_api_switched( $plugin, $network_wide = false ) {
	if ( 'wp-consent-api.php' === basename( (string) $plugin ) ) {
		donation_widgets_clear_page_caches( (bool) $network_wide );
	}
}

/**
 * Empties the page caches when a consent setting the page config carries changes.
 *
 * @param mixed $old_value The settings before.
 * @param mixed $value     The settings now.
 */
function donation_widgets_consent_settings_changed( $old_value, $value ) {
	$old_value = is_array( $old_value ) ? $old_value : array();
	$value     = is_array( $value ) ? $value : array();
	$settings  = donation_widgets_settings();
	foreach ( DONATION_WIDGETS_CONSENT_KEYS as $key ) {
		// A setting never saved is its default, as donation_widgets_get() reads it.
		$default = $settings[ $key ]['default'];
		if ( (string) ( $old_value[ $key ] ?? $default ) !== (string) ( $value[ $key ] ?? $default ) ) {
			donation_widgets_clear_page_caches( false );
			return;
		}
	}
}

/**
 * Empties the page caches when the settings are saved for the first time with a consent setting.
 *
 * @param string $option The option's name.
 * @param mixed  $value  The settings.
 */
function donation_widgets_consent_settings_added( $option, $value ) {
	donation_widgets_consent_settings_changed( array(), $value );
}

/**
 * Empties the pages kept by the page cache plugins that offer a public way to, each only where it runs:
 * WP Super Cache, W3 Total Cache, WP Rocket, LiteSpeed Cache and WP Fastest Cache. Then fires
 * `donation_widgets_page_caches_cleared`, where a site purges what no plugin here knows of.
 *
 * @param bool $whole_network Whether every site of a network changed, not only this one.
 */
function donation_widgets_clear_page_caches( $whole_network ) {
	if ( function_exists( 'wp_cache_clear_cache' ) ) {
		// WP Super Cache: 0 is every site's pages; a site's own id, on a network, only its pages.
		wp_cache_clear_cache( is_multisite() && ! $whole_network ? get_current_blog_id() : 0 );
	}
	if ( function_exists( 'w3tc_flush_all' ) ) {
		w3tc_flush_all();
	}
	if ( function_exists( 'rocket_clean_domain' ) ) {
		rocket_clean_domain();
	}
	// LiteSpeed Cache's purge is an action of its own: nothing listens where it is not active.
	do_action( 'litespeed_purge_all' );
	if ( function_exists( 'wpfc_clear_all_cache' ) ) {
		wpfc_clear_all_cache( true );
	}
	/**
	 * Fires once the page caches the plugin knows are emptied because consent changed: purge others here.
	 *
	 * @param bool $whole_network Whether every site of a network changed.
	 */
	do_action( 'donation_widgets_page_caches_cleared', $whole_network );
}
