<?php
/**
 * The one route the settings screen's boundary tool talks to, for users who may manage options, with
 * the REST nonce (WordPress's cookie check): GET says what the site serves and what a set may be; POST
 * begins a run, sends it files, finishes (publishes) or cancels it. Loaded on every request, since REST
 * requests are not wp-admin's; the work is in the files it loads when asked.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Registers the route. */
function donation_widgets_register_boundary_route() {
	$can = function () {
		return current_user_can( 'manage_options' );
	};
	register_rest_route(
		'donation-widgets/v1',
		'/boundaries',
		array(
			array(
				'methods'             => 'GET',
				'callback'            => 'donation_widgets_rest_boundary_status',
				'permission_callback' => $can,
			),
			array(
				'methods'             => 'POST',
				'callback'            => 'donation_widgets_rest_boundaries',
				'permission_callback' => $can,
				'args'                => array(
					'action' => array(
						'type'     => 'string',
						'enum'     => array( 'begin', 'send', 'finish', 'cancel' ),
						'required' => true,
					),
					'run'    => array(
						'type'    => 'string',
						'pattern' => '^[a-z0-9]{24}$',
					),
					'files'  => array(
						'type'     => 'array',
						'maxItems' => 10000,
						'items'    => array( 'type' => 'object' ),
					),
					'only'   => array(
						'type'      => 'string',
						'maxLength' => 500,
						'pattern'   => '^[A-Za-z0-9,\s]*$',
					),
				),
			),
		)
	);
}

/** Loads what the route's answers need. */
function donation_widgets_load_boundaries() {
	foreach ( array( 'files', 'memory', 'kml', 'lock', 'folders', 'store', 'receive', 'publish', 'status' ) as $part ) {
		require_once DONATION_WIDGETS_DIR . 'includes/boundaries/boundaries-' . $part . '.php';
	}
}

/**
 * What the site serves, in words and as the option describes it, and the bounds of a set.
 *
 * @return WP_REST_Response
 */
function donation_widgets_rest_boundary_status() {
	donation_widgets_load_boundaries();
	return rest_ensure_response(
		array(
			'status' => donation_widgets_boundary_status(),
			'set'    => donation_widgets_boundary_set(),
			'limits' => donation_widgets_boundary_send_limits(),
		)
	);
}

/**
 * The bounds of a set, and the bytes of files one request may carry: PHP's post_max_size, less room for
 * the JSON around the files, at most 8 MB.
 *
 * @return array
 */
function donation_widgets_boundary_send_limits() {
	$post  = wp_convert_hr_to_bytes( (string) ini_get( 'post_max_size' ) );
	$batch = $post > 0 ? min( 8 * MB_IN_BYTES, (int) ( $post * 0.9 ) - 16 * KB_IN_BYTES ) : 8 * MB_IN_BYTES;
	return array_merge( donation_widgets_boundary_limits(), array( 'batch' => max( 64 * KB_IN_BYTES, $batch ) ) );
}

/**
 * One step of a run, under the site's lock: no two requests of a run (a batch and the same batch sent
 * again, a publish and a cancel) ever run side by side.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function donation_widgets_rest_boundaries( $request ) {
	donation_widgets_load_boundaries();
	$action = $request['action'];
	$run    = (string) $request['run'];
	if ( 'begin' !== $action && '' === $run ) {
		return new WP_Error( 'rest_missing_callback_param', __( 'Missing parameter: run.', 'donation-widgets' ), array( 'status' => 400 ) );
	}
	$lock = donation_widgets_take_boundary_lock();
	if ( is_wp_error( $lock ) ) {
		return $lock;
	}
	try {
		if ( 'begin' === $action ) {
			$run = donation_widgets_begin_boundaries();
			return is_wp_error( $run ) ? $run : rest_ensure_response( array( 'run' => $run ) );
		}
		if ( 'send' === $action ) {
			$sent = donation_widgets_receive_boundaries( $run, is_array( $request['files'] ) ? $request['files'] : array() );
			return is_wp_error( $sent ) ? $sent : rest_ensure_response( $sent );
		}
		if ( 'finish' === $action ) {
			$set = donation_widgets_publish_boundaries( $run, trim( (string) preg_replace( '/\s+/', ' ', (string) $request['only'] ) ) );
			return is_wp_error( $set ) ? $set : donation_widgets_rest_boundary_status();
		}
		$cancelled = donation_widgets_cancel_boundaries( $run );
		return is_wp_error( $cancelled ) ? $cancelled : rest_ensure_response( array( 'cancelled' => true ) );
	} finally {
		donation_widgets_release_boundary_lock( $lock );
	}
}
