<?php
/**
 * Fills the bench's site (run inside WordPress by bench/scripts/printed-search-cost.mjs and
 * kept-search.mjs, with the WordPress suite's donations fixture loaded): Donation Manager's zip table
 * from a list of US zips, and donations filed the way it files them, a post each with its pickup_code
 * term and organization; then switches the fixture's route onto these tables. Rows go
 * in by the thousand through $wpdb, since a wp_insert_post() per donation would take minutes here.
 *
 * Reads $donation_bench_seed: zips (a JSON file of [zip, latitude, longitude, city]), center, radius,
 * in_range (donations the search must find). Prints what it made as JSON.
 *
 * @package DonationWidgetsBench
 */

defined( 'ABSPATH' ) || exit;

global $wpdb;
$donation_bench_table = donations_fixture_zip_table();
$wpdb->query( "DROP TABLE IF EXISTS $donation_bench_table" ); // phpcs:ignore WordPress.DB
// The columns the route reads, typed as Donation Manager's table types them.
$wpdb->query(
	"CREATE TABLE $donation_bench_table (
		ID bigint(20) unsigned NOT NULL AUTO_INCREMENT,
		ZIPCode mediumint(5) unsigned NOT NULL,
		CityName varchar(35) NOT NULL,
		Latitude decimal(14,7) NOT NULL,
		Longitude decimal(14,7) NOT NULL,
		PRIMARY KEY (ID),
		KEY ZIPCode (ZIPCode),
		KEY CityName (CityName)
	) " . $wpdb->get_charset_collate()
); // phpcs:ignore WordPress.DB

/**
 * Inserts rows in batches: `$columns` names them, `$format` is one row's placeholders.
 *
 * @param string $table   The table.
 * @param string $columns Its columns, comma separated.
 * @param string $format  One row's placeholders, e.g. "(%d, %s)".
 * @param array  $rows    The rows, each a list of values.
 */
function donation_bench_insert( $table, $columns, $format, array $rows ) {
	global $wpdb;
	foreach ( array_chunk( $rows, 500 ) as $chunk ) {
		$values = array_map( static fn( $row ) => $wpdb->prepare( $format, $row ), $chunk ); // phpcs:ignore WordPress.DB.PreparedSQL
		$wpdb->query( "INSERT INTO $table ($columns) VALUES " . implode( ',', $values ) ); // phpcs:ignore WordPress.DB
	}
}

$donation_bench_zips = json_decode( file_get_contents( $donation_bench_seed['zips'] ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions
donation_bench_insert( $donation_bench_table, 'ZIPCode, Latitude, Longitude, CityName', '(%d, %f, %f, %s)', $donation_bench_zips );

// The zips the route will find, by its own query; and a few far away, whose donations it must not find.
update_option( 'donations_fixture_real_tables', 1 );
$donation_bench_center = donations_fixture_coordinates( $donation_bench_seed['center'] );
$donation_bench_near   = donations_fixture_zips_within( array( $donation_bench_center['lat'], $donation_bench_center['lng'] ), $donation_bench_seed['radius'] );
$donation_bench_far    = array( '10001', '10011', '10451', '94103', '77002' );
$donation_bench_terms  = array();
foreach ( array_merge( $donation_bench_near, $donation_bench_far ) as $donation_bench_zip ) {
	$donation_bench_term = wp_insert_term( $donation_bench_zip, 'pickup_code', array( 'slug' => $donation_bench_zip ) );
	if ( is_wp_error( $donation_bench_term ) ) {
		throw new RuntimeException( $donation_bench_term->get_error_message() );
	}
	$donation_bench_terms[ $donation_bench_zip ] = $donation_bench_term['term_taxonomy_id'];
}

$donation_bench_org   = wp_insert_post(
	array(
		'post_type'   => 'organization',
		'post_status' => 'publish',
		'post_title'  => 'The default organization',
	)
);
$donation_bench_other = $donation_bench_org + 1000;
// Donation Manager's default organization and transportation department, where ACF keeps its options.
$donation_bench_dept = wp_insert_post(
	array(
		'post_type'   => 'trans_dept',
		'post_status' => 'publish',
		'post_title'  => 'The default transportation department',
	)
);
update_option( 'options_default_organization', $donation_bench_org );
update_option( 'options_default_transportation_department', $donation_bench_dept );

// What the search must find (in range, recent, the default organization's), then what it must leave:
// the same area beyond its 90 days, far zips, another organization's donations.
$donation_bench_plan = array();
$donation_bench_day  = DAY_IN_SECONDS;
for ( $i = 0; $i < $donation_bench_seed['in_range']; $i++ ) {
	$donation_bench_plan[] = array( $donation_bench_near[ ( $i * 37 ) % count( $donation_bench_near ) ], ( $i * 7919 ) % ( 89 * $donation_bench_day ), $donation_bench_org );
}
for ( $i = 0; $i < 300; $i++ ) {
	$donation_bench_plan[] = array( $donation_bench_near[ $i % count( $donation_bench_near ) ], ( 92 + $i % 200 ) * $donation_bench_day, $donation_bench_org );
	$donation_bench_plan[] = array( $donation_bench_far[ $i % count( $donation_bench_far ) ], ( $i % 80 ) * $donation_bench_day, $donation_bench_org );
	$donation_bench_plan[] = array( $donation_bench_near[ $i % count( $donation_bench_near ) ], ( $i % 80 ) * $donation_bench_day, $donation_bench_other );
}

$donation_bench_items  = array( 'Sofa', 'Dresser, Nightstand', 'Boxes of clothes', 'Dining table', 'Bed frame', 'Bookcase', 'Washer and dryer', 'Recliner', 'Desk', 'Misc Items' );
$donation_bench_donors = array( 'Jane Doe', 'Sam Roe', 'Lee Poe', 'Kim Moe', 'Pat Doe', 'Ana Ruiz', 'Tom Chen' );
$donation_bench_first  = (int) $wpdb->get_var( "SELECT COALESCE(MAX(ID), 0) + 1 FROM $wpdb->posts" ); // phpcs:ignore WordPress.DB
$donation_bench_now    = time();
$donation_bench_posts  = array();
$donation_bench_links  = array();
$donation_bench_meta   = array();
foreach ( $donation_bench_plan as $i => list( $donation_bench_zip, $donation_bench_age, $donation_bench_owner ) ) {
	$id    = $donation_bench_first + $i;
	$gmt   = gmdate( 'Y-m-d H:i:s', $donation_bench_now - $donation_bench_age - 60 );
	$title = $donation_bench_items[ $i % count( $donation_bench_items ) ] . ' - ' . ( 100 + $i ) . ' Main St - ' . $donation_bench_donors[ $i % count( $donation_bench_donors ) ];
	if ( 0 === $i % 25 ) {
		$title = 'PRIORITY - ' . $title;
	}
	$donation_bench_posts[] = array( $id, 1, get_date_from_gmt( $gmt ), $gmt, $title, "donation-$id", get_date_from_gmt( $gmt ), $gmt, home_url( "?post_type=donation&p=$id" ) );
	$donation_bench_links[] = array( $id, $donation_bench_terms[ $donation_bench_zip ] );
	$donation_bench_meta[]  = array( $id, $donation_bench_owner );
}
donation_bench_insert(
	$wpdb->posts,
	'ID, post_author, post_date, post_date_gmt, post_title, post_name, post_modified, post_modified_gmt, guid, post_content, post_excerpt, to_ping, pinged, post_content_filtered, post_status, post_type',
	"(%d, %d, %s, %s, %s, %s, %s, %s, %s, '', '', '', '', '', 'publish', 'donation')",
	$donation_bench_posts
);
donation_bench_insert( $wpdb->term_relationships, 'object_id, term_taxonomy_id', '(%d, %d)', $donation_bench_links );
donation_bench_insert( $wpdb->postmeta, 'post_id, meta_key, meta_value', "(%d, 'organization', %d)", $donation_bench_meta );
wp_update_term_count_now( array_values( $donation_bench_terms ), 'pickup_code' );
wp_cache_flush();

echo wp_json_encode(
	array(
		'zips'      => count( $donation_bench_zips ),
		'zipsNear'  => count( $donation_bench_near ),
		'donations' => count( $donation_bench_plan ),
		'inRange'   => (int) $donation_bench_seed['in_range'],
	)
);
