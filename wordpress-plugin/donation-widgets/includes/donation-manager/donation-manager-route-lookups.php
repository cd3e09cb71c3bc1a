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

/** The query var that marks Donation Manager's donations query as the plugin runs it. */
const DONATION_WIDGETS_REACH_QUERY = 'donation_widgets_reach';

/**
 * The donations Donation Manager's query finds, newest first, each with ID, post_title and post_date.
 *
 * get_posts() runs the query, so every hook WordPress gives such a query still has its say. When none
 * changed it (its query vars are the same after `pre_get_posts` as when they were parsed, and nothing
 * reshapes tax queries), the rows come from one query that asks the same things another way: each
 * filter as an EXISTS of WordPress's own clause (its tax, meta and date query classes write them), so
 * the database needs neither the joins' GROUP BY nor a second query for the titles. WordPress's own
 * query costs about twice as much at 12,000 rows (docs/testing.md). Otherwise WordPress runs its own,
 * and the titles are read after it.
 *
 * @param array $args get_posts() arguments: Donation Manager's, with `fields` => `ids`.
 * @return object[]
 */
function donation_widgets_donations_in_reach( array $args ) {
	$args[ DONATION_WIDGETS_REACH_QUERY ] = true;
	$watch                                = (object) array(
		'parsed'    => null,
		'untouched' => false,
		'rows'      => null,
	);
	$ours                                 = static function ( $query ) {
		return $query instanceof WP_Query && true === $query->get( DONATION_WIDGETS_REACH_QUERY );
	};
	$parsed                               = static function ( $query ) use ( $watch, $ours ) {
		if ( $ours( $query ) && null === $watch->parsed ) {
			$watch->parsed = md5( serialize( $query->query_vars ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- a fingerprint, never stored or read back.
		}
	};
	$hooked                               = static function ( $query ) use ( $watch, $ours ) {
		if ( $ours( $query ) ) {
			$watch->untouched = md5( serialize( $query->query_vars ) ) === $watch->parsed && ! has_action( 'parse_tax_query' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- as above.
		}
	};
	$answer                               = static function ( $posts, $query ) use ( $watch, $ours, $args ) {
		if ( null !== $posts || ! $ours( $query ) || ! $watch->untouched ) {
			return $posts;
		}
		$watch->rows = donation_widgets_reach_rows( $args );
		return wp_list_pluck( $watch->rows, 'ID' );
	};
	add_action( 'parse_query', $parsed, PHP_INT_MIN );
	add_action( 'pre_get_posts', $hooked, PHP_INT_MAX );
	add_filter( 'posts_pre_query', $answer, 10, 2 );
	try {
		$ids = get_posts( $args );
	} finally {
		remove_action( 'parse_query', $parsed, PHP_INT_MIN );
		remove_action( 'pre_get_posts', $hooked, PHP_INT_MAX );
		remove_filter( 'posts_pre_query', $answer, 10 );
	}
	return null !== $watch->rows ? $watch->rows : donation_widgets_titles_and_dates( array_map( 'intval', $ids ) );
}

/**
 * The rows of Donation Manager's query, untouched by any hook, in one query: the filters WP_Query would
 * join, each as an EXISTS of the clause WordPress's own classes write for it.
 *
 * @param array $args The query's arguments (post type and status `donation` and `publish`).
 * @return object[]
 */
function donation_widgets_reach_rows( array $args ) {
	global $wpdb;
	$tax  = ( new WP_Tax_Query( $args['tax_query'] ) )->get_sql( 'donation_widgets_tp', 'ID' );
	$meta = ( new WP_Meta_Query( $args['meta_query'] ) )->get_sql( 'post', 'donation_widgets_mp', 'ID' );
	$date = ( new WP_Date_Query( $args['date_query'] ) )->get_sql();
	// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- WordPress's own clauses, escaped by its query classes.
	$sql = "SELECT {$wpdb->posts}.ID, {$wpdb->posts}.post_title, {$wpdb->posts}.post_date FROM {$wpdb->posts}
		WHERE 1=1 {$date} AND {$wpdb->posts}.post_type = 'donation' AND {$wpdb->posts}.post_status = 'publish'
		AND EXISTS ( SELECT 1 FROM {$wpdb->posts} AS donation_widgets_tp {$tax['join']} WHERE donation_widgets_tp.ID = {$wpdb->posts}.ID {$tax['where']} )
		AND EXISTS ( SELECT 1 FROM {$wpdb->posts} AS donation_widgets_mp {$meta['join']} WHERE donation_widgets_mp.ID = {$wpdb->posts}.ID {$meta['where']} )
		ORDER BY {$wpdb->posts}.post_date DESC";
	// phpcs:enable
	return (array) $wpdb->get_results( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- built above from WordPress's own clauses; one query for what WP_Query joins and groups.
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
