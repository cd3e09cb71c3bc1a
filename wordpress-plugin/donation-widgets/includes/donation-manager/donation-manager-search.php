<?php
/**
 * Donation Manager's donors search as an address. Its form has no action and no method: submitted
 * without JavaScript it reloads its page with `?zipcode=…&radius=…&days=…`. The shortcode's output on
 * that page then holds the search's outcome, as the island's own markup does (includes/search/printed-search.php):
 * the searched values in its form, the failure lines in its `.alert-before`, the numbers in its sentence's
 * `#display_*` codes, the table's first page in its table's body (the island's own rows, from
 * includes/search/search-table.php) and the answer as JSON, which the island takes over without asking again.
 * The markup is Donation Manager's: it is read as a document (includes/html-document.php) and changed
 * node by node, and every value goes in as text or as an attribute's value, which the document escapes
 * as it writes. Markup the document would not write back as it was (or invalid UTF-8, or a NUL) is
 * printed as Donation Manager printed it, the search left to its form.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHP's DOM names its properties in camelCase.

/**
 * Fills `[donors_in_your_area]`'s output with the search its page's address holds (do_shortcode_tag).
 *
 * @param string|false $output The shortcode's output.
 * @param string       $tag    The shortcode.
 * @return string|false
 */
function donation_widgets_donation_manager_search( $output, $tag ) {
	// A REST request (an editor's preview) is no visitor's page; a site without PHP's DOM keeps the form as it is.
	if ( 'donors_in_your_area' !== $tag || ! is_string( $output ) || ! class_exists( 'DOMDocument' ) || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
		return $output;
	}
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public search read from the address, as WordPress reads ?s=.
	if ( ! isset( $_GET['zipcode'] ) ) {
		return $output;
	}
	$document = donation_widgets_html_document( $output );
	if ( ! $document ) {
		return $output;
	}
	$markup = donation_widgets_donation_manager_markup();
	if ( ! $markup ) {
		return $output;
	}
	$xpath = new DOMXPath( $document );
	$form  = $xpath->query( '//form[@id="' . $markup['ids']['form'] . '"]' )->item( 0 );
	if ( ! $form ) {
		return $output;
	}
	$choices = array(
		'radius' => donation_widgets_selected_choice( $xpath, $markup['ids']['radius'] ),
		'days'   => donation_widgets_selected_choice( $xpath, $markup['ids']['days'] ),
	);
	$query   = donation_widgets_address_search( array( 'zipcode', 'radius', 'days' ), $choices );
	if ( null === $query ) {
		return $output;
	}
	donation_widgets_fill_donation_manager_form( $xpath, $form, $query, $markup['ids'] );

	$answer  = donation_widgets_search_answer( $query );
	$texts   = donation_widgets_texts()['donors-search'];
	$outcome = donation_widgets_read_answer( $answer, $texts );
	$status  = donation_widgets_by_class( $xpath, $markup['status'] );
	if ( $outcome['lines'] ) {
		if ( $status ) {
			donation_widgets_show_element( $status );
			donation_widgets_replace_children( $status, array() );
			foreach ( $outcome['lines'] as $line ) {
				$status->appendChild( $document->createElement( 'p' ) )->appendChild( $document->createTextNode( $line ) );
			}
		}
	} else {
		donation_widgets_fill_donation_manager_results( $xpath, $outcome['donations'], $query, $texts, $markup );
	}
	// In the form, the island's host on this markup, where the island looks for it.
	$json = wp_json_encode( $answer, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	if ( false !== $json ) {
		$script = $form->appendChild( $document->createElement( 'script' ) );
		$script->setAttribute( 'type', 'application/json' );
		$script->setAttribute( 'class', 'donors-search-answer' );
		$script->appendChild( $document->createTextNode( $json ) );
	}
	$printed = donation_widgets_html_fragment( $document );
	// What was filled in is checked as the markup was: the page never gets bytes a browser misreads.
	return donation_widgets_is_text( $printed ) ? $printed : $output;
}

/**
 * Donation Manager's search's ids and classes, as the build writes them into markup/donation-manager.json
 * from widgets/donation-manager-markup.js, where the bundle reads them too: its `ids`, the status area's
 * class (`status`) and the results alert's (`alert`). Null when the file is missing or holds no such names:
 * the form is then printed as Donation Manager printed it.
 *
 * @return array|null
 */
function donation_widgets_donation_manager_markup() {
	static $search = false;
	if ( false === $search ) {
		$file   = DONATION_WIDGETS_DIR . 'markup/donation-manager.json';
		$json   = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file of the plugin.
		$markup = is_string( $json ) ? json_decode( $json, true ) : null;
		$search = isset( $markup['search']['ids'], $markup['search']['status'], $markup['search']['alert'] ) ? $markup['search'] : null;
	}
	return $search;
}

/**
 * The form shows the search: the zip code in its field, the radius and days chosen, and the address's
 * page id kept as a hidden field (`p=` on a site without pretty permalinks), since a form without an
 * action drops it; nothing else from the address (donation_widgets_kept_parameters()).
 *
 * @param DOMXPath   $xpath The shortcode's document.
 * @param DOMElement $form  Its form.
 * @param array      $query zipcode, radius and days.
 * @param array      $ids   Its markup's ids (donation_widgets_donation_manager_markup()).
 */
function donation_widgets_fill_donation_manager_form( DOMXPath $xpath, DOMElement $form, array $query, array $ids ) {
	$zipcode = $xpath->query( '//input[@id="' . $ids['zipcode'] . '"]' )->item( 0 );
	if ( $zipcode ) {
		$zipcode->setAttribute( 'value', $query['zipcode'] );
	}
	foreach ( array( 'radius', 'days' ) as $name ) {
		donation_widgets_add_shown_choice( $xpath, $ids[ $name ], $query[ $name ] );
		$options = $xpath->query( '//select[@id="' . $ids[ $name ] . '"]/option' );
		$chosen  = null;
		foreach ( $options as $option ) {
			$chosen = $option->getAttribute( 'value' ) === $query[ $name ] ? $option : $chosen;
		}
		// A value the route refuses (no choice was added for it) leaves the choice as Donation Manager printed it.
		foreach ( $chosen ? $options : array() as $option ) {
			$option->removeAttribute( 'selected' );
		}
		if ( $chosen ) {
			$chosen->setAttribute( 'selected', 'selected' );
		}
	}
	foreach ( donation_widgets_kept_parameters( array( 'zipcode', 'radius', 'days' ) ) as $key => $value ) {
		$field = $form->appendChild( $form->ownerDocument->createElement( 'input' ) );
		$field->setAttribute( 'type', 'hidden' );
		$field->setAttribute( 'name', $key );
		$field->setAttribute( 'value', $value );
	}
}

/**
 * A search's radius or days that Donation Manager's select lacks (a link's `?radius=7`), added as a
 * choice in its place by size (donation_widgets_choices_showing()), worded like the select's first
 * choice ("Past 30 days" → "Past 5 days"), so the form shows what the results say.
 *
 * @param DOMXPath $xpath The shortcode's document.
 * @param string   $id    The select's id.
 * @param string   $value The search's value.
 */
function donation_widgets_add_shown_choice( DOMXPath $xpath, $id, $value ) {
	$options = iterator_to_array( $xpath->query( '//select[@id="' . $id . '"]/option' ) );
	$values  = array_map(
		function ( $option ) {
			return $option->getAttribute( 'value' );
		},
		$options
	);
	$shown   = donation_widgets_choices_showing( $values, $value );
	if ( ! $options || count( $shown ) === count( $values ) ) {
		return;
	}
	$like    = $options[0];
	$words   = $like->textContent;
	$printed = $like->getAttribute( 'value' );
	$at      = '' === $printed ? false : strpos( $words, $printed );
	$added   = $like->ownerDocument->createElement( 'option' );
	$before  = array_search( (string) $value, $shown, true );
	$added->setAttribute( 'value', $value );
	$added->appendChild( $like->ownerDocument->createTextNode( false === $at ? $value : substr_replace( $words, $value, $at, strlen( $printed ) ) ) );
	$like->parentNode->insertBefore( $added, isset( $options[ $before ] ) ? $options[ $before ] : null );
}

/**
 * The found donations in Donation Manager's sentence and table: the numbers in its `#display_*` codes,
 * the island's rows of the first page in its table's body (its header kept). No pager: the island swaps
 * the whole table for its own, pager included, and a printed one beside the table would stay twice.
 *
 * @param DOMXPath $xpath     The shortcode's document.
 * @param array    $donations The route's donations.
 * @param array    $query     zipcode, radius and days.
 * @param array    $texts     The search's texts.
 * @param array    $markup    Its markup's ids and classes (donation_widgets_donation_manager_markup()).
 */
function donation_widgets_fill_donation_manager_results( DOMXPath $xpath, array $donations, array $query, array $texts, array $markup ) {
	$document = $xpath->document;
	$ids      = $markup['ids'];
	$sentence = donation_widgets_by_class( $xpath, $markup['alert'] );
	if ( $sentence ) {
		donation_widgets_show_element( $sentence );
	}
	$values = array(
		$ids['count']        => number_format_i18n( count( $donations ) ),
		$ids['radiusShown']  => $query['radius'],
		$ids['zipcodeShown'] => $query['zipcode'],
		$ids['daysShown']    => $query['days'],
	);
	foreach ( $values as $id => $value ) {
		$code = $xpath->query( '//*[@id="' . $id . '"]' )->item( 0 );
		if ( $code ) {
			donation_widgets_replace_children( $code, array( $document->createTextNode( $value ) ) );
		}
	}
	$body = $xpath->query( '//table[@id="' . $ids['table'] . '"]/tbody' )->item( 0 );
	if ( ! $body ) {
		return;
	}
	$rows = donation_widgets_html_document( '<table><tbody>' . donation_widgets_first_rows( $donations, $texts ) . '</tbody></table>' );
	$new  = array();
	foreach ( $rows ? ( new DOMXPath( $rows ) )->query( '//tbody/tr' ) : array() as $row ) {
		$new[] = $document->importNode( $row, true );
	}
	donation_widgets_replace_children( $body, $new );
}

/**
 * The first element that has a class.
 *
 * @param DOMXPath $xpath The document.
 * @param string   $name  The class.
 * @return DOMElement|null
 */
function donation_widgets_by_class( DOMXPath $xpath, $name ) {
	return $xpath->query( '//*[contains(concat(" ", normalize-space(@class), " "), " ' . $name . ' ")]' )->item( 0 );
}

/**
 * The value of the option a select of the form has chosen (its first when none is).
 *
 * @param DOMXPath $xpath The document.
 * @param string   $id    The select's id.
 * @return string
 */
function donation_widgets_selected_choice( DOMXPath $xpath, $id ) {
	$option = $xpath->query( '//select[@id="' . $id . '"]/option[@selected]' )->item( 0 );
	$option = $option ? $option : $xpath->query( '//select[@id="' . $id . '"]/option' )->item( 0 );
	return $option ? $option->getAttribute( 'value' ) : '';
}

/**
 * Shows an element Donation Manager hides with `display: none` in its style, its other declarations kept.
 *
 * @param DOMElement $element The element.
 */
function donation_widgets_show_element( DOMElement $element ) {
	$kept = array();
	foreach ( explode( ';', $element->getAttribute( 'style' ) ) as $declaration ) {
		if ( '' !== trim( $declaration ) && ! preg_match( '/^\s*display\s*:/i', $declaration ) ) {
			$kept[] = trim( $declaration );
		}
	}
	if ( $kept ) {
		$element->setAttribute( 'style', implode( '; ', $kept ) . ';' );
	} else {
		$element->removeAttribute( 'style' );
	}
}

/**
 * Replaces an element's children.
 *
 * @param DOMNode   $element The element.
 * @param DOMNode[] $nodes   Its new children.
 */
function donation_widgets_replace_children( DOMNode $element, array $nodes ) {
	while ( $element->firstChild ) {
		$element->removeChild( $element->firstChild );
	}
	foreach ( $nodes as $node ) {
		$element->appendChild( $node );
	}
}
