<?php
/**
 * Plugin Name:       Donation widgets
 * Description:       The donation pick-up site's donors search with its map, screening questions, priority alert and lazy backgrounds, with a submit lock on every form and a conversion tracker for analytics, from one module script.
 * Version:           0.2.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Donation widgets contributors
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       donation-widgets
 * Domain Path:       /languages
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

define( 'DONATION_WIDGETS_VERSION', '0.2.0' );
define( 'DONATION_WIDGETS_FILE', __FILE__ );
define( 'DONATION_WIDGETS_DIR', plugin_dir_path( __FILE__ ) );

require_once DONATION_WIDGETS_DIR . 'includes/url-or-path.php';
require_once DONATION_WIDGETS_DIR . 'includes/settings/settings.php';
require_once DONATION_WIDGETS_DIR . 'includes/consent/consent-settings.php';
require_once DONATION_WIDGETS_DIR . 'includes/consent/consent.php';
require_once DONATION_WIDGETS_DIR . 'includes/consent/consent-page-caches.php';
require_once DONATION_WIDGETS_DIR . 'includes/translations.php';
require_once DONATION_WIDGETS_DIR . 'includes/page-config.php';
require_once DONATION_WIDGETS_DIR . 'includes/loader.php';
require_once DONATION_WIDGETS_DIR . 'includes/styles.php';
require_once DONATION_WIDGETS_DIR . 'includes/editor-notice.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-table.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-route.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-answer.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/answer-versions.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/answer-changes.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/answer-packing.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-store.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-claims.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-pipeline.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-wire.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/search-encoding.php';
require_once DONATION_WIDGETS_DIR . 'includes/search/printed-search.php';
require_once DONATION_WIDGETS_DIR . 'includes/island-render.php';
require_once DONATION_WIDGETS_DIR . 'includes/shortcode.php';
require_once DONATION_WIDGETS_DIR . 'includes/blocks.php';
require_once DONATION_WIDGETS_DIR . 'includes/site-health/site-health-rest.php';
require_once DONATION_WIDGETS_DIR . 'includes/boundaries/boundaries-rest.php';
require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager.php';
require_once DONATION_WIDGETS_DIR . 'includes/html-document.php';
require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager-search.php';
require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager-route.php';
require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager-route-answer.php';
require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager-route-lookups.php';

register_activation_hook( __FILE__, 'donation_widgets_migrate_settings' );
add_action( 'plugins_loaded', 'donation_widgets_migrate_settings' );
add_action( 'plugins_loaded', 'donation_widgets_register_with_consent_api' );
add_action( 'activated_plugin', 'donation_widgets_consent_api_switched', 10, 2 );
add_action( 'deactivated_plugin', 'donation_widgets_consent_api_switched', 10, 2 );
add_action( 'update_option_' . DONATION_WIDGETS_OPTION, 'donation_widgets_consent_settings_changed', 10, 2 );
add_action( 'add_option_' . DONATION_WIDGETS_OPTION, 'donation_widgets_consent_settings_added', 10, 2 );
add_action( 'init', 'donation_widgets_load_textdomain' );
add_action( 'wp_enqueue_scripts', 'donation_widgets_enqueue_loader' );
add_action( 'wp_enqueue_scripts', 'donation_widgets_enqueue_style_early' );
add_action( 'enqueue_block_assets', 'donation_widgets_enqueue_editor_style' );
add_action( 'wp_footer', 'donation_widgets_print_config', 5 );
add_action( 'init', 'donation_widgets_register_shortcode' );
add_action( 'init', 'donation_widgets_register_blocks' );
add_filter( 'block_categories_all', 'donation_widgets_block_category' );
add_filter( 'block_type_metadata', 'donation_widgets_block_api_version' );
add_action( 'init', 'donation_widgets_register_settings' );
add_action( 'rest_api_init', 'donation_widgets_register_health_routes' );
add_action( 'rest_api_init', 'donation_widgets_register_boundary_route' );
// Last, after Donation Manager registers its scripts (priority 101).
add_action( 'wp_enqueue_scripts', 'donation_widgets_retire_donation_manager_scripts', PHP_INT_MAX );
add_filter( 'do_shortcode_tag', 'donation_widgets_donation_manager_search', 10, 2 );
add_filter( 'rest_dispatch_request', 'donation_widgets_search_on_the_wire', 5, 3 );
// Late, after any site's own change to the route: a replaced callback is the site's to keep.
add_filter( 'rest_endpoints', 'donation_widgets_take_over_search_route', PHP_INT_MAX );
donation_widgets_listen_for_answer_changes();
add_action( 'rest_api_init', 'donation_widgets_register_compression_probe' );
add_action( DONATION_WIDGETS_COMPRESSION_PROBE, 'donation_widgets_probe_compression' );

if ( is_admin() ) {
	require_once DONATION_WIDGETS_DIR . 'includes/settings/settings-page.php';
	require_once DONATION_WIDGETS_DIR . 'includes/consent/consent-settings-page.php';
	require_once DONATION_WIDGETS_DIR . 'includes/site-health/site-health.php';
	require_once DONATION_WIDGETS_DIR . 'includes/privacy.php';
	require_once DONATION_WIDGETS_DIR . 'includes/boundaries/boundaries-screen.php';
	require_once DONATION_WIDGETS_DIR . 'includes/build-notice.php';
	add_action( 'admin_notices', 'donation_widgets_build_notice' );
	add_action( 'network_admin_notices', 'donation_widgets_build_notice' );
	add_action( 'admin_menu', 'donation_widgets_add_settings_page' );
	add_action( 'admin_init', 'donation_widgets_add_settings_fields' );
	add_action( 'admin_init', 'donation_widgets_add_consent_settings_fields' );
	add_action( 'admin_enqueue_scripts', 'donation_widgets_settings_assets' );
	add_action( 'admin_enqueue_scripts', 'donation_widgets_boundaries_assets' );
	add_filter( 'site_status_tests', 'donation_widgets_site_status_tests' );
	add_filter( 'debug_information', 'donation_widgets_debug_information' );
	add_action( 'admin_init', 'donation_widgets_privacy_policy_content' );
	add_filter( 'plugin_action_links_' . plugin_basename( __FILE__ ), 'donation_widgets_action_links' );
	require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager-admin.php';
	add_action( 'admin_init', 'donation_widgets_add_donation_manager_field', 11 );
	add_filter( 'site_status_tests', 'donation_widgets_donation_manager_status_test' );
	add_filter( 'debug_information', 'donation_widgets_donation_manager_information', 11 );
	require_once DONATION_WIDGETS_DIR . 'includes/donation-manager/donation-manager-route-admin.php';
	add_action( 'admin_init', 'donation_widgets_add_fast_search_field', 12 );
	add_filter( 'site_status_tests', 'donation_widgets_fast_search_status_test' );
	add_filter( 'debug_information', 'donation_widgets_fast_search_information', 12 );
}
