<?php
/**
 * The one check of "an http(s) URL or a path" for what admins enter, in the settings and in the islands'
 * attributes, so that nothing the plugin saves is refused by the bundle that reads it.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether a value is an absolute http(s) URL or a path on this site, as the bundle's URL_OR_PATH
 * (src/shared/config-readers.ts) takes them: never `//host` or `/\host`, which browsers read as another
 * site. The two are held to the same verdicts by src/shared/url-or-path.cases.json; `u` and `D` make
 * `\s` and `$` mean what they mean in JavaScript (a space beyond ASCII too, the very end).
 *
 * @param string $value The value.
 * @return bool
 */
function donation_widgets_is_url_or_path( $value ) {
	return 1 === preg_match( '#^(https?://[^\s]+|/(?![/\\\\])[^\s]*)$#uD', (string) $value );
}
