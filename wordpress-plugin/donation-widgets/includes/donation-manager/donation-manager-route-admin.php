<?php
/**
 * The switch for answering Donation Manager's search with the plugin's own query
 * (includes/donation-manager/donation-manager-route.php), and Site Health saying which code answers it.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Who answers the search, in words, for each verdict: Site Health's Status and Info tabs say the same.
 *
 * @param string $state See donation_widgets_fast_search_verdict().
 * @return string
 */
function donation_widgets_fast_search_words( $state ) {
	$version = donation_widgets_donation_manager_version();
	switch ( $state ) {
		case 'plugin':
			/* translators: %s: Donation Manager's version. */
			return sprintf( __( "The plugin answers Donation Manager's donors search with its own query (Donation Manager %s): the same answer, in a few database queries whatever the number of donations.", 'donation-widgets' ), $version );
		case 'off':
			return __( "Donation Manager's own code answers its donors search: the setting is off. It asks the database twice for each donation it finds.", 'donation-widgets' );
		case 'version':
			return '' === $version
				? __( "Donation Manager's own code answers its donors search: its version could not be read from its plugin header.", 'donation-widgets' )
				/* translators: %s: Donation Manager's version. */
				: sprintf( __( "Donation Manager's own code answers its donors search: Donation Manager %s is not one the plugin is proven identical to.", 'donation-widgets' ), $version );
		case 'display_errors':
			return __( "Donation Manager's own code answers its donors search: PHP displays errors on this site, and the warnings Donation Manager's answers then carry are not the plugin's to copy.", 'donation-widgets' );
		case 'functions':
			return __( "Donation Manager's own code answers its donors search: the functions its answer reuses (get_coordinates, get_default_organization) are not loaded.", 'donation-widgets' );
		case 'replaced':
			return __( "The donors search route answers with a callback other than Donation Manager's: the site keeps its own.", 'donation-widgets' );
	}
	return __( "Donation Manager's donors search route is not registered on this site.", 'donation-widgets' );
}

/** The verdict now, with the routes listed so that the route's registered callback is known. */
function donation_widgets_fast_search_now() {
	rest_get_server()->get_routes();
	return donation_widgets_fast_search_state();
}

/** Adds the switch to the "Donation Manager" section of Settings → Donation widgets. */
function donation_widgets_add_fast_search_field() {
	add_settings_field(
		'donation_widgets_fast_search',
		__( "Answer Donation Manager's search with the plugin's own query", 'donation-widgets' ),
		'donation_widgets_render_fast_search_field',
		'donation-widgets',
		'donation_widgets_donation_manager'
	);
}

/** The switch, named as a key of the plugin's one option. */
function donation_widgets_render_fast_search_field() {
	$option = 'donation_widgets_fast_search';
	printf(
		'<label><input type="checkbox" id="%1$s" name="%2$s" value="1"%3$s aria-describedby="%1$s-help"> %4$s</label><p class="description" id="%1$s-help">%5$s</p>',
		esc_attr( $option ),
		esc_attr( DONATION_WIDGETS_OPTION . '[' . $option . ']' ),
		checked( (bool) donation_widgets_get( $option ), true, false ),
		esc_html__( "Answer Donation Manager's search with the plugin's own query", 'donation-widgets' ),
		esc_html__( "On by default. The plugin answers Donation Manager's donors search itself in a few database queries, with the same answer. Any other Donation Manager version, or a site that replaced the route, keeps Donation Manager's own code. Turn it off if searches answer differently than before.", 'donation-widgets' )
	);
}

/**
 * Adds the test to Site Health's Status tab where Donation Manager is installed.
 *
 * @param array $tests Site Health's tests.
 * @return array
 */
function donation_widgets_fast_search_status_test( $tests ) {
	if ( defined( 'DONMAN_PLUGIN_PATH' ) ) {
		$tests['direct']['donation_widgets_fast_search'] = array(
			'label' => __( "Who answers Donation Manager's donors search", 'donation-widgets' ),
			'test'  => 'donation_widgets_test_fast_search',
		);
	}
	return $tests;
}

/** Which code answers the search, and why. */
function donation_widgets_test_fast_search() {
	$state = donation_widgets_fast_search_now();
	if ( in_array( $state, array( 'plugin', 'replaced', 'absent' ), true ) ) {
		$label = 'plugin' === $state ? __( "The plugin answers Donation Manager's donors search", 'donation-widgets' ) : __( "Donation Manager's donors search answers with the site's own code", 'donation-widgets' );
		return donation_widgets_health_result( 'donation_widgets_fast_search', 'good', $label, donation_widgets_fast_search_words( $state ) );
	}
	return donation_widgets_health_result(
		'donation_widgets_fast_search',
		'recommended',
		__( "Donation Manager's donors search asks the database for each donation", 'donation-widgets' ),
		donation_widgets_fast_search_words( $state ),
		'off' === $state ? donation_widgets_settings_fix( 'donation_widgets_fast_search' ) : null
	);
}

/**
 * Adds who answers the search to Site Health → Info's "Donation widgets" section.
 *
 * @param array $info Site Health's sections.
 * @return array
 */
function donation_widgets_fast_search_information( $info ) {
	if ( isset( $info['donation-widgets']['fields'] ) ) {
		$state = donation_widgets_fast_search_now();
		$info['donation-widgets']['fields']['donation_manager_search'] = array(
			'label' => __( "Who answers Donation Manager's donors search", 'donation-widgets' ),
			'value' => donation_widgets_fast_search_words( $state ),
			'debug' => $state,
		);
	}
	return $info;
}
