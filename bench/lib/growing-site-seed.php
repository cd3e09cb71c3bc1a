<?php
/**
 * Grows the bench's site to a number of donations (run inside WordPress by
 * bench/scripts/growing-search.mjs, with the WordPress suite's donations fixture loaded): the first call
 * makes Donation Manager's zip table, the organizations and the pickup codes of two cities; every call
 * then files the donations missing up to `total`, in bulk (bench/lib/donations-seed-rows.php), so the
 * site holds at each size what a site that grew to it holds. Of every 25: 20 within `radius` miles of
 * the first city in the last 89 days, 2 there but older than 90 days, 1 there of another organization,
 * 2 within `radius` of the second city, recent.
 *
 * Reads $donation_bench_grow: zips (a JSON file of [zip, latitude, longitude, city, state]), cities
 * (two zips), radius, total. Prints what the site holds as JSON.
 *
 * @package DonationWidgetsBench
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/donations-seed-rows.php';

global $wpdb;
$donation_bench_state = get_option( 'donation_bench_grown' );
if ( ! is_array( $donation_bench_state ) ) {
	$donation_bench_rows = donation_bench_zip_table( $donation_bench_grow['zips'] );
	update_option( 'donations_fixture_real_tables', 1 );
	// Each city's zips as the route finds them, by its own query over the table.
	$donation_bench_cities = array_map(
		static function ( $zip ) use ( $donation_bench_grow ) {
			$center = donations_fixture_coordinates( $zip );
			return donations_fixture_zips_within( array( $center['lat'], $center['lng'] ), $donation_bench_grow['radius'] );
		},
		$donation_bench_grow['cities']
	);
	$donation_bench_orgs  = donation_bench_organizations();
	$donation_bench_terms = donation_bench_pickup_codes( array_merge( ...$donation_bench_cities ) );
	// The transportation department serves both cities: Donation Manager tags it with their pickup codes too.
	wp_set_object_terms( $donation_bench_orgs['trans_dept'], array_values( array_map( 'intval', wp_list_pluck( get_terms( array( 'taxonomy' => 'pickup_code', 'hide_empty' => false ) ), 'term_id' ) ) ), 'pickup_code' );
	$donation_bench_state = array(
		'zips'   => $donation_bench_rows,
		'cities' => $donation_bench_cities,
		'terms'  => $donation_bench_terms,
		'orgs'   => $donation_bench_orgs,
		'filed'  => 0,
	);
}

list( $donation_bench_first_city, $donation_bench_second_city ) = $donation_bench_state['cities'];
$donation_bench_orgs = $donation_bench_state['orgs'];
$donation_bench_day  = DAY_IN_SECONDS;
$donation_bench_plan = array();
for ( $n = $donation_bench_state['filed']; $n < $donation_bench_grow['total']; $n++ ) {
	$donation_bench_kind = $n % 25;
	$donation_bench_city = $donation_bench_kind >= 23 ? $donation_bench_second_city : $donation_bench_first_city;
	$donation_bench_zip  = $donation_bench_city[ ( $n * 37 ) % count( $donation_bench_city ) ];
	$donation_bench_age  = in_array( $donation_bench_kind, array( 20, 21 ), true ) ? ( 92 + $n % 600 ) * $donation_bench_day : ( $n * 7919 ) % ( 89 * $donation_bench_day );
	$donation_bench_org  = 22 === $donation_bench_kind ? $donation_bench_orgs['other'] : $donation_bench_orgs['org'];
	$donation_bench_plan[] = array( $donation_bench_zip, $donation_bench_age, $donation_bench_org, $donation_bench_orgs['trans_dept'], $n );
}
donation_bench_file_rows( $donation_bench_plan, $donation_bench_state['terms'] );
$donation_bench_state['filed'] = max( $donation_bench_state['filed'], (int) $donation_bench_grow['total'] );
update_option( 'donation_bench_grown', $donation_bench_state, false );

echo wp_json_encode(
	array(
		'zips'      => $donation_bench_state['zips'],
		'donations' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM $wpdb->posts WHERE post_type = 'donation'" ), // phpcs:ignore WordPress.DB
		'cities'    => array_map( 'count', $donation_bench_state['cities'] ),
	)
);
