<?php
/**
 * Settings → Donation widgets → Zip boundaries: what the site serves, and the tool that makes a new set
 * in the admin's browser (dist/admin/boundaries.js, built from wordpress-plugin/boundary-tool/) from the Census
 * file, which never leaves the admin's computer. The form works once that script has enabled it.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The Census Bureau's page of cartographic boundary files, and the file to download from it. */
const DONATION_WIDGETS_CENSUS_PAGE = 'https://www.census.gov/geographies/mapping-files/time-series/geo/cartographic-boundary.html';
const DONATION_WIDGETS_CENSUS_FILE = 'https://www2.census.gov/geo/tiger/GENZ2020/shp/cb_2020_us_zcta520_500k.zip';

/** Prints the section. */
function donation_widgets_render_boundaries() {
	donation_widgets_load_boundaries();
	$id = 'donation-widgets-boundaries';
	?>
	<h2 id="<?php echo esc_attr( DONATION_WIDGETS_BOUNDARY_SECTION ); ?>"><?php esc_html_e( 'Zip boundaries', 'donation-widgets' ); ?></h2>
	<div id="<?php echo esc_attr( $id . '-status' ); ?>">
		<?php
		foreach ( donation_widgets_boundary_status() as $line ) {
			printf( '<p>%s</p>', esc_html( $line ) );
		}
		?>
	</div>
	<form id="<?php echo esc_attr( $id ); ?>" class="donation-widgets-boundaries" novalidate>
		<fieldset disabled>
			<legend class="screen-reader-text"><?php esc_html_e( 'Make the zip boundary files', 'donation-widgets' ); ?></legend>
			<ol>
				<li>
					<?php
					printf(
						/* translators: 1: the file's link, 2: the Census Bureau page's link. */
						esc_html__( 'Download the 2020 ZIP Code Tabulation Areas at 1:500,000 from the Census Bureau: %1$s (about 64 MB; keep it zipped), found under 2020 → ZIP Code Tabulation Areas on its %2$s page.', 'donation-widgets' ),
						sprintf( '<a href="%s"><code>cb_2020_us_zcta520_500k.zip</code></a>', esc_url( DONATION_WIDGETS_CENSUS_FILE ) ),
						sprintf( '<a href="%s">%s</a>', esc_url( DONATION_WIDGETS_CENSUS_PAGE ), esc_html__( 'cartographic boundary files', 'donation-widgets' ) )
					);
					?>
				</li>
				<li>
					<label for="<?php echo esc_attr( $id . '-file' ); ?>"><?php esc_html_e( 'The downloaded file', 'donation-widgets' ); ?></label><br>
					<input type="file" id="<?php echo esc_attr( $id . '-file' ); ?>" multiple accept=".zip,.shp,.dbf,.shx,.prj,.cpg,.geojson,.json,.geojsonl,.ndjson" aria-describedby="<?php echo esc_attr( $id . '-file-help' ); ?>">
					<p class="description" id="<?php echo esc_attr( $id . '-file-help' ); ?>"><?php esc_html_e( 'The .zip as downloaded, a .shp with its .dbf, or GeoJSON. It stays on this computer: your browser makes the files, and only they are sent to the site.', 'donation-widgets' ); ?></p>
				</li>
				<li>
					<label for="<?php echo esc_attr( $id . '-only' ); ?>"><?php esc_html_e( 'Only these zips (optional)', 'donation-widgets' ); ?></label><br>
					<input type="text" id="<?php echo esc_attr( $id . '-only' ); ?>" class="regular-text" spellcheck="false" aria-describedby="<?php echo esc_attr( $id . '-only-help' ); ?>">
					<p class="description" id="<?php echo esc_attr( $id . '-only-help' ); ?>"><?php esc_html_e( 'State codes, zip prefixes or zip codes, e.g. IL, IN, 606, 60714. Empty: every zip of the file. The new files replace the ones the site serves now, so name every state the site needs.', 'donation-widgets' ); ?></p>
				</li>
			</ol>
			<p><button type="submit" class="button button-primary"><?php esc_html_e( 'Make and publish the files', 'donation-widgets' ); ?></button></p>
		</fieldset>
		<div class="donation-widgets-boundaries-progress" id="<?php echo esc_attr( $id . '-progress' ); ?>" hidden>
			<p id="<?php echo esc_attr( $id . '-stage' ); ?>" role="status"></p>
			<progress id="<?php echo esc_attr( $id . '-bar' ); ?>" aria-labelledby="<?php echo esc_attr( $id . '-stage' ); ?>"></progress>
			<span id="<?php echo esc_attr( $id . '-count' ); ?>"></span>
			<button type="button" class="button" id="<?php echo esc_attr( $id . '-cancel' ); ?>"><?php esc_html_e( 'Cancel', 'donation-widgets' ); ?></button>
		</div>
		<div id="<?php echo esc_attr( $id . '-result' ); ?>" tabindex="-1"></div>
	</form>
	<noscript><p><?php esc_html_e( 'Making the files needs JavaScript: your browser builds them.', 'donation-widgets' ); ?></p></noscript>
	<?php
	$config = array(
		'route'  => esc_url_raw( rest_url( 'donation-widgets/v1/boundaries' ) ),
		'nonce'  => wp_create_nonce( 'wp_rest' ),
		'worker' => plugins_url( 'dist/admin/boundaries-worker.js', DONATION_WIDGETS_FILE ) . '?ver=' . rawurlencode( donation_widgets_boundaries_asset()['version'] ),
		'limits' => donation_widgets_boundary_send_limits(),
	);
	printf( '<script type="application/json" id="%s">%s</script>', esc_attr( $id . '-config' ), wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON with < and > escaped.
}

/**
 * The tool's script and worker as the build describes them (dist/admin/boundaries.asset.php).
 *
 * @return array{dependencies: string[], version: string}
 */
function donation_widgets_boundaries_asset() {
	$asset = DONATION_WIDGETS_DIR . 'dist/admin/boundaries.asset.php';
	return is_readable( $asset ) ? require $asset : array(
		'dependencies' => array(),
		'version'      => DONATION_WIDGETS_VERSION,
	);
}

/**
 * The tool's script and style, on the settings screen only.
 *
 * @param string $hook_suffix The admin screen.
 */
function donation_widgets_boundaries_assets( $hook_suffix ) {
	if ( 'settings_page_donation-widgets' !== $hook_suffix ) {
		return;
	}
	$asset = donation_widgets_boundaries_asset();
	wp_enqueue_script( 'donation-widgets-boundaries', plugins_url( 'dist/admin/boundaries.js', DONATION_WIDGETS_FILE ), $asset['dependencies'], $asset['version'], true );
	wp_set_script_translations( 'donation-widgets-boundaries', 'donation-widgets', DONATION_WIDGETS_DIR . 'languages' );
	wp_register_style( 'donation-widgets-boundaries', false, array(), DONATION_WIDGETS_VERSION );
	wp_enqueue_style( 'donation-widgets-boundaries' );
	wp_add_inline_style( 'donation-widgets-boundaries', '.donation-widgets-boundaries fieldset:disabled{opacity:.6}.donation-widgets-boundaries-progress progress{width:min(30em,100%);vertical-align:middle}.donation-widgets-boundaries-progress span{margin:0 .5em}' );
}
