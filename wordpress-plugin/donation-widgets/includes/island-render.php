<?php
/**
 * One render for every way an island is placed: the `[donation_widget island="…"]` shortcode
 * (includes/shortcode.php) and the blocks (includes/blocks.php) print the same markup, generated from
 * the bundle's own markup.html files when the plugin was built, with the attributes the island
 * manifest declares.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The islands that have markup, as built into markup/islands.json: for each, its `label`, `html` with
 * the placeholders %%attributes%% and %%content%%, `content` and `attributes` (name => the manifest's
 * html, type, default, label and help).
 *
 * @return array
 */
function donation_widgets_island_markup() {
	static $islands = null;
	if ( null === $islands ) {
		$file    = DONATION_WIDGETS_DIR . 'markup/islands.json';
		$json    = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file of the plugin.
		$islands = is_string( $json ) ? json_decode( $json, true ) : null;
		$islands = is_array( $islands ) ? $islands : array();
	}
	return $islands;
}

/**
 * What is wrong with a value of an attribute of the given type, in words; '' when nothing is.
 * The island would report the same mistakes in the console and use its default: here they reach the
 * editor, as a note only editors see, before a visitor meets them.
 *
 * @param string     $type  The manifest's type: text, zip, number, number-list, url, image or on-off.
 * @param string     $value The value given.
 * @param array|null $range The manifest's `min` and `max` for a number or a list of them, if it sets them.
 * @return string
 */
function donation_widgets_value_problem( $type, $value, $range = null ) {
	$value = trim( $value );
	switch ( $type ) {
		case 'number-list':
			if ( '' === $value ) {
				return __( 'is empty; it needs at least one choice', 'donation-widgets' );
			}
			if ( ! preg_match( '/^\d{1,5}(\s*,\s*\d{1,5})*$/', $value ) ) {
				return __( 'must be whole numbers separated by commas', 'donation-widgets' );
			}
			return donation_widgets_out_of_range( explode( ',', $value ), $range )
				/* translators: 1: the least the route takes, 2: the most. */
				? sprintf( __( 'must be whole numbers from %1$d to %2$d, the most the donations search takes', 'donation-widgets' ), $range['min'], $range['max'] ) : '';
		case 'number':
			if ( ! preg_match( '/^\d{1,5}$/', $value ) ) {
				return __( 'must be a whole number', 'donation-widgets' );
			}
			return donation_widgets_out_of_range( array( $value ), $range )
				/* translators: 1: the least the route takes, 2: the most. */
				? sprintf( __( 'must be a whole number from %1$d to %2$d, the most the donations search takes', 'donation-widgets' ), $range['min'], $range['max'] ) : '';
		case 'zip':
			return '' === $value || preg_match( '/^\d{5}$/', $value ) ? '' : __( 'must be a five-digit zip code or empty', 'donation-widgets' );
		case 'url':
		case 'image':
			return '' === $value || donation_widgets_is_url_or_path( $value ) ? '' : __( 'must be an http(s) URL or a path starting with /', 'donation-widgets' );
		case 'on-off':
			return in_array( $value, array( 'on', 'off' ), true ) ? '' : __( 'must be on or off', 'donation-widgets' );
	}
	return '';
}

/**
 * Whether any of the numbers is outside the manifest's range (the route's 1 to 99); never without a range.
 *
 * @param string[]   $numbers Whole numbers, as text.
 * @param array|null $range   The attribute's `min` and `max`.
 * @return bool
 */
function donation_widgets_out_of_range( array $numbers, $range ) {
	foreach ( $numbers as $number ) {
		if ( is_array( $range ) && ( (int) $number < $range['min'] || (int) $number > $range['max'] ) ) {
			return true;
		}
	}
	return false;
}

/**
 * Attributes as they are printed in a tag: ` name="value"` each, the value escaped.
 *
 * @param array $attributes Name => value.
 * @return string
 */
function donation_widgets_attribute_text( array $attributes ) {
	$text = '';
	foreach ( $attributes as $name => $value ) {
		$text .= sprintf( ' %s="%s"', $name, esc_attr( (string) $value ) );
	}
	return $text;
}

/**
 * Renders a placeable island with the given attribute values.
 *
 * An attribute left out gets the manifest's default, except that a starting choice (`radius`) left out
 * beside a list of choices (`radius-options`) that lacks its default takes the first choice, as the
 * island itself would. A bad value is reported to editors and its default printed instead.
 *
 * @param string        $name    The island.
 * @param array         $values  Attribute name (kebab-case) => value, as the admin set them.
 * @param string|null   $content Inner markup in place of the island's own; null or blank keeps its own. An
 *                               island that takes no content keeps its own and shows this after itself, with a note.
 * @param string[]      $ignored Attribute names the admin wrote that the island does not take.
 * @param callable|null $wrap    Given the host's own class, style and id (from its markup), the text of the
 *                               attributes that carry them, each escaped (a block's merges its wrapper
 *                               attributes in); null prints them as the markup has them.
 * @return string
 */
function donation_widgets_render_island( $name, array $values, $content = null, array $ignored = array(), $wrap = null ) {
	donation_widgets_enqueue_style();
	$islands = donation_widgets_island_markup();
	if ( ! isset( $islands[ $name ] ) ) {
		return donation_widgets_editor_notice(
			sprintf(
				/* translators: 1: the island asked for, 2: the islands there are. */
				__( 'unknown island "%1$s". Use one of: %2$s.', 'donation-widgets' ),
				$name,
				implode( ', ', array_keys( $islands ) )
			)
		);
	}
	$island   = donation_widgets_translated_island( $name, $islands[ $name ] );
	$declared = $island['attributes'];
	$problems = array();
	$final    = array();
	foreach ( $declared as $key => $attribute ) {
		$given = array_key_exists( $key, $values ) ? trim( (string) $values[ $key ] ) : null;
		$wrong = null === $given ? '' : donation_widgets_value_problem( $attribute['type'], $given, isset( $attribute['range'] ) ? $attribute['range'] : null );
		if ( '' !== $wrong ) {
			$problems[] = sprintf( '%s "%s" %s', $key, $given, $wrong );
		}
		$final[ $key ] = null === $given || '' !== $wrong ? (string) $attribute['default'] : $given;
	}
	// A starting choice must be one of its choices.
	foreach ( $final as $key => $value ) {
		$list = $key . '-options';
		if ( ! isset( $final[ $list ] ) ) {
			continue;
		}
		$choices = array_map( 'trim', explode( ',', $final[ $list ] ) );
		if ( in_array( $value, $choices, true ) ) {
			continue;
		}
		if ( array_key_exists( $key, $values ) ) {
			$problems[] = sprintf(
				/* translators: 1: the attribute, 2: its value, 3: the choices it may take. */
				__( '%1$s "%2$s" is not one of the choices: %3$s', 'donation-widgets' ),
				$key,
				$value,
				implode( ', ', $choices )
			);
		}
		$final[ $key ] = $choices[0];
	}

	$host       = isset( $island['hostAttributes'] ) && is_array( $island['hostAttributes'] ) ? $island['hostAttributes'] : array();
	$attributes = null === $wrap ? donation_widgets_attribute_text( $host ) : (string) call_user_func( $wrap, $host );
	foreach ( $final as $key => $value ) {
		$html = $declared[ $key ]['html'];
		// An empty data-* attribute is still a setting (and may be how the island is found); any other
		// attribute left empty is left out, so a form without `action` posts to the page it is on.
		if ( '' === $value && 0 !== strpos( $html, 'data-' ) ) {
			continue;
		}
		$url         = in_array( $declared[ $key ]['type'], array( 'url', 'image' ), true ) && '' !== $value;
		$attributes .= sprintf( ' %s="%s"', $html, $url ? esc_url( $value ) : esc_attr( $value ) );
	}
	$enclosed = null === $content || '' === trim( $content ) ? '' : $content;
	$takes    = donation_widgets_island_takes_content( $island );
	$inner    = '' !== $enclosed && $takes ? $enclosed : donation_widgets_fill_markup( $name, $island, $final );
	// One pass: what fills a placeholder is never read for placeholders again, so neither an attribute
	// value nor the enclosed content can pull the other into its place (a value of "/%%content%%" stays
	// those characters, inside its quotes).
	$html = strtr(
		$island['html'],
		array(
			'%%attributes%%' => $attributes,
			'%%content%%'    => $inner,
		)
	);
	if ( '' !== $enclosed && ! $takes ) {
		$html .= donation_widgets_enclosed_content_notice( $name, $enclosed );
	}

	if ( $ignored ) {
		array_unshift(
			$problems,
			sprintf(
				/* translators: 1: the attributes it ignored, 2: the attributes it takes. */
				__( 'ignored %1$s; it takes: %2$s', 'donation-widgets' ),
				implode( ', ', $ignored ),
				$declared ? implode( ', ', array_keys( $declared ) ) : __( 'no attributes', 'donation-widgets' )
			)
		);
	}
	if ( $problems ) {
		$html = donation_widgets_editor_notice(
			sprintf(
				/* translators: 1: the island, 2: what is wrong with its attributes. */
				__( 'the island "%1$s": %2$s.', 'donation-widgets' ),
				$name,
				implode( '; ', $problems )
			)
		) . $html;
	}
	return $html;
}

/**
 * The island's own inner markup with its placeholders filled from the final attribute values, so a
 * printed form shows the choices and values the admin set (see build/island-templates.mjs, fillPlaceholders):
 * `%%value:<attribute>%%` is the value, `%%options:<list>:<chosen>%%` one option per choice of the list,
 * written from the island's option template, the one equal to the chosen value selected; `%%copy%%`
 * after an id is '' in the page's first copy of the island, -2 in the second and so on, as the island
 * itself numbers them; `%%search:<part>%%` is a part of the printed search (includes/search/printed-search.php).
 *
 * @param string $name    The island.
 * @param array  $island  Its entry in donation_widgets_island_markup().
 * @param array  $printed Attribute name (kebab-case) => the value printed on the host.
 * @return string
 */
function donation_widgets_fill_markup( $name, array $island, array $printed ) {
	static $copies = array();

	$copies[ $name ] = isset( $copies[ $name ] ) ? $copies[ $name ] + 1 : 1;
	$copy            = 1 === $copies[ $name ] ? '' : '-' . $copies[ $name ];
	$templates       = isset( $island['options'] ) && is_array( $island['options'] ) ? $island['options'] : array();
	// A search in the page's address: its values in the form and its answer's parts (includes/search/printed-search.php).
	$search  = donation_widgets_printed_search( $name, $copies[ $name ], $printed );
	$printed = $search['printed'];
	// One pass over the island's own markup, each value escaped as it lands; nothing a value brings in is
	// read for placeholders again.
	return preg_replace_callback(
		'/%%(?:(copy)|(value|options):([a-z-]+)(?::([a-z-]+))?|search:([a-z-]+))%%/',
		function ( $placeholder ) use ( $printed, $templates, $copy, $search ) {
			if ( 'copy' === $placeholder[1] ) {
				return $copy;
			}
			if ( isset( $placeholder[5] ) ) {
				return isset( $search['parts'][ $placeholder[5] ] ) ? $search['parts'][ $placeholder[5] ] : '';
			}
			$value = isset( $printed[ $placeholder[3] ] ) ? (string) $printed[ $placeholder[3] ] : '';
			if ( 'value' === $placeholder[2] ) {
				return esc_attr( $value );
			}
			$chosen  = isset( $placeholder[4], $printed[ $placeholder[4] ] ) ? (string) $printed[ $placeholder[4] ] : '';
			$options = '';
			// A search's value the choices lack (a link's) is shown as a choice of its own.
			foreach ( donation_widgets_choices_showing( array_map( 'trim', explode( ',', $value ) ), $chosen ) as $choice ) {
				if ( '' === $choice || ! isset( $templates[ $placeholder[3] ] ) ) {
					continue;
				}
				$options .= strtr(
					$templates[ $placeholder[3] ],
					array(
						'%%selected%%' => $choice === $chosen ? ' selected' : '',
						'%%option%%'   => esc_attr( $choice ),
					)
				);
			}
			return $options;
		},
		$island['content']
	);
}
