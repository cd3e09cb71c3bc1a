<?php
/**
 * The words visitors see, through WordPress's translations: the page config's `texts` section, which the
 * islands read (English when a text is left out), and the texts of the markup the plugin prints.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Loads the plugin's translations: the site's own (wp-content/languages/plugins/), else the plugin's languages/. */
function donation_widgets_load_textdomain() {
	load_plugin_textdomain( 'donation-widgets', false, dirname( plugin_basename( DONATION_WIDGETS_FILE ) ) . '/languages' );
}

/**
 * A plural text as the islands read it: the form `_n()` gives for each count of the islands' list
 * (src/shared/plural.ts), left out where it is the form of the count before, so the browser picks the
 * form of any count in the page's language.
 *
 * @param callable $form The text for a count: a function that calls `_n()` with literal strings.
 * @return array<string,string> Count => template.
 */
function donation_widgets_plural_text( $form ) {
	$forms    = array();
	$previous = null;
	foreach ( array( 0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 21, 22, 100, 101, 102, 103, 111 ) as $count ) {
		$text = $form( $count );
		if ( $text !== $previous ) {
			$forms[ (string) $count ] = $text;
		}
		$previous = $text;
	}
	return $forms;
}

/**
 * Every text the islands show a visitor, as this site's language has it, keyed as the islands read them
 * (`texts.<island>.<key>`). `{name}` marks a value the island fills in as text: keep each placeholder.
 *
 * @return array<string,array<string,string|array>>
 */
function donation_widgets_texts() {
	return array(
		'donors-search' => array(
			'zipcodeLabel'        => __( 'Zip code', 'donation-widgets' ),
			'radiusLabel'         => __( 'Within', 'donation-widgets' ),
			/* translators: a choice of the search's radius; {radius} is a number of miles. */
			'radiusOption'        => __( '{radius} miles', 'donation-widgets' ),
			'daysLabel'           => __( 'In the last', 'donation-widgets' ),
			/* translators: a choice of how far back the search looks; {days} is a number of days. */
			'daysOption'          => __( '{days} days', 'donation-widgets' ),
			'search'              => __( 'Search', 'donation-widgets' ),
			'working'             => __( 'Working...', 'donation-widgets' ),
			/* translators: a failed search's line; {message} says what happened, {advice} what to do next. */
			'errorLine'           => __( 'ERROR: {message} {advice}', 'donation-widgets' ),
			'tryAnotherSearch'    => __( 'Please try another search.', 'donation-widgets' ),
			'tryAgainLater'       => __( 'Please try again later.', 'donation-widgets' ),
			'reloadAndSearch'     => __( 'Please reload the page and search again.', 'donation-widgets' ),
			'checkConnection'     => __( 'Please check your connection and search again.', 'donation-widgets' ),
			'searchFailed'        => __( 'The search failed.', 'donation-widgets' ),
			'searchNotLoaded'     => __( 'The search could not be loaded.', 'donation-widgets' ),
			'zipHint'             => __( 'The zip code must have 5 digits.', 'donation-widgets' ),
			'searchUnavailable'   => __( 'The search is not available right now.', 'donation-widgets' ),
			/* translators: a search refused for its page's expired security token (nonce); a visitor has no session, so the page is what expired. */
			'pageExpired'         => __( 'This page has expired.', 'donation-widgets' ),
			'unreachable'         => __( 'The server could not be reached.', 'donation-widgets' ),
			'offline'             => __( 'You appear to be offline.', 'donation-widgets' ),
			'tooSlow'             => __( 'The server took too long to answer.', 'donation-widgets' ),
			'serverError'         => __( 'The server ran into an error.', 'donation-widgets' ),
			/* translators: {status} is an HTTP status code, such as 502. */
			'httpError'           => __( 'The server answered with an error (HTTP {status}).', 'donation-widgets' ),
			'emptyAnswer'         => __( 'The server sent an empty answer.', 'donation-widgets' ),
			'unreadableAnswer'    => __( 'The server sent an answer that could not be read.', 'donation-widgets' ),
			'errorWithoutMessage' => __( 'The server reported an error without a message.', 'donation-widgets' ),
			'noCoordinates'       => __( 'The server’s answer did not include the location of the zip code.', 'donation-widgets' ),
			'noDonations'         => __( 'The server’s answer did not include a list of donations.', 'donation-widgets' ),
			'found'               => donation_widgets_plural_text(
				function ( $count ) {
					/* translators: the search's results; {count} donations, {radius} miles, {zipcode} searched, {days} days. */
					return _n( 'Found {count} donation within {radius} miles of {zipcode} in the last {days} days.', 'Found {count} donations within {radius} miles of {zipcode} in the last {days} days.', $count, 'donation-widgets' );
				}
			),
			/* translators: under "Found 0 donations…": how to find some. */
			'noneFound'           => __( 'Try a larger radius or more days.', 'donation-widgets' ),
			'tableLabel'          => __( 'Recent donations in your area', 'donation-widgets' ),
			'columnNumber'        => __( 'Number', 'donation-widgets' ),
			'columnTitle'         => __( 'Title', 'donation-widgets' ),
			'columnZipcode'       => __( 'Zip code', 'donation-widgets' ),
			'columnDate'          => __( 'Date', 'donation-widgets' ),
			/* translators: the name of a table row's button; {number} and {title} are the donation's. */
			'showOnMap'           => __( 'Show donation {number}, {title}, on the map', 'donation-widgets' ),
			'pagesLabel'          => __( 'Pages of the donations table', 'donation-widgets' ),
			/* translators: the table's pager; {first} and {last} are row numbers, {total} the number of rows. */
			'pageCount'           => __( 'Showing {first}–{last} of {total}', 'donation-widgets' ),
			/* translators: a button; {count} is the number of rows a page holds. */
			'previousPage'        => __( 'Previous {count}', 'donation-widgets' ),
			/* translators: a button; {count} is the number of rows a page holds. */
			'nextPage'            => __( 'Next {count}', 'donation-widgets' ),
			'mapLabel'            => __( 'Map of the donations found', 'donation-widgets' ),
			'mapFailed'           => __( 'The map could not be loaded. The table lists every donation found.', 'donation-widgets' ),
			/* translators: shown in the map's place until the visitor consents; {host} is the map's server, such as tile.openstreetmap.org. */
			'mapConsent'          => __( 'The map comes from {host}, which learns your IP address and the area shown when it loads. The table lists every donation found.', 'donation-widgets' ),
			'loadMap'             => __( 'Load the map', 'donation-widgets' ),
			/* translators: the title of the map's marker on the searched zip code. */
			'mapCenterTitle'      => __( 'Searched zip code {zipcode}', 'donation-widgets' ),
			'clusterTitle'        => donation_widgets_plural_text(
				function ( $count ) {
					/* translators: the title of a map marker that stands for {count} donations close together. */
					return _n( 'Cluster of {count} donation', 'Cluster of {count} donations', $count, 'donation-widgets' );
				}
			),
			'twoFingersHint'      => __( 'Use two fingers to move the map', 'donation-widgets' ),
			/* translators: shown when the mouse wheel scrolls the page over the map; {key} is ctrl, or ⌘ on a Mac. */
			'wheelHint'           => __( 'Use {key} + scroll to zoom the map', 'donation-widgets' ),
			'chosenLabel'         => __( 'Donations at the place chosen on the map', 'donation-widgets' ),
			'chosenCount'         => donation_widgets_plural_text(
				function ( $count ) {
					/* translators: above the donations of a marker chosen on the map; {count} is how many. */
					return _n( '{count} donation at this place, highlighted in the table:', '{count} donations at this place, highlighted in the table:', $count, 'donation-widgets' );
				}
			),
			/* translators: after the first 50 donations of a marker; {count} is how many more it holds. */
			'chosenMore'          => __( 'and {count} more.', 'donation-widgets' ),
			'close'               => __( 'Close', 'donation-widgets' ),
			/* translators: the name of the button that fills in the zip code of where the visitor is. */
			'locate'              => __( 'Use my location', 'donation-widgets' ),
			'locating'            => __( 'Finding your location...', 'donation-widgets' ),
			'locationDenied'      => __( 'Your location was not shared.', 'donation-widgets' ),
			'locationUnavailable' => __( 'Your location could not be found.', 'donation-widgets' ),
			'locationTooSlow'     => __( 'Finding your location took too long.', 'donation-widgets' ),
			'noZipNear'           => __( 'There is no US zip code near your location.', 'donation-widgets' ),
			'zipsNotLoaded'       => __( 'The zip codes could not be loaded.', 'donation-widgets' ),
			'enterZip'            => __( 'Please enter your zip code.', 'donation-widgets' ),
		),
		'submit-lock'   => array(
			/* translators: what every submit button of the page reads while a form is being sent. */
			'busy' => __( 'one moment...', 'donation-widgets' ),
		),
	);
}

/**
 * The page config's `texts`: the texts this site's language words otherwise than English. A text left
 * out is the English the island carries, so an English site's pages carry no texts at all.
 *
 * @return array<string,array<string,string|array>>
 */
function donation_widgets_translated_texts() {
	$filter = function ( $translation, $text ) {
		return $text;
	};
	$plural = function ( $translation, $single, $plural, $count ) {
		return 1 === $count ? $single : $plural;
	};
	add_filter( 'gettext_donation-widgets', $filter, PHP_INT_MAX, 2 );
	add_filter( 'ngettext_donation-widgets', $plural, PHP_INT_MAX, 4 );
	$english = donation_widgets_texts();
	remove_filter( 'gettext_donation-widgets', $filter, PHP_INT_MAX );
	remove_filter( 'ngettext_donation-widgets', $plural, PHP_INT_MAX );

	$texts = array();
	foreach ( donation_widgets_texts() as $island => $keys ) {
		foreach ( $keys as $key => $text ) {
			if ( $text !== $english[ $island ][ $key ] ) {
				// A plural text's counts are keys: an object in JSON, even when they run 0, 1, 2.
				$texts[ $island ][ $key ] = is_array( $text ) ? (object) $text : $text;
			}
		}
	}
	return $texts;
}

/**
 * An island's printed markup in this site's language: each text of the markup that WordPress translates
 * (markup/texts.php, generated from the islands' markup.html when the plugin is built) replaced, as
 * text, keeping the whitespace around it. Untranslated markup is returned byte for byte.
 *
 * @param string $name   The island.
 * @param string $markup Its template or inner markup, as markup/islands.json holds them.
 * @return string
 */
function donation_widgets_translate_markup( $name, $markup ) {
	static $texts = null;
	if ( null === $texts ) {
		$file  = DONATION_WIDGETS_DIR . 'markup/texts.php';
		$texts = is_readable( $file ) ? include $file : array();
	}
	return donation_widgets_translate_markup_with( isset( $texts[ $name ] ) ? $texts[ $name ] : array(), $markup );
}

/**
 * Markup with each of `$texts` that has a translation replaced by it, escaped: a text node's in the
 * whitespace of the text it replaces, an attribute's as the attribute's whole value.
 *
 * @param array  $texts  Each text as markup/texts.php holds it: as in the markup, in English, translated,
 *                       and the attribute that holds it ('' for a text node).
 * @param string $markup The markup.
 * @return string
 */
function donation_widgets_translate_markup_with( array $texts, $markup ) {
	$pairs = array();
	foreach ( $texts as list( $raw, $english, $translated, $attribute ) ) {
		if ( $translated === $english ) {
			continue;
		}
		if ( '' !== $attribute ) {
			$pairs[ ' ' . $attribute . '="' . $raw . '"' ] = ' ' . $attribute . '="' . donation_widgets_inert_translation( esc_attr( $translated ), $english ) . '"';
			continue;
		}
		preg_match( '/^(\s*).*?(\s*)$/s', $raw, $space );
		$pairs[ '>' . $raw . '<' ] = '>' . $space[1] . donation_widgets_inert_translation( esc_html( $translated ), $english ) . $space[2] . '<';
	}
	if ( ! $pairs ) {
		return $markup;
	}
	// A text node sits between a tag's > and the next <; the ends of the markup count as both.
	return substr( strtr( '>' . $markup . '<', $pairs ), 1, -1 );
}

/**
 * An escaped translation that can bring no placeholder of its own into the markup, which the render fills
 * later: every `%` is written as the entity `&#37;` (it reads the same), except in the placeholders the
 * English text itself holds (an option's `%%option%% miles`).
 *
 * @param string $escaped The translation, escaped for where it lands.
 * @param string $english The text it translates.
 * @return string
 */
function donation_widgets_inert_translation( $escaped, $english ) {
	$kept = preg_match_all( '/%%[\w:-]+%%/', $english, $found ) ? array_unique( $found[0] ) : array();
	$back = array();
	foreach ( $kept as $placeholder ) {
		$back[ str_replace( '%', '&#37;', $placeholder ) ] = $placeholder;
	}
	return strtr( str_replace( '%', '&#37;', $escaped ), $back );
}

/**
 * An island of markup/islands.json with its template, inner markup and option templates in this site's
 * language.
 *
 * @param string $name   The island.
 * @param array  $island Its entry.
 * @return array
 */
function donation_widgets_translated_island( $name, array $island ) {
	$island['html']    = donation_widgets_translate_markup( $name, $island['html'] );
	$island['content'] = donation_widgets_translate_markup( $name, $island['content'] );
	if ( isset( $island['options'] ) && is_array( $island['options'] ) ) {
		foreach ( $island['options'] as $list => $option ) {
			$island['options'][ $list ] = donation_widgets_translate_markup( $name, $option );
		}
	}
	return $island;
}
