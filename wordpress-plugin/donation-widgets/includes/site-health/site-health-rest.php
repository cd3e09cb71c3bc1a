<?php
/**
 * The REST routes Site Health's asynchronous tests ask (includes/site-health/site-health.php): one per test, for
 * users who may see Site Health. Loaded on every request, since REST requests are not wp-admin's.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Where the tests' routes start, under the REST root. */
const DONATION_WIDGETS_HEALTH_ROUTE = 'donation-widgets/v1/site-health/';

/** Registers a route for each asynchronous test. */
function donation_widgets_register_health_routes() {
	foreach ( array( 'route', 'bundle', 'boundaries', 'compression' ) as $name ) {
		register_rest_route(
			'donation-widgets/v1',
			'/site-health/' . $name,
			array(
				'methods'             => 'GET',
				'callback'            => function () use ( $name ) {
					require_once DONATION_WIDGETS_DIR . 'includes/site-health/site-health.php';
					return rest_ensure_response( call_user_func( 'donation_widgets_test_' . $name ) );
				},
				'permission_callback' => function () {
					return current_user_can( 'view_site_health_checks' );
				},
			)
		);
	}
}
