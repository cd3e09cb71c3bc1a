<?php
/**
 * Builds generated sites one after another in Donation Manager's tables and asks each site's searches of
 * Donation Manager's get_donations_by_area() (its stand-in, fixture/donation-manager/lib/fns/api.rest.php)
 * and of the plugin's answer, capturing the bytes each sends. Run inside WordPress by
 * donation-manager-route.wordpress.test.ts with $donation_sites set (see there), inside one transaction that
 * is rolled back, so the suite's site is left as it was. Prints JSON: per site, per search, the two
 * answers (and the queries each ran, when `count` is set).
 *
 * @package DonationWidgetsTests
 */

defined( 'ABSPATH' ) || exit;

/** Thrown by the die handler: the route ended through wp_send_json(). */
final class Donation_Sites_Sent extends Exception {}

/**
 * What a route callback sends: its bytes, and how many queries it ran.
 *
 * @param callable        $callback The route's callback.
 * @param WP_REST_Request $request  The request.
 * @return array{0: string, 1: int}
 */
function donation_sites_capture( $callback, $request ) {
	global $wpdb;
	wp_cache_flush();
	$before = $wpdb->num_queries;
	ob_start();
	try {
		call_user_func( $callback, $request );
	} catch ( Donation_Sites_Sent $sent ) {
		// Ended as wp_send_json() ends.
		unset( $sent );
	}
	return array( ob_get_clean(), $wpdb->num_queries - $before );
}

add_filter( 'wp_doing_ajax', '__return_true' );
add_filter(
	'wp_die_ajax_handler',
	function () {
		return function () {
			throw new Donation_Sites_Sent();
		};
	}
);
// phpcs:ignore -- the answers are compared as a site that does not display errors sends them.
ini_set( 'display_errors', '0' );

global $wpdb;
$donation_sites_table = $wpdb->prefix . 'donman_zipcodes';
$donation_sites_made  = ! $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $donation_sites_table ) );
if ( $donation_sites_made ) {
	// Donation Manager's table as its lib/fns/db.php creates it, the columns the search reads.
	$wpdb->query(
		"CREATE TABLE $donation_sites_table (
			ID bigint(20) unsigned NOT NULL AUTO_INCREMENT,
			ZIPCode mediumint(5) unsigned NOT NULL,
			CityName varchar(35) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
			Latitude decimal(14,7) NOT NULL,
			Longitude decimal(14,7) NOT NULL,
			PRIMARY KEY  (ID),
			KEY ZIPCode (ZIPCode),
			KEY CityName (CityName)
		) " . $wpdb->get_charset_collate()
	);
}

$wpdb->query( 'START TRANSACTION' );
$donation_sites_out = array();
try {
	$wpdb->query( "DELETE FROM $wpdb->posts WHERE post_type IN ('donation', 'organization', 'trans_dept')" );
	$wpdb->query( "DELETE tt, t FROM $wpdb->term_taxonomy tt JOIN $wpdb->terms t ON t.term_id = tt.term_id WHERE tt.taxonomy = 'pickup_code'" );
	// The default organization, another organization and the default transportation department.
	$orgs = array();
	foreach ( array( 'organization', 'organization', 'trans_dept' ) as $type ) {
		$orgs[] = wp_insert_post( array( 'post_type' => $type, 'post_status' => 'publish', 'post_title' => $type ) );
	}
	$now = current_time( 'timestamp' ); // phpcs:ignore WordPress.DateTime.CurrentTimeTimestamp -- the site's local time, as post_date is.
	foreach ( $donation_sites['sites'] as $site ) {
		$wpdb->query( "DELETE FROM $donation_sites_table" );
		$wpdb->query( "DELETE p, m, r FROM $wpdb->posts p LEFT JOIN $wpdb->postmeta m ON m.post_id = p.ID LEFT JOIN $wpdb->term_relationships r ON r.object_id = p.ID WHERE p.post_type = 'donation'" );
		$wpdb->query( "DELETE tt, t FROM $wpdb->term_taxonomy tt JOIN $wpdb->terms t ON t.term_id = tt.term_id WHERE tt.taxonomy = 'pickup_code'" );
		foreach ( $site['rows'] as list( $zip, $city, $lat, $lng ) ) {
			$wpdb->insert( $donation_sites_table, array( 'ZIPCode' => $zip, 'CityName' => $city, 'Latitude' => $lat, 'Longitude' => $lng ), array( '%s', '%s', '%s', '%s' ) );
		}
		$taxonomy = array();
		foreach ( $site['terms'] as list( $slug, $name ) ) {
			$wpdb->insert( $wpdb->terms, array( 'name' => $name, 'slug' => $slug ) );
			$wpdb->insert( $wpdb->term_taxonomy, array( 'term_id' => $wpdb->insert_id, 'taxonomy' => 'pickup_code', 'description' => '' ) );
			$taxonomy[] = $wpdb->insert_id;
		}
		// As update_option() would store them, without its hooks: they cost more than the rest of a site.
		foreach ( array(
			'options_default_organization'               => $site['org'] > 0 ? $orgs[0] : 0,
			'options_default_transportation_department' => $site['org'] > 1 ? $orgs[2] : 0,
		) as $name => $value ) {
			$wpdb->query( $wpdb->prepare( "INSERT INTO $wpdb->options (option_name, option_value, autoload) VALUES (%s, %s, 'off') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)", $name, $value ) );
		}
		$first = null;
		foreach ( $site['donations'] as $donation ) {
			$date = gmdate( 'Y-m-d H:i:s', $now - $donation['age'] );
			$wpdb->insert( $wpdb->posts, array( 'post_type' => 'donation', 'post_status' => $donation['status'], 'post_title' => $donation['title'], 'post_date' => $date, 'post_date_gmt' => $date, 'post_modified' => $date, 'post_modified_gmt' => $date, 'post_content' => '', 'post_excerpt' => '', 'to_ping' => '', 'pinged' => '', 'post_content_filtered' => '' ) );
			$id    = $wpdb->insert_id;
			$first = $first ?? $id;
			if ( $donation['org'] >= 0 ) {
				$wpdb->insert( $wpdb->postmeta, array( 'post_id' => $id, 'meta_key' => 'organization', 'meta_value' => $orgs[ $donation['org'] ] ) ); // phpcs:ignore WordPress.DB.SlowDBQuery
			}
			foreach ( $donation['terms'] as $index ) {
				$wpdb->insert( $wpdb->term_relationships, array( 'object_id' => $id, 'term_taxonomy_id' => $taxonomy[ $index ] ) );
			}
		}
		// A site's own rule on every donations query (members only, say): here, the first donation left out.
		$narrow = static function ( $query ) use ( &$first ) {
			if ( 'donation' === $query->get( 'post_type' ) ) {
				$query->set( 'post__not_in', array( $first ) );
			}
		};
		if ( ! empty( $site['narrow'] ) ) {
			add_action( 'pre_get_posts', $narrow );
		}
		$answers = array();
		foreach ( $site['searches'] as $search ) {
			$request = new WP_REST_Request( 'GET', '/donations/v1/search/' . implode( '/', $search['path'] ) );
			$request->set_url_params( array_combine( array( 'zipcode', 'radius', 'days' ), $search['path'] ) );
			$request->set_query_params( $search['query'] );
			$answers[] = array(
				donation_sites_capture( 'DonationManager\restapi\get_donations_by_area', $request ),
				donation_sites_capture( 'donation_widgets_answer_donation_manager_search', $request ),
			);
		}
		remove_action( 'pre_get_posts', $narrow );
		$donation_sites_out[] = $answers;
	}
} finally {
	$wpdb->query( 'ROLLBACK' );
	if ( $donation_sites_made ) {
		$wpdb->query( "DROP TABLE $donation_sites_table" );
	}
	wp_cache_flush();
}
echo wp_json_encode( $donation_sites_out );
