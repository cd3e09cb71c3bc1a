<?php
/**
 * Plugin Name: Donations route as the site runs it (bench only)
 * Description: The donations search route the way the site's Donation Manager plugin runs it, on real tables: a US zip table, donation posts filed under pickup_code terms, a query per donation for its zip and another for its coordinates, the request written to the error log, wp_send_json() and exit. Loaded by bench/printed-search-cost.mjs.
 *
 * @package DonationWidgetsBench
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'init',
	static function () {
		register_post_type(
			'donation',
			array(
				'label'    => 'Donations',
				'public'   => false,
				'show_ui'  => true,
				'supports' => array( 'title', 'editor' ),
			)
		);
		// Donation Manager files a donation under its donor's zip code as a term of this taxonomy.
		register_taxonomy(
			'pickup_code',
			array( 'donation' ),
			array(
				'label'  => 'Pickup Codes',
				'public' => false,
			)
		);
	}
);

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'donations/v1',
			'search/(?P<zipcode>[0-9]{5})/(?P<radius>[0-9]{1,2})/(?P<days>[0-9]{1,2})',
			array(
				'methods'             => 'GET',
				'callback'            => 'donation_bench_search',
				'permission_callback' => '__return_true',
			)
		);
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

/** The zip table, named as Donation Manager names it. */
function donation_bench_zip_table() {
	global $wpdb;
	return $wpdb->prefix . 'donman_zipcodes';
}

/**
 * A zip code's centroid the way Donation Manager reads it: one query for the table's first row of that
 * zip, rounded to 3 places (a zip without a row reads as 0, 0).
 *
 * @param string|false $zipcode The zip.
 * @return array{lat: float, lng: float}|false
 */
function donation_bench_centroid( $zipcode ) {
	global $wpdb;
	if ( ! is_string( $zipcode ) || ! preg_match( '/[0-9]{5}/', $zipcode ) ) {
		return false;
	}
	$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT ID, Latitude, Longitude FROM ' . donation_bench_zip_table() . ' WHERE ZIPCode = %s ORDER BY CityName ASC LIMIT 1', $zipcode ) );
	$row  = $rows ? $rows[0] : (object) array(
		'Latitude'  => 0,
		'Longitude' => 0,
	);
	return array(
		'lat' => round( (float) $row->Latitude, 3 ),
		'lng' => round( (float) $row->Longitude, 3 ),
	);
}

/**
 * The zip codes within `$radius` miles of a point, by Donation Manager's flat-earth formula evaluated
 * by the database over the whole table (no index can serve it).
 *
 * @param float $lat    Latitude.
 * @param float $lng    Longitude.
 * @param int   $radius Miles.
 * @return string[]
 */
function donation_bench_zips_within( $lat, $lng, $radius ) {
	global $wpdb;
	$lat = (float) $lat;
	$lng = (float) $lng;
	$sql = 'SELECT DISTINCT(ZIPCode) FROM ' . donation_bench_zip_table() . " WHERE (3958 * 3.1415926 * SQRT((Latitude - $lat) * (Latitude - $lat) + COS(Latitude / 57.29578) * COS($lat / 57.29578) * (Longitude - $lng) * (Longitude - $lng)) / 180) <= %d";
	return $wpdb->get_col( $wpdb->prepare( $sql, $radius ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the numbers are cast above.
}

/**
 * A donation's zip code as Donation Manager reads it: a terms query per donation.
 *
 * @param int $id The donation.
 * @return string|false
 */
function donation_bench_donation_zip( $id ) {
	$names = wp_get_post_terms( $id, 'pickup_code', array( 'fields' => 'names' ) );
	return is_array( $names ) && $names ? (string) reset( $names ) : false;
}

/**
 * The search, answered as Donation Manager answers it: every outcome through wp_send_json(), which
 * ends the process.
 *
 * @param WP_REST_Request $request zipcode, radius, days.
 */
function donation_bench_search( $request ) {
	// phpcs:ignore WordPress.PHP.DevelopmentFunctions -- the original logs every request this way.
	error_log( '$request = ' . print_r( $request, true ) );
	$center = donation_bench_centroid( $request['zipcode'] );
	if ( ! $center ) {
		wp_send_json( null, 200 );
	}
	$zips = donation_bench_zips_within( $center['lat'], $center['lng'], $request['radius'] );
	if ( ! $zips ) {
		wp_send_json( new WP_Error( 'nozipcodes', 'No zip codes returned for ' . $request['zipcode'] . '.' ), 200 );
	}
	$days      = ( ! is_numeric( $request['days'] ) || 90 < $request['days'] ) ? 90 : $request['days'];
	$donations = get_posts(
		array(
			'post_type'      => 'donation',
			'posts_per_page' => -1,
			'meta_query'     => array( // phpcs:ignore WordPress.DB.SlowDBQuery -- as the original.
				array(
					'key'   => 'organization',
					'value' => get_option( 'donation_bench_default_organization' ),
				),
			),
			'tax_query'      => array( // phpcs:ignore WordPress.DB.SlowDBQuery -- as the original.
				array(
					'taxonomy' => 'pickup_code',
					'field'    => 'slug',
					'terms'    => $zips,
					'operator' => 'IN',
				),
			),
			'date_query'     => array( array( 'after' => $days . ' days ago' ) ),
		)
	);
	$rows   = array();
	$by_zip = array();
	foreach ( $donations as $donation ) {
		$zip      = donation_bench_donation_zip( $donation->ID );
		$rows[]   = array(
			'title'       => explode( ' - ', $donation->post_title )[0],
			'date'        => $donation->post_date,
			'zipcode'     => $zip,
			'coordinates' => donation_bench_centroid( $zip ),
			'number'      => count( $rows ) + 1,
		);
		$by_zip[ $zip ] = ( $by_zip[ $zip ] ?? 0 ) + 1;
	}
	wp_send_json(
		array(
			'request'              => array(
				'zipcode' => $request['zipcode'],
				'radius'  => $request['radius'],
				'days'    => $request['days'],
			),
			'coordinates'          => $center,
			'donations_by_zipcode' => $by_zip,
			'data'                 => array( 'donations' => $rows ),
		),
		200
	);
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
