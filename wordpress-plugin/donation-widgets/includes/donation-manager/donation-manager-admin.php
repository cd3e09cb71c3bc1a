<?php
/**
 * Settings and Site Health say whether Donation Manager's front-end scripts are retired
 * (includes/donation-manager/donation-manager.php), and the settings screen turns retiring off.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** What retiring does, in words, for each state: the settings screen and Site Health say the same. */
function donation_widgets_retiring_words() {
	return array(
		'retired' => __( "Donation Manager is active. Its donors search script, the Google Maps script it loads and its scripts.js are not printed: the islands run its donors search and priority alert, and its date picker and other scripts stay. Turn retiring off to print them again (each form then has two owners: the island and Donation Manager's script).", 'donation-widgets' ),
		'off'     => __( 'Donation Manager is active, and retiring is off: its donors search script, its Google Maps script and its scripts.js are printed beside the islands. The islands still own the markup they take over, so its scripts load for nothing. Turn retiring on to leave the work to the islands.', 'donation-widgets' ),
		'absent'  => __( 'Donation Manager is not active on this site: there is nothing to retire. When it is, this setting decides.', 'donation-widgets' ),
	);
}

/** Adds the "Donation Manager" section and its switch to Settings → Donation widgets. */
function donation_widgets_add_donation_manager_field() {
	add_settings_section( 'donation_widgets_donation_manager', __( 'Donation Manager', 'donation-widgets' ), 'donation_widgets_render_retiring_state', 'donation-widgets' );
	add_settings_field(
		'donation_widgets_retire_dm_scripts',
		__( "Retire Donation Manager's scripts", 'donation-widgets' ),
		'donation_widgets_render_retiring_field',
		'donation-widgets',
		'donation_widgets_donation_manager'
	);
}

/** The section's opening words: where retiring stands on this site now. */
function donation_widgets_render_retiring_state() {
	$words = donation_widgets_retiring_words();
	printf( '<p id="donation-widgets-retiring-state">%s</p>', esc_html( $words[ donation_widgets_retiring_state() ] ) );
}

/** The switch, named as a key of the plugin's one option. */
function donation_widgets_render_retiring_field() {
	$option = 'donation_widgets_retire_dm_scripts';
	printf(
		'<label><input type="checkbox" id="%1$s" name="%2$s" value="1"%3$s aria-describedby="%1$s-help"> %4$s</label><p class="description" id="%1$s-help">%5$s</p>',
		esc_attr( $option ),
		esc_attr( DONATION_WIDGETS_OPTION . '[' . $option . ']' ),
		checked( donation_widgets_retiring_on(), true, false ),
		esc_html__( "Retire Donation Manager's donors search script, its Google Maps script and its scripts.js", 'donation-widgets' ),
		esc_html__( 'On by default. Its date picker, contact details mask and user portal scripts are never retired.', 'donation-widgets' )
	);
}

/**
 * Adds the retiring test to Site Health's Status tab where Donation Manager runs.
 *
 * @param array $tests Site Health's tests.
 * @return array
 */
function donation_widgets_donation_manager_status_test( $tests ) {
	if ( donation_widgets_donation_manager_active() ) {
		$tests['direct']['donation_widgets_donation_manager'] = array(
			'label' => __( "Donation Manager's front-end scripts", 'donation-widgets' ),
			'test'  => 'donation_widgets_test_donation_manager',
		);
	}
	return $tests;
}

/** Whether Donation Manager's scripts are retired: the islands alone own its donors search and alert. */
function donation_widgets_test_donation_manager() {
	$words = donation_widgets_retiring_words();
	if ( 'retired' === donation_widgets_retiring_state() ) {
		return donation_widgets_health_result( 'donation_widgets_donation_manager', 'good', __( "Donation Manager's donors search and alert scripts are retired", 'donation-widgets' ), $words['retired'] );
	}
	return donation_widgets_health_result(
		'donation_widgets_donation_manager',
		'recommended',
		__( "Donation Manager's donors search and alert scripts load beside the islands", 'donation-widgets' ),
		$words['off'],
		donation_widgets_settings_fix( 'donation_widgets_retire_dm_scripts' )
	);
}

/**
 * Adds the retiring state to Site Health → Info's "Donation widgets" section.
 *
 * @param array $info Site Health's sections.
 * @return array
 */
function donation_widgets_donation_manager_information( $info ) {
	$values = array(
		'retired' => __( 'Retired', 'donation-widgets' ),
		'off'     => __( 'Printed: retiring is off', 'donation-widgets' ),
		'absent'  => __( 'Donation Manager is not active', 'donation-widgets' ),
	);
	$state  = donation_widgets_retiring_state();
	if ( isset( $info['donation-widgets']['fields'] ) ) {
		$info['donation-widgets']['fields']['donation_manager'] = array(
			'label' => __( "Donation Manager's front-end scripts", 'donation-widgets' ),
			'value' => $values[ $state ],
			'debug' => $state,
		);
	}
	return $info;
}
