<?php
/**
 * Plugin Name: Donations route probes (bench only)
 * Description: What the bench measures around the donations route, which the WordPress suite's fixture (wordpress-plugin/test/fixture/donations-fixture.php) answers on the tables bench/lib/printed-search-seed.php and growing-site-seed.php fill: a route that costs only WordPress's start, a request's query count, and a donation filed as Donation Manager files one. Loaded by bench/lib/donations-site.mjs.
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
		// A donor's donation arriving while visitors search, filed as Donation Manager's save_donation() and
		// tag_donation() file it: a draft post, then its title, receipt and status, then its ACF meta, then its
		// pickup code by slug. Bench-only: the bench's site is on loopback and gone when it ends.
		register_rest_route(
			'donations-bench/v1',
			'donate/(?P<zip>[0-9]{5})',
			array(
				'methods'             => 'POST',
				'callback'            => 'donation_bench_donate',
				'permission_callback' => '__return_true',
			)
		);
	}
);

/**
 * Files one donation in `zip` and answers its id.
 *
 * @param WP_REST_Request $request The request.
 */
function donation_bench_donate( $request ) {
	$orgs = get_option( 'donation_bench_organizations' );
	$id   = wp_insert_post( array( 'post_type' => 'donation' ), true );
	if ( is_wp_error( $id ) || ! is_array( $orgs ) ) {
		wp_send_json( array( 'error' => is_wp_error( $id ) ? $id->get_error_message() : 'no organizations' ), 500 );
	}
	wp_update_post(
		array(
			'ID'           => $id,
			'post_content' => '<table class="donation-receipt"><tr><th>Pickup Code</th><td>' . $request['zip'] . '</td></tr></table>',
			'post_title'   => 'Sofa, Recliner - Jane Doe',
			'post_status'  => 'publish',
		)
	);
	update_post_meta( $id, 'organization', $orgs['org'] );
	update_post_meta( $id, '_organization', 'field_donation_organization' );
	update_post_meta( $id, 'trans_dept', $orgs['trans_dept'] );
	update_post_meta( $id, '_trans_dept', 'field_donation_trans_dept' );
	add_post_meta( $id, '_organization_name', get_the_title( $orgs['org'] ) );
	wp_set_object_terms( $id, sanitize_title( $request['zip'] ), 'pickup_code' );
	wp_send_json( array( 'id' => $id ), 200 );
}

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
