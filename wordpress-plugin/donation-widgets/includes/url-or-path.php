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
 * site. Any control, space or format character anywhere inside refuses it (the Unicode classes Cc, Cf
 * and Z, named rather than `\s`, whose members differ between PCRE and JavaScript, plus the hieroglyph
 * format controls that this PCRE's Unicode tables leave out of Cf). The two are held to
 * the same verdicts by src/shared/url-or-path.cases.json; `D` makes `$` the very end, as in JavaScript.
 *
 * @param string $value The value.
 * @return bool
 */
function donation_widgets_is_url_or_path( $value ) {
	$refused = '\p{Cc}\p{Cf}\p{Z}\x{13430}-\x{1343f}';
	return 1 === preg_match( "#^(https?://[^$refused]+|/(?![/\\\\])[^$refused]*)$#uD", (string) $value );
}
