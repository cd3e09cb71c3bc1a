<?php
/**
 * Fills the bench's site (run inside WordPress by bench/scripts/printed-search-cost.mjs and
 * kept-search.mjs, with the WordPress suite's donations fixture loaded): Donation Manager's zip table
 * from a list of US zips, and donations filed the way it files them, a post each with its pickup_code
 * term and organization (bench/lib/donations-seed-rows.php writes them as Donation Manager's data);
 * then switches the fixture's route onto these tables.
 *
 * Reads $donation_bench_seed: zips (a JSON file of [zip, latitude, longitude, city]), center, radius,
 * in_range (donations the search must find). Prints what it made as JSON.
 *
 * @package DonationWidgetsBench
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/donations-seed-rows.php';

$donation_bench_zip_rows = donation_bench_zip_table( $donation_bench_seed['zips'] );

// The zips the route will find, by its own query; and a few far away, whose donations it must not find.
update_option( 'donations_fixture_real_tables', 1 );
$donation_bench_center = donations_fixture_coordinates( $donation_bench_seed['center'] );
$donation_bench_near   = donations_fixture_zips_within( array( $donation_bench_center['lat'], $donation_bench_center['lng'] ), $donation_bench_seed['radius'] );
$donation_bench_far    = array( '10001', '10011', '10451', '94103', '77002' );
$donation_bench_terms  = donation_bench_pickup_codes( array_merge( $donation_bench_near, $donation_bench_far ) );
$donation_bench_orgs   = donation_bench_organizations();

// What the search must find (in range, recent, the default organization's), then what it must leave:
// the same area beyond its 90 days, far zips, another organization's donations.
$donation_bench_plan = array();
$donation_bench_day  = DAY_IN_SECONDS;
$donation_bench_add  = static function ( $zip, $age, $org ) use ( &$donation_bench_plan, $donation_bench_orgs ) {
	$donation_bench_plan[] = array( $zip, $age, $org, $donation_bench_orgs['trans_dept'], count( $donation_bench_plan ) );
};
for ( $i = 0; $i < $donation_bench_seed['in_range']; $i++ ) {
	$donation_bench_add( $donation_bench_near[ ( $i * 37 ) % count( $donation_bench_near ) ], ( $i * 7919 ) % ( 89 * $donation_bench_day ), $donation_bench_orgs['org'] );
}
for ( $i = 0; $i < 300; $i++ ) {
	$donation_bench_add( $donation_bench_near[ $i % count( $donation_bench_near ) ], ( 92 + $i % 200 ) * $donation_bench_day, $donation_bench_orgs['org'] );
	$donation_bench_add( $donation_bench_far[ $i % count( $donation_bench_far ) ], ( $i % 80 ) * $donation_bench_day, $donation_bench_orgs['org'] );
	$donation_bench_add( $donation_bench_near[ $i % count( $donation_bench_near ) ], ( $i % 80 ) * $donation_bench_day, $donation_bench_orgs['other'] );
}
donation_bench_file_rows( $donation_bench_plan, $donation_bench_terms );

echo wp_json_encode(
	array(
		'zips'      => $donation_bench_zip_rows,
		'zipsNear'  => count( $donation_bench_near ),
		'donations' => count( $donation_bench_plan ),
		'inRange'   => (int) $donation_bench_seed['in_range'],
	)
);
