<?php
/**
 * Plugin Name: Donations route probes (bench only)
 * Description: What the bench measures around the donations route, which the WordPress suite's fixture (wordpress-plugin/test/fixture/donations-fixture.php) answers on the tables bench/lib/printed-search-seed.php fills: a route that costs only WordPress's start, and a request's query count. Loaded by bench/scripts/printed-search-cost.mjs and kept-search.mjs.
 *
 * @package DonationWidgetsBench
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function () {
		// What a REST request costs before any route work: WordPress's start and the REST server's. It
		// says whether PHP caches compiled code, which the bench reports.
		register_rest_route(
			'donations-bench/v1',
			'ping',
			array(
				'methods'             => 'GET',
				'callback'            => static function () {
					$status = function_exists( 'opcache_get_status' ) ? opcache_get_status( false ) : false;
					wp_send_json( array( 'opcache' => is_array( $status ) && ! empty( $status['opcache_enabled'] ) ), 200 );
				},
				'permission_callback' => '__return_true',
			)
		);
	}
);

// The bench's own count of a request's queries ($wpdb counts every one), asked for by a header on a
// request the bench does not time.
if ( isset( $_SERVER['HTTP_X_DONATION_BENCH_QUERIES'] ) ) {
	add_action(
		'shutdown',
		static function () {
			global $wpdb;
			file_put_contents( WP_CONTENT_DIR . '/donation-bench-queries.txt', (string) $wpdb->num_queries ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		},
		PHP_INT_MAX
	);
}
