<?php
/**
 * The lookups of the plugin's answer to Donation Manager's search (donation-manager-route-answer.php), each
 * a single query for what Donation Manager asks once per zip or per donation, and each answering what its
 * own query answers.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The zips within `$radius` miles of the centre by Donation Manager's own flat-earth formula, character for
 * character (the centre written into it as PHP prints the floats), over its whole zip table. Two things
 * make it cheaper and change nothing it finds. The formula is worked out only for rows within the band of
 * latitude that can hold an answer: the distance it gives is at least 3958 * 3.1415926 * |latitude apart|
 * / 180 wherever both cosines are positive, which is everywhere short of the poles (rows and centres near
 * them get the formula alone), and the band is widened by a hundredth of a degree for rounding. And the
 * zips are made distinct here rather than by the database's DISTINCT, which builds a temporary table.
 * Donation Manager's answer reads the zips only as a set.
 *
 * @param float $lat    The centre's latitude, as get_coordinates() gave it.
 * @param float $lng    Its longitude.
 * @param mixed $radius The request's radius, read as Donation Manager's `%d` reads it.
 * @return string[]
 */
function donation_widgets_zips_within( $lat, $lng, $radius ) {
	global $wpdb;
	$miles   = (int) vsprintf( '%d', array( $radius ) );
	$formula = '(3958*3.1415926*sqrt((Latitude-' . $lat . ')*(Latitude-' . $lat . ') + cos(Latitude/57.29578)*cos(' . $lat . '/57.29578)*(Longitude-' . $lng . ')*(Longitude-' . $lng . '))/180) <= ' . $miles;
	$where   = $formula;
	if ( abs( $lat ) < 89 ) {
		$band  = $miles * 180 / ( 3958 * 3.1415926 ) + 0.01;
		$where = sprintf( 'IF( Latitude BETWEEN %.7F AND %.7F OR ABS( Latitude ) >= 89, %s, 0 )', $lat - $band, $lat + $band, $formula );
	}
	$zips = $wpdb->get_col( 'SELECT ZipCode FROM ' . $wpdb->prefix . 'donman_zipcodes WHERE ' . $where ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- floats and an integer.
	return array_values( array_unique( (array) $zips ) );
}

/**
 * The donations' titles and dates, in the order of `$ids`, as get_posts() would give them (raw).
 *
 * @param int[] $ids The donations, newest first.
 * @return object[] Each with ID, post_title and post_date.
 */
function donation_widgets_titles_and_dates( array $ids ) {
	global $wpdb;
	if ( ! $ids ) {
		return array();
	}
	$rows = $wpdb->get_results( "SELECT ID, post_title, post_date FROM {$wpdb->posts} WHERE ID IN (" . implode( ',', array_map( 'intval', $ids ) ) . ')', OBJECT_K ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- integers.
	$in   = array();
	foreach ( $ids as $id ) {
		if ( isset( $rows[ $id ] ) ) {
			$in[] = $rows[ $id ];
		}
	}
	return $in;
}

/**
 * Each donation's first pickup code, in one query: the name Donation Manager's get_donation_zip_code()
 * reads through wp_get_post_terms(), which orders a post's terms by name.
 *
 * @param int[] $ids The donations.
 * @return array<int, string> Pickup code by donation; a donation without one is left out.
 */
function donation_widgets_first_pickup_codes( array $ids ) {
	global $wpdb;
	if ( ! $ids ) {
		return array();
	}
	$rows  = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one query for what core asks per post.
		"SELECT tr.object_id, t.name FROM {$wpdb->terms} AS t INNER JOIN {$wpdb->term_taxonomy} AS tt ON t.term_id = tt.term_id INNER JOIN {$wpdb->term_relationships} AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy = 'pickup_code' AND tr.object_id IN (" . implode( ',', array_map( 'intval', $ids ) ) . ') ORDER BY t.name ASC' // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integers.
	);
	$codes = array();
	foreach ( (array) $rows as $row ) {
		if ( ! isset( $codes[ $row->object_id ] ) ) {
			$codes[ (int) $row->object_id ] = (string) $row->name;
		}
	}
	return $codes;
}

/**
 * The coordinates Donation Manager's get_coordinates() gives each zip, in one query: its own lookup
 * (the first row by city name, compared as its table compares) once per zip, joined.
 *
 * @param string[] $zips Pickup codes.
 * @return array<string, array{lat: float, lng: float}> By zip; a zip its table lacks is left out.
 */
function donation_widgets_zip_centres( array $zips ) {
	global $wpdb;
	$zips = array_values( preg_grep( '/[0-9]{5}/', $zips ) );
	if ( ! $zips ) {
		return array();
	}
	$lookups = array();
	foreach ( $zips as $index => $zip ) {
		$lookups[] = $wpdb->prepare( '(SELECT %d AS k, ID, Latitude, Longitude FROM ' . $wpdb->prefix . 'donman_zipcodes WHERE ZIPCode=%s ORDER BY CityName ASC LIMIT 1)', $index, $zip ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table's name.
	}
	$centres = array();
	foreach ( (array) $wpdb->get_results( implode( ' UNION ALL ', $lookups ) ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- each part prepared above.
		$centres[ $zips[ (int) $row->k ] ] = array(
			'lat' => round( $row->Latitude, 3 ), // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- the table's column.
			'lng' => round( $row->Longitude, 3 ), // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- the table's column.
		);
	}
	return $centres;
}
