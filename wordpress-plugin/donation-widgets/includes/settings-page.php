<?php
/**
 * Settings → Donation widgets: one field per option, through the Settings API.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Adds the page under Settings. */
function donation_widgets_add_settings_page() {
	add_options_page(
		__( 'Donation widgets', 'donation-widgets' ),
		__( 'Donation widgets', 'donation-widgets' ),
		'manage_options',
		'donation-widgets',
		'donation_widgets_render_settings_page'
	);
}

/**
 * Adds a Settings link beside Deactivate on the Plugins screen.
 *
 * @param string[] $links The plugin's action links.
 * @return string[]
 */
function donation_widgets_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=donation-widgets' );
	array_unshift( $links, sprintf( '<a href="%s">%s</a>', esc_url( $url ), esc_html__( 'Settings', 'donation-widgets' ) ) );
	return $links;
}

/** Adds the sections and fields. */
function donation_widgets_add_settings_fields() {
	add_settings_section( 'donation_widgets_maps', __( 'Map', 'donation-widgets' ), '__return_false', 'donation-widgets' );
	add_settings_section( 'donation_widgets_requests', __( 'Search and reporting', 'donation-widgets' ), '__return_false', 'donation-widgets' );

	$fields = array(
		'donation_widgets_map_provider'      => array( 'donation_widgets_maps', 'select', __( 'Automatic uses Google Maps when a key is set, Leaflet with OpenStreetMap otherwise.', 'donation-widgets' ) ),
		'donation_widgets_google_api_key'    => array( 'donation_widgets_maps', 'text', __( 'Restrict the key to this site in the Google Cloud console: it is visible in every page.', 'donation-widgets' ) ),
		'donation_widgets_google_map_id'     => array( 'donation_widgets_maps', 'text', __( 'Optional: a map ID for cloud-based map styling.', 'donation-widgets' ) ),
		'donation_widgets_tile_url'          => array( 'donation_widgets_maps', 'url', __( 'Leaflet tiles. Empty: https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'donation-widgets' ) ),
		'donation_widgets_tile_attribution'  => array( 'donation_widgets_maps', 'text', __( 'Shown on the map as text. Empty: © OpenStreetMap contributors', 'donation-widgets' ) ),
		'donation_widgets_boundary_base_url' => array( 'donation_widgets_maps', 'url', __( 'Where zip boundary files (zip12345.kml) are. Empty: the uploads folder\'s zipcodes/.', 'donation-widgets' ) ),
		'donation_widgets_request_timeout'   => array( 'donation_widgets_requests', 'number', __( 'Seconds a search may take before the visitor is told it failed.', 'donation-widgets' ) ),
		'donation_widgets_site_search'       => array( 'donation_widgets_requests', 'checkbox', __( 'Report site searches to analytics as view_search_results (GA4 enhanced measurement often does already).', 'donation-widgets' ) ),
	);
	$settings = donation_widgets_settings();
	foreach ( $fields as $option => list( $section, $type, $help ) ) {
		add_settings_field(
			$option,
			$settings[ $option ]['label'],
			'donation_widgets_render_field',
			'donation-widgets',
			$section,
			array(
				'option'    => $option,
				'type'      => $type,
				'help'      => $help,
				'label_for' => 'checkbox' === $type ? null : $option,
			)
		);
	}
}

/**
 * Renders one field; every saved value is escaped here, at output.
 *
 * @param array $args The field's option, type and help text.
 */
function donation_widgets_render_field( $args ) {
	$option = $args['option'];
	$value  = donation_widgets_get( $option );
	$help   = '<p class="description" id="' . esc_attr( $option . '-help' ) . '">' . esc_html( $args['help'] ) . '</p>';
	if ( 'select' === $args['type'] ) {
		$choices = array(
			'auto'    => __( 'Automatic', 'donation-widgets' ),
			'google'  => __( 'Google Maps', 'donation-widgets' ),
			'leaflet' => __( 'Leaflet (OpenStreetMap)', 'donation-widgets' ),
		);
		printf( '<select id="%1$s" name="%1$s" aria-describedby="%1$s-help">', esc_attr( $option ) );
		foreach ( $choices as $choice => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $choice ), selected( $value, $choice, false ), esc_html( $label ) );
		}
		echo '</select>';
	} elseif ( 'checkbox' === $args['type'] ) {
		printf(
			'<label><input type="checkbox" id="%1$s" name="%1$s" value="1"%2$s aria-describedby="%1$s-help"> %3$s</label>',
			esc_attr( $option ),
			checked( (bool) $value, true, false ),
			esc_html__( 'Report site searches', 'donation-widgets' )
		);
	} elseif ( 'number' === $args['type'] ) {
		printf( '<input type="number" id="%1$s" name="%1$s" value="%2$s" min="1" max="300" step="1" class="small-text" aria-describedby="%1$s-help">', esc_attr( $option ), esc_attr( (string) $value ) );
	} else {
		// A text input even for URLs: a tile template's {z}/{x}/{y} is not a URL the browser would accept.
		printf( '<input type="text" id="%1$s" name="%1$s" value="%2$s" class="regular-text code" aria-describedby="%1$s-help" spellcheck="false">', esc_attr( $option ), esc_attr( (string) $value ) );
	}
	echo $help; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where it was built.
}

/** Renders the page. */
function donation_widgets_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<p>
			<?php
			printf(
				/* translators: %s: the shortcode. */
				esc_html__( 'Place an island with a shortcode, e.g. %s. Islands: donors-search, screening-questions, priority-alert, lazy-background.', 'donation-widgets' ),
				'<code>[donation_widget island="donors-search"]</code>'
			);
			?>
		</p>
		<form action="options.php" method="post">
			<?php
			settings_fields( 'donation_widgets' );
			do_settings_sections( 'donation-widgets' );
			submit_button();
			?>
		</form>
	</div>
	<?php
}
