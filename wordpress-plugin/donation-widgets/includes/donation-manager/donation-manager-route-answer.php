<?php
/**
 * The plugin's answer to Donation Manager's donors search (includes/donation-manager/donation-manager-route.php
 * decides when it answers): Donation Manager 5.6.1's get_donations_by_area() step by step, its quirks
 * kept, with the two lookups it makes per donation made once for all of them.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Answers the search as Donation Manager's get_donations_by_area() does, and ends the request the same
 * way (wp_send_json() with 200). A parameter that is not text (an array from `?zipcode[]=`, a number from
 * a JSON body) is handed to Donation Manager's own code, whose answer to it is its own to give.
 *
 * @param WP_REST_Request $request The request; read as Donation Manager reads it, `$request['zipcode']`.
 */
function donation_widgets_answer_donation_manager_search( $request ) {
	global $wpdb;
	foreach ( array( 'zipcode', 'radius', 'days' ) as $name ) {
		if ( ! is_string( $request[ $name ] ) ) {
			return call_user_func( DONATION_WIDGETS_DM_SEARCH_CALLBACK, $request );
		}
	}

	// Donation Manager answers a zip it cannot use with a variable it never set: JSON null.
	if ( ! preg_match( '/[0-9]{5}/', $request['zipcode'] ) ) {
		donation_widgets_send_donation_manager_answer( null, array() );
	}
	$coordinates = DonationManager\helpers\get_coordinates( $request['zipcode'] );
	if ( ! $coordinates ) {
		donation_widgets_send_donation_manager_answer( null, array() );
	}
	$lat = $coordinates['lat'];
	$lng = $coordinates['lng'];

	$zips = donation_widgets_zips_within( $lat, $lng, $request['radius'] );
	if ( ! $zips ) {
		$error = new WP_Error();
		$error->add( 'nozipcodes', 'No zip codes returned for ' . $request['zipcode'] . '.' );
		donation_widgets_send_donation_manager_answer( $error, array() );
	}

	$default_org = DonationManager\organizations\get_default_organization();
	// Its `$default_org['id']` on `false` reads null.
	$default_org_id = is_array( $default_org ) ? $default_org['id'] : null;
	$days           = ( ! is_numeric( $request['days'] ) || 90 < $request['days'] ) ? 90 : $request['days'];
	// Its query, run by get_posts() so that whatever a site's hooks do to it still holds; its rows with
	// their titles and dates, no post objects built and no meta or terms cached.
	$donations = donation_widgets_donations_in_reach(
		array(
			'post_type'              => 'donation',
			'posts_per_page'         => -1,
			'meta_query'             => array( // phpcs:ignore WordPress.DB.SlowDBQuery -- Donation Manager's own filter.
				array(
					'key'   => 'organization',
					'value' => $default_org_id,
				),
			),
			'tax_query'              => array( // phpcs:ignore WordPress.DB.SlowDBQuery -- Donation Manager's own filter.
				array(
					'taxonomy' => 'pickup_code',
					'field'    => 'slug',
					'terms'    => $zips,
					'operator' => 'IN',
				),
			),
			'date_query'             => array( array( 'after' => $days . ' days ago' ) ),
			'fields'                 => 'ids',
			'update_post_meta_cache' => false,
			'update_post_term_cache' => false,
		)
	);
	$ids       = array_map( 'intval', wp_list_pluck( $donations, 'ID' ) );
	$codes     = donation_widgets_first_pickup_codes( $ids );
	$centres   = donation_widgets_zip_centres( array_unique( array_filter( $codes, 'is_string' ) ) );
	$by_zip    = array();
	$data      = array( 'donations' => array() );
	$number    = 1;
	foreach ( $donations as $donation ) {
		$donor_zip = $codes[ $donation->ID ] ?? false;
		// Donation Manager's get_coordinates(): false for a code without five digits in a row.
		$centre               = preg_match( '/[0-9]{5}/', (string) $donor_zip ) ? ( $centres[ $donor_zip ] ?? array(
			'lat' => round( 0, 3 ),
			'lng' => round( 0, 3 ),
		) ) : false;
		$data['donations'][]  = array(
			'title'       => explode( ' - ', $donation->post_title )[0],
			'date'        => $donation->post_date,
			'zipcode'     => $donor_zip,
			'coordinates' => $centre,
			'number'      => $number,
		);
		$by_zip[ $donor_zip ] = array_key_exists( $donor_zip, $by_zip ) ? $by_zip[ $donor_zip ] + 1 : 1;
		++$number;
	}

	$response = array(
		'request'              => array(
			'zipcode' => $request['zipcode'],
			'radius'  => $request['radius'],
			'days'    => $request['days'],
		),
		'coordinates'          => array(
			'lat' => round( $lat, 3 ),
			'lng' => round( $lng, 3 ),
		),
		'donations_by_zipcode' => $by_zip,
		'data'                 => $data,
	);
	donation_widgets_send_donation_manager_answer( $response, $zips );
}

/**
 * Tells who keeps answers which zips the answer read (none for an answer no donation can change), then
 * sends it as Donation Manager does: its JSON, HTTP 200, and the end of the request.
 *
 * @param mixed    $response The answer.
 * @param string[] $zips     The zip codes within the radius.
 */
function donation_widgets_send_donation_manager_answer( $response, array $zips ) {
	/**
	 * Fires right before the plugin sends its answer to Donation Manager's search.
	 *
	 * @param string[] $zips The zip codes within the search's radius, as the zip table gives them.
	 */
	do_action( 'donation_widgets_answer_reach', array_map( 'strval', $zips ) );
	wp_send_json( $response, 200 );
}
