<?php
/**
 * The rows Donation Manager's data is made of, written in bulk for the bench's seeds
 * (bench/lib/printed-search-seed.php, growing-site-seed.php): its zip table with its own columns, its
 * pickup_code terms (the donor's zip as slug and name, as tag_donation() leaves them), and donations as
 * save_donation() files them: a published `donation` post titled "items - First Last" (with "PRIORITY - "
 * in front for a priority pick-up) holding the receipt, the ACF `organization` and `trans_dept` meta
 * with their field-key twins, `_organization_name`, and the pickup_code term. Rows go in by the
 * thousand through $wpdb, since a wp_insert_post() per donation would take minutes here; the stream the
 * load bench files while it searches goes through WordPress's own functions instead.
 *
 * @package DonationWidgetsBench
 */

defined( 'ABSPATH' ) || exit;

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

/**
 * Donation Manager's zip table, made again with its own columns and keys (lib/fns/db.php), filled from
 * a JSON file of [zip, latitude, longitude, city, state]: one row per zip, as npm `zipcodes` has them.
 *
 * @param string $file The JSON file.
 * @return int The rows.
 */
function donation_bench_zip_table( $file ) {
	global $wpdb;
	$table = donations_fixture_zip_table();
	$text  = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL';
	$wpdb->query( "DROP TABLE IF EXISTS $table" ); // phpcs:ignore WordPress.DB
	$wpdb->query( // phpcs:ignore WordPress.DB
		"CREATE TABLE $table (
			ID bigint(20) unsigned NOT NULL AUTO_INCREMENT, ZIPCode mediumint(5) unsigned NOT NULL,
			ZIPType char(1) $text, CityName varchar(35) $text, CityType char(1) $text, CountyName varchar(45) $text,
			CountyFIPS varchar(6) $text, StateName varchar(35) $text, StateAbbr char(2) $text, StateFIPS varchar(3) $text,
			MSACode varchar(5) $text, AreaCode varchar(15) $text, TimeZone varchar(20) $text, UTC mediumint(9) NOT NULL,
			DST char(1) $text, Latitude decimal(14,7) NOT NULL, Longitude decimal(14,7) NOT NULL,
			PRIMARY KEY  (ID), KEY ZIPCode (ZIPCode), KEY CityName (CityName), KEY StateName (StateName),
			KEY city_stateabbr (CityName,StateAbbr), KEY StateAbbr (StateAbbr)
		) " . $wpdb->get_charset_collate()
	);
	$zips = json_decode( file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions
	donation_bench_insert(
		$table,
		'ZIPCode, Latitude, Longitude, CityName, StateAbbr, ZIPType, CityType, CountyName, CountyFIPS, StateName, StateFIPS, MSACode, AreaCode, TimeZone, UTC, DST',
		"(%d, %f, %f, %s, %s, 'S', 'P', '', '', '', '', '', '', '', 0, 'Y')",
		$zips
	);
	return count( $zips );
}

/**
 * The pickup_code term of each zip, made where it is missing, as wp_set_object_terms() makes it from
 * the slug tag_donation() passes: name and slug the zip.
 *
 * @param string[] $zips The zips.
 * @return array<string, int> Zip => term_taxonomy_id.
 */
function donation_bench_pickup_codes( array $zips ) {
	$ids = array();
	foreach ( array_unique( $zips ) as $zip ) {
		$term = term_exists( (string) $zip, 'pickup_code' );
		$term = $term ? $term : wp_insert_term( (string) $zip, 'pickup_code', array( 'slug' => (string) $zip ) );
		if ( is_wp_error( $term ) ) {
			throw new RuntimeException( $term->get_error_message() );
		}
		$ids[ $zip ] = (int) $term['term_taxonomy_id'];
	}
	return $ids;
}

/**
 * Files donations in bulk, each as save_donation() and tag_donation() leave it.
 *
 * @param array $plan  Rows of [zip, age in seconds, organization id, trans_dept id, sequence number].
 * @param array $terms Zip => term_taxonomy_id, for every zip of the plan.
 */
function donation_bench_file_rows( array $plan, array $terms ) {
	global $wpdb;
	$items  = array( 'Sofa', 'Dresser, Nightstand', 'Boxes of clothes', 'Dining table', 'Bed frame', 'Bookcase', 'Washer, Dryer', 'Recliner', 'Desk', 'Misc Items' );
	$donors = array( 'Jane Doe', 'Sam Roe', 'Lee Poe', 'Kim Moe', 'Pat Doe', 'Ana Ruiz', 'Tom Chen' );
	$first  = (int) $wpdb->get_var( "SELECT COALESCE(MAX(ID), 0) + 1 FROM $wpdb->posts" ); // phpcs:ignore WordPress.DB
	$now    = time();
	$posts  = array();
	$links  = array();
	$meta   = array();
	foreach ( array_values( $plan ) as $i => list( $zip, $age, $org, $trans_dept, $n ) ) {
		$id    = $first + $i;
		$gmt   = gmdate( 'Y-m-d H:i:s', $now - $age - 60 );
		$title = ( 0 === $n % 25 ? 'PRIORITY - ' : '' ) . $items[ $n % count( $items ) ] . ' - ' . $donors[ $n % count( $donors ) ];
		// The receipt save_donation() writes as the post's content: a table of the donor's answers.
		$receipt = '<table class="donation-receipt"><tr><th>Pickup Code</th><td>' . $zip . '</td></tr><tr><th>Items</th><td>' . $title . '</td></tr>'
			. str_repeat( '<tr><th>Detail</th><td>Second floor, use the side door; call on arrival.</td></tr>', 12 ) . '</table>';
		$posts[] = array( $id, 1, get_date_from_gmt( $gmt ), $gmt, $receipt, $title, sanitize_title( $title ) . "-$id", get_date_from_gmt( $gmt ), $gmt, home_url( "?post_type=donation&p=$id" ) );
		$links[] = array( $id, $terms[ $zip ] );
		array_push(
			$meta,
			array( $id, 'organization', $org ),
			array( $id, '_organization', 'field_donation_organization' ),
			array( $id, 'trans_dept', $trans_dept ),
			array( $id, '_trans_dept', 'field_donation_trans_dept' ),
			array( $id, 'pickup_description', 'Items by the garage.' ),
			array( $id, '_pickup_description', 'field_donation_pickup_description' ),
			array( $id, '_organization_name', 'The default organization' )
		);
	}
	donation_bench_insert(
		$wpdb->posts,
		'ID, post_author, post_date, post_date_gmt, post_content, post_title, post_name, post_modified, post_modified_gmt, guid, post_excerpt, to_ping, pinged, post_content_filtered, post_status, post_type',
		"(%d, %d, %s, %s, %s, %s, %s, %s, %s, %s, '', '', '', '', 'publish', 'donation')",
		$posts
	);
	donation_bench_insert( $wpdb->term_relationships, 'object_id, term_taxonomy_id', '(%d, %d)', $links );
	donation_bench_insert( $wpdb->postmeta, 'post_id, meta_key, meta_value', '(%d, %s, %s)', $meta );
	wp_update_term_count_now( array_values( array_unique( array_column( $links, 1 ) ) ), 'pickup_code' );
	wp_cache_flush();
}

/**
 * The default organization and transportation department, made once: posts of their types, named in
 * the fixture's option and in the ACF options Donation Manager reads (`default_organization`,
 * `default_transportation_department`). Another organization's id comes with them.
 *
 * @return array{org: int, other: int, trans_dept: int}
 */
function donation_bench_organizations() {
	$made = get_option( 'donation_bench_organizations' );
	if ( is_array( $made ) ) {
		return $made;
	}
	$post = static fn( $type, $title ) => wp_insert_post( array( 'post_type' => $type, 'post_status' => 'publish', 'post_title' => $title ) );
	$made = array(
		'org'        => $post( 'organization', 'The default organization' ),
		'other'      => $post( 'organization', 'Another organization' ),
		'trans_dept' => $post( 'trans_dept', 'The default transportation department' ),
	);
	update_option( 'donations_fixture_default_organization', $made['org'] );
	update_option( 'options_default_organization', $made['org'] );
	update_option( '_options_default_organization', 'field_default_organization' );
	update_option( 'options_default_transportation_department', $made['trans_dept'] );
	update_option( '_options_default_transportation_department', 'field_default_transportation_department' );
	update_option( 'donation_bench_organizations', $made );
	return $made;
}
