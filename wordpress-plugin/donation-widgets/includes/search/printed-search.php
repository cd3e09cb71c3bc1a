<?php
/**
 * The donors search's answer in the page's HTML. When the page's address holds a copy's search
 * (`zipcode`, `radius`, `days`; `zipcode-2`, … for the page's second copy), the render asks the
 * donations route inside WordPress (rest_do_request: no HTTP, no nonce) and prints, in the island's own
 * markup: the searched values in the form, the route's errors in the status area, the results alert,
 * the table's first page and the answer as JSON, which the island takes over without asking again.
 * The route is asked through a capture (includes/search/search-route.php), since the real one answers with
 * wp_send_json() and exits, and its answer read as the island reads it (includes/search/search-answer.php).
 * Without JavaScript the search then works end to end, minus the map. Every value is escaped as it
 * lands, for its context.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the render fills the search's placeholders with (see wordpress-plugin/build/island-templates.mjs), and
 * the attribute values the form shows: the searched ones when the address holds a search.
 *
 * @param string $name    The island.
 * @param int    $copy    Its place among the page's copies (1, 2, …).
 * @param array  $printed Attribute name (kebab-case) => the value printed on the host.
 * @return array{printed: array, parts: array<string,string>}
 */
function donation_widgets_printed_search( $name, $copy, array $printed ) {
	// A REST request (the block editor's preview) is no visitor's page: its query is the editor's own.
	if ( 'donors-search' !== $name || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
		// The idle areas: the results alert and the map hidden until there are results.
		return array(
			'printed' => $printed,
			'parts'   => array(
				'hidden'     => ' hidden',
				'alert-tone' => 'alert-success',
			),
		);
	}
	$suffix = 1 === $copy ? '' : '-' . $copy;
	$own    = array( 'zipcode' . $suffix, 'radius' . $suffix, 'days' . $suffix );
	$parts  = array(
		'hidden'     => ' hidden',
		'alert-tone' => 'alert-success',
		'fields'     => donation_widgets_kept_fields( $own ),
	);
	$query  = donation_widgets_address_search( $own, $printed );
	if ( null === $query ) {
		return compact( 'printed', 'parts' );
	}
	foreach ( array( 'zipcode', 'radius', 'days' ) as $key ) {
		$printed[ $key ] = $query[ $key ];
	}
	$answer = donation_widgets_search_answer( $query );
	$parts  = donation_widgets_printed_search_parts( $answer, donation_widgets_texts()['donors-search'], $suffix ) + $parts;

	$json            = wp_json_encode( $answer, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	$parts['answer'] = false === $json ? '' : '<script type="application/json" class="donors-search-answer">' . $json . '</script>';
	return compact( 'printed', 'parts' );
}

/**
 * The printed search's parts for one answer of the route, each named for its `%%search:…%%` place: the
 * status area's class and error lines, the results alert's `hidden`, its sentence, and the table's first
 * page. The demo fills the same parts from the same markup (widgets/donors-search/results/
 * printed-search-parts.js), and the shared cases (widgets/donors-search/printed-cases/) hold both, and
 * the island's render, to one outcome per answer.
 *
 * @param array  $answer See donation_widgets_ask_search_route().
 * @param array  $texts  The search's texts in the site's language.
 * @param string $suffix The copy's id suffix.
 * @return array<string,string>
 */
function donation_widgets_printed_search_parts( array $answer, array $texts, $suffix ) {
	$outcome = donation_widgets_read_answer( $answer, $texts );
	if ( $outcome['lines'] ) {
		$line = donation_widgets_results_markup()['parts']['line'];
		return array(
			'status-class' => ' alert alert-danger',
			'status'       => implode(
				'',
				array_map(
					function ( $text ) use ( $line ) {
						return donation_widgets_fill_part( $line, array( 'line' => $text ) );
					},
					$outcome['lines']
				)
			),
			'hidden'       => ' hidden',
			'alert-tone'   => 'alert-success',
			'alert'        => '',
			'table'        => '',
		);
	}
	$donations = $outcome['donations'];
	$none      = array() === $donations;
	// Nothing found: the hint to widen the search in a neutral alert, not a success, and no table (a
	// header over no rows).
	return array(
		'status-class' => '',
		'status'       => '',
		'hidden'       => '',
		'alert-tone'   => $none ? 'alert-info' : 'alert-success',
		'alert'        => donation_widgets_found_sentence( count( $donations ), $answer['query'], $suffix )
			. ( $none ? donation_widgets_fill_part( donation_widgets_results_markup()['parts']['none'], array( 'hint' => $texts['noneFound'] ) ) : '' ),
		'table'        => $none ? '' : donation_widgets_printed_table( $donations, $suffix, $texts ),
	);
}

/**
 * The search the address holds under the copy's names (donation_widgets_address_parameters()), trimmed
 * as the island trims typed values, a ZIP+4 as its five-digit zip; a missing radius or days takes the host's starting choice. Null
 * without a zip code.
 *
 * @param string[] $own     The copy's names for zipcode, radius and days.
 * @param array    $printed The host's values.
 * @return array|null
 */
function donation_widgets_address_search( array $own, array $printed ) {
	$address = donation_widgets_address_parameters();
	if ( ! isset( $address[ $own[0] ] ) ) {
		return null;
	}
	$read = function ( $key, $fallback ) use ( $address ) {
		return isset( $address[ $key ] ) ? trim( sanitize_text_field( $address[ $key ] ) ) : (string) $fallback;
	};
	return array(
		'zipcode' => donation_widgets_searched_zip( $read( $own[0], '' ) ),
		'radius'  => $read( $own[1], $printed['radius'] ),
		'days'    => $read( $own[2], $printed['days'] ),
	);
}

/**
 * The address's parameters that are the page's own as hidden fields, so a submit without JavaScript
 * keeps them: another copy's search (`zipcode-2`, …) and the page's id on a site without pretty
 * permalinks (`p`, `page_id`). Nothing else from the address is printed: a page cache that leaves
 * tracking parameters (`utm_source`, `fbclid`) out of its key would otherwise serve one visitor's
 * address to every visitor.
 *
 * @param string[] $own The copy's own names, left out.
 * @return string
 */
function donation_widgets_kept_fields( array $own ) {
	$fields = '';
	foreach ( donation_widgets_kept_parameters( $own ) as $key => $value ) {
		$fields .= sprintf( '<input type="hidden" name="%s" value="%s">', esc_attr( $key ), esc_attr( $value ) );
	}
	return $fields;
}

/**
 * The address's parameters a search form carries (see donation_widgets_kept_fields()): the page's id and
 * the fields of the search's copies, less the form's own.
 *
 * @param string[] $own The form's own names, left out.
 * @return array<string, string> Unslashed values by name.
 */
function donation_widgets_kept_parameters( array $own ) {
	return array_diff_key( donation_widgets_address_parameters(), array_flip( $own ) );
}

/**
 * The address's parameters the printed search reads or carries, one rule for the island's markup and
 * Donation Manager's form alike: the page's id (`p`, `page_id`) and the fields of the search's copies
 * (`zipcode`, `radius`, `days`, `zipcode-2`, …), each a string of valid UTF-8 without a NUL. Any other
 * value is left out, as if the address did not hold it: the page never gets bytes a browser would read
 * one way in a field and another in the answer's JSON. The demo reads a query string by the same rule
 * (mock-server/demo/address-parameters.js), both held to address-parameters.cases.json.
 *
 * @return array<string, string> Unslashed values by name, in the address's order.
 */
function donation_widgets_address_parameters() {
	$kept = array();
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public search read from the address, printed back escaped.
	foreach ( wp_unslash( $_GET ) as $key => $value ) {
		$key  = (string) $key;
		$ours = in_array( $key, array( 'p', 'page_id' ), true ) || preg_match( '/^(zipcode|radius|days)(-[1-9][0-9]*)?$/D', $key );
		$text = is_string( $value ) && false === strpos( $value, "\0" ) && 1 === preg_match( '//u', $value );
		if ( $ours && $text ) {
			$kept[ $key ] = $value;
		}
	}
	return $kept;
}

/**
 * The results sentence in the site's language, each value in its element, as the island writes it,
 * from the results markup's `sentence` and `value` parts.
 *
 * @param int    $count  Donations found.
 * @param array  $query  zipcode, radius and days.
 * @param string $suffix The copy's id suffix.
 * @return string
 */
function donation_widgets_found_sentence( $count, array $query, $suffix ) {
	$parts = donation_widgets_results_markup()['parts'];
	// The count's own plural form, as the island picks it from the forms translations.php prints.
	$template = _n( 'Found {count} donation within {radius} miles of {zipcode} in the last {days} days.', 'Found {count} donations within {radius} miles of {zipcode} in the last {days} days.', $count, 'donation-widgets' ); // phpcs:ignore WordPress.WP.I18n.MissingTranslatorsComment -- the comment is on the same text in translations.php.
	$values   = array(
		'{count}'   => array( 'display_count', number_format_i18n( $count ) ),
		'{radius}'  => array( 'display_radius', $query['radius'] ),
		'{zipcode}' => array( 'display_zipcode', $query['zipcode'] ),
		'{days}'    => array( 'display_days', $query['days'] ),
	);
	$sentence = '';
	foreach ( preg_split( '/(\{count\}|\{radius\}|\{zipcode\}|\{days\})/', $template, -1, PREG_SPLIT_DELIM_CAPTURE ) as $piece ) {
		$sentence .= isset( $values[ $piece ] )
			? donation_widgets_fill_part(
				$parts['value'],
				array(
					'id'    => $values[ $piece ][0] . $suffix,
					'value' => $values[ $piece ][1],
				)
			)
			: esc_html( $piece );
	}
	return donation_widgets_fill_part( $parts['sentence'], array(), array( 'sentence' => $sentence ) );
}

/**
 * The choices a radius or days select offers so that it shows a search's value: its own, plus a value
 * the list lacks that the route answers (one or two digits, as a link's `?radius=7`), in its place by
 * size, so the form says what the results say and Search with nothing touched asks them again. A value
 * the route refuses adds nothing. The island and the demo follow the same rule
 * (widgets/donors-search/form/shown-choices.js).
 *
 * @param string[] $choices The select's own choices, in their order.
 * @param string   $value   The value to show.
 * @return string[]
 */
function donation_widgets_choices_showing( array $choices, $value ) {
	$value = (string) $value;
	if ( in_array( $value, $choices, true ) || ! preg_match( '/^[0-9]{1,2}$/D', $value ) ) {
		return $choices;
	}
	$choices = array_values( $choices );
	foreach ( $choices as $at => $choice ) {
		if ( (int) $choice > (int) $value ) {
			array_splice( $choices, $at, 0, array( $value ) );
			return $choices;
		}
	}
	$choices[] = $value;
	return $choices;
}

/**
 * The zip code a search asks for: a ZIP+4 (`60601-1234`) as its five-digit zip, which is all the route
 * knows; anything else as it is. The island and the demo follow the same rule
 * (widgets/donors-search/search/searched-zip.js).
 *
 * @param string $zipcode The zip typed or linked, trimmed.
 * @return string
 */
function donation_widgets_searched_zip( $zipcode ) {
	return preg_match( '/^(\d{5})-\d{4}$/D', $zipcode, $match ) ? $match[1] : $zipcode;
}
