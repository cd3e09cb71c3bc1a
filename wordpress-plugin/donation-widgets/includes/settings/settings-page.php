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

	$fields   = array(
		'donation_widgets_map_provider'      => array( 'donation_widgets_maps', 'select', __( 'Automatic uses Google Maps when a key is set, Leaflet with OpenStreetMap otherwise.', 'donation-widgets' ) ),
		'donation_widgets_google_api_key'    => array( 'donation_widgets_maps', 'text', __( 'Restrict the key to this site in the Google Cloud console: it is visible in every page.', 'donation-widgets' ) ),
		'donation_widgets_google_map_id'     => array( 'donation_widgets_maps', 'text', __( 'Optional: a map ID for cloud-based map styling.', 'donation-widgets' ) ),
		'donation_widgets_tile_url'          => array(
			'donation_widgets_maps',
			'url',
			__( 'Leaflet tiles. Empty: https://tile.openstreetmap.org/{z}/{x}/{y}.png, OpenStreetMap\'s tile server, which every visitor\'s browser then asks for the map\'s tiles. It is run by volunteers for light use: a busy site should use a tile service of its own.', 'donation-widgets' ),
			array(
				'url'  => 'https://operations.osmfoundation.org/policies/tiles/',
				'text' => __( 'Read the tile usage policy', 'donation-widgets' ),
			),
		),
		'donation_widgets_tile_attribution'  => array( 'donation_widgets_maps', 'text', __( 'Shown on the map as text. Empty: © OpenStreetMap contributors', 'donation-widgets' ) ),
		'donation_widgets_boundary_base_url' => array( 'donation_widgets_maps', 'url', __( 'Where the map reads zip boundary files. Empty: the uploads folder\'s zipcodes/, where Zip boundaries below puts the files it makes.', 'donation-widgets' ) ),
		'donation_widgets_request_timeout'   => array( 'donation_widgets_requests', 'number', __( 'Seconds a search may take before the visitor is told it failed.', 'donation-widgets' ) ),
		'donation_widgets_answers_life'      => array(
			'donation_widgets_requests',
			'number',
			__( 'Minutes a search\'s answer is reused before the donations are asked again; 0 keeps none. A donation saved, trashed or deleted shows in the next search whatever this is.', 'donation-widgets' ),
			'range' => array( 0, 1440 ),
		),
		'donation_widgets_compress_answers'  => array(
			'donation_widgets_requests',
			'checkbox',
			__( 'Browsers that accept it get search answers gzip- or Brotli-compressed, unless the web server compresses them already.', 'donation-widgets' ),
			'box' => __( 'Compress search answers', 'donation-widgets' ),
		),
		'donation_widgets_site_search'       => array( 'donation_widgets_requests', 'checkbox', __( 'Report site searches to analytics as view_search_results (GA4 enhanced measurement often does already).', 'donation-widgets' ) ),
	);
	$settings = donation_widgets_settings();
	foreach ( $fields as $option => $field ) {
		list( $section, $type, $help ) = $field;
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
				'link'      => isset( $field[3] ) ? $field[3] : null,
				'range'     => $field['range'] ?? array( 1, 300 ),
				'box'       => $field['box'] ?? __( 'Report site searches', 'donation-widgets' ),
				'label_for' => 'checkbox' === $type ? null : $option,
			)
		);
	}
}

/**
 * The value a refused field shows and why it was refused, from the save this screen follows.
 *
 * @param string $option The option's name.
 * @return array{value: string, message: string}|null
 */
function donation_widgets_refused( $option ) {
	global $donation_widgets_save;
	return isset( $donation_widgets_save['refused'][ $option ] ) ? $donation_widgets_save['refused'][ $option ] : null;
}

/**
 * Renders one field, named as a key of the one option; every saved value is escaped here, at output. A value refused by the save this
 * screen follows stays in its field, marked invalid, with the reason next to it.
 *
 * @param array $args The field's option, type and help text.
 */
function donation_widgets_render_field( $args ) {
	$option  = $args['option'];
	$name    = DONATION_WIDGETS_OPTION . '[' . $option . ']';
	$refused = donation_widgets_refused( $option );
	$value   = $refused ? $refused['value'] : donation_widgets_get( $option );
	$marks   = sprintf( ' aria-describedby="%s"', esc_attr( ( $refused ? $option . '-error ' : '' ) . $option . '-help' ) )
		. ( $refused ? ' aria-invalid="true"' : '' );
	$link    = $args['link'] ? sprintf( ' <a href="%s">%s</a>', esc_url( $args['link']['url'] ), esc_html( $args['link']['text'] ) ) : '';
	$help    = '<p class="description" id="' . esc_attr( $option . '-help' ) . '">' . esc_html( $args['help'] ) . $link . '</p>';
	if ( 'select' === $args['type'] ) {
		$choices = array(
			'auto'    => __( 'Automatic', 'donation-widgets' ),
			'google'  => __( 'Google Maps', 'donation-widgets' ),
			'leaflet' => __( 'Leaflet (OpenStreetMap)', 'donation-widgets' ),
		);
		printf( '<select id="%1$s" name="%3$s"%2$s>', esc_attr( $option ), $marks, esc_attr( $name ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where it was built.
		foreach ( $choices as $choice => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $choice ), selected( $value, $choice, false ), esc_html( $label ) );
		}
		echo '</select>';
	} elseif ( 'checkbox' === $args['type'] ) {
		printf(
			'<label><input type="checkbox" id="%1$s" name="%5$s" value="1"%2$s%3$s> %4$s</label>',
			esc_attr( $option ),
			checked( (bool) $value, true, false ),
			$marks, // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where it was built.
			esc_html( $args['box'] ),
			esc_attr( $name )
		);
	} elseif ( 'number' === $args['type'] ) {
		// A refused number may be no number at all: a text field keeps it as it was typed.
		printf( '<input type="%3$s" id="%1$s" name="%5$s" value="%2$s" min="%6$d" max="%7$d" step="1" class="small-text"%4$s>', esc_attr( $option ), esc_attr( (string) $value ), $refused ? 'text' : 'number', $marks, esc_attr( $name ), (int) $args['range'][0], (int) $args['range'][1] ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where it was built.
	} else {
		// A text input even for URLs: a tile template's {z}/{x}/{y} is not a URL the browser would accept.
		printf( '<input type="text" id="%1$s" name="%4$s" value="%2$s" class="regular-text code"%3$s spellcheck="false">', esc_attr( $option ), esc_attr( (string) $value ), $marks, esc_attr( $name ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where it was built.
	}
	if ( $refused ) {
		printf(
			'<p class="donation-widgets-field-error" id="%s"><strong>%s</strong> %s</p>',
			esc_attr( $option . '-error' ),
			esc_html__( 'Not saved:', 'donation-widgets' ),
			esc_html( $refused['message'] )
		);
	}
	echo $help; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where it was built.
}

/**
 * Notices for the screen that follows a save, beside WordPress's own: which fields were saved when others
 * were refused (WordPress then says only what failed), and Google Maps chosen without a key.
 *
 * @param array|null $save What the save did.
 */
function donation_widgets_render_save_notices( $save ) {
	$settings = donation_widgets_settings();
	if ( $save && $save['refused'] && $save['saved'] ) {
		$labels = array();
		foreach ( array_keys( $save['saved'] ) as $option ) {
			$labels[] = $settings[ $option ]['label'];
		}
		printf(
			'<div class="notice notice-success"><p>%s</p></div>',
			/* translators: %s: the labels of the fields saved. */
			esc_html( sprintf( __( 'Saved: %s. The fields marked below were not saved.', 'donation-widgets' ), implode( ', ', $labels ) ) )
		);
	}
	if ( 'google' === donation_widgets_get( 'donation_widgets_map_provider' ) && '' === (string) donation_widgets_get( 'donation_widgets_google_api_key' ) ) {
		printf(
			'<div class="notice notice-warning"><p>%s <a href="#donation_widgets_google_api_key">%s</a></p></div>',
			esc_html__( 'Google Maps is chosen but no API key is set: the donors search map cannot load. Enter a key, or choose Automatic or Leaflet.', 'donation-widgets' ),
			esc_html__( 'Go to the Google Maps API key field', 'donation-widgets' )
		);
	}
}

/**
 * The islands an admin can place, from the plugin's built markup: each with its shortcode, closed so that
 * nothing after it is read as its content, a copy button, its block's name, and the settings it takes
 * (as the island manifest declares them: the shortcode's attribute, the block sidebar's label, what it does).
 */
function donation_widgets_render_islands() {
	?>
	<h2><?php esc_html_e( 'Place an island', 'donation-widgets' ); ?></h2>
	<p><?php esc_html_e( 'Paste a shortcode into any post, page or widget, or add the block of the same name in the block editor.', 'donation-widgets' ); ?></p>
	<table class="widefat striped donation-widgets-islands">
		<thead>
			<tr>
				<th scope="col"><?php esc_html_e( 'Island', 'donation-widgets' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Shortcode', 'donation-widgets' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Block', 'donation-widgets' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Settings', 'donation-widgets' ); ?></th>
			</tr>
		</thead>
		<tbody>
		<?php
		foreach ( donation_widgets_island_markup() as $name => $island ) {
			$label     = isset( $island['label'] ) ? (string) $island['label'] : (string) $name;
			$shortcode = sprintf( '[donation_widget island="%s" /]', $name );
			$id        = 'donation-widgets-shortcode-' . sanitize_key( $name );
			?>
			<tr>
				<th scope="row"><?php echo esc_html( $label ); ?></th>
				<td>
					<input type="text" readonly class="code donation-widgets-shortcode" id="<?php echo esc_attr( $id ); ?>" value="<?php echo esc_attr( $shortcode ); ?>" size="<?php echo esc_attr( (string) strlen( $shortcode ) ); ?>"
						<?php /* translators: %s: the island's name. */ ?>
						aria-label="<?php echo esc_attr( sprintf( __( 'Shortcode for %s', 'donation-widgets' ), $label ) ); ?>">
					<button type="button" class="button donation-widgets-copy" data-copy="<?php echo esc_attr( $id ); ?>" aria-describedby="<?php echo esc_attr( $id . '-status' ); ?>"
						<?php /* translators: %s: the island's name. */ ?>
						aria-label="<?php echo esc_attr( sprintf( __( 'Copy the shortcode for %s', 'donation-widgets' ), $label ) ); ?>"><?php esc_html_e( 'Copy', 'donation-widgets' ); ?></button>
					<span class="donation-widgets-copy-status" id="<?php echo esc_attr( $id . '-status' ); ?>" role="status"></span>
				</td>
				<td><code><?php echo esc_html( 'donation-widgets/' . $name ); ?></code></td>
				<td class="donation-widgets-island-settings"><?php donation_widgets_render_island_settings( $island ); ?></td>
			</tr>
			<?php
		}
		?>
		</tbody>
	</table>
	<?php
}

/**
 * The settings one island takes, or "None".
 *
 * @param array $island The island as markup/islands.json holds it.
 */
function donation_widgets_render_island_settings( $island ) {
	$attributes = isset( $island['attributes'] ) && is_array( $island['attributes'] ) ? $island['attributes'] : array();
	if ( ! $attributes ) {
		esc_html_e( 'None', 'donation-widgets' );
		return;
	}
	echo '<ul>';
	foreach ( $attributes as $key => $attribute ) {
		printf(
			'<li><code>%s</code> %s: %s</li>',
			esc_html( $key ),
			esc_html( isset( $attribute['label'] ) ? (string) $attribute['label'] : '' ),
			esc_html( isset( $attribute['help'] ) ? (string) $attribute['help'] : '' )
		);
	}
	echo '</ul>';
}

/** Renders the page. */
function donation_widgets_render_settings_page() {
	global $donation_widgets_save;
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$donation_widgets_save = donation_widgets_take_save_record();
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<?php
		if ( isset( $_GET['settings-updated'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses which notices to show.
			donation_widgets_render_save_notices( $donation_widgets_save );
		}
		donation_widgets_render_islands();
		?>
		<form action="options.php" method="post">
			<?php
			settings_fields( 'donation_widgets' );
			do_settings_sections( 'donation-widgets' );
			submit_button();
			?>
		</form>
		<?php donation_widgets_render_boundaries(); ?>
	</div>
	<?php
}

/**
 * The copy buttons' script and the error style, on this screen only.
 *
 * @param string $hook_suffix The admin screen.
 */
function donation_widgets_settings_assets( $hook_suffix ) {
	if ( 'settings_page_donation-widgets' !== $hook_suffix ) {
		return;
	}
	wp_register_style( 'donation-widgets-settings', false, array(), DONATION_WIDGETS_VERSION );
	wp_enqueue_style( 'donation-widgets-settings' );
	wp_add_inline_style(
		'donation-widgets-settings',
		'.donation-widgets-field-error{color:#b32d2e;margin:.5em 0 0}input[aria-invalid="true"],select[aria-invalid="true"]{border-color:#d63638;box-shadow:0 0 0 1px #d63638}'
		. '.donation-widgets-islands input.code{max-width:100%}.donation-widgets-copy-status{margin-left:.5em}'
	);
	wp_register_script( 'donation-widgets-settings', false, array(), DONATION_WIDGETS_VERSION, true );
	wp_enqueue_script( 'donation-widgets-settings' );
	wp_add_inline_script( 'donation-widgets-settings', donation_widgets_copy_script() );
}

/** The copy buttons: the clipboard where the browser allows it, else the text selected for Ctrl+C. */
function donation_widgets_copy_script() {
	$copied   = wp_json_encode( __( 'Copied.', 'donation-widgets' ) );
	$selected = wp_json_encode( __( 'Selected: press Ctrl+C (⌘C on a Mac) to copy.', 'donation-widgets' ) );
	return <<<JS
document.addEventListener( 'click', function ( event ) {
	var button = event.target.closest( '.donation-widgets-copy' );
	if ( ! button ) { return; }
	var field = document.getElementById( button.getAttribute( 'data-copy' ) );
	var status = document.getElementById( button.getAttribute( 'aria-describedby' ) );
	// Emptied first, so a second copy of the same shortcode is announced again.
	var say = function ( text ) { status.textContent = ''; window.setTimeout( function () { status.textContent = text; }, 50 ); };
	var select = function () { field.focus(); field.select(); say( {$selected} ); };
	if ( navigator.clipboard && window.isSecureContext ) {
		navigator.clipboard.writeText( field.value ).then( function () { say( {$copied} ); }, select );
	} else {
		select();
	}
} );
JS;
}
