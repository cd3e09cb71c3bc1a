<?php
/**
 * The donors search's results as the page prints them for a search in its address (see
 * includes/search/printed-search.php): filled from the same markup the island renders (widgets/donors-search/
 * results.html), in one pass per part.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The parts of the search's results markup (widgets/donors-search/results.html, as the build writes
 * them into markup/islands.json), the rows of the table's first page, and the keys of its columns'
 * header texts in their order (results-markup.js's COLUMNS, the island's own list).
 *
 * @return array{parts: array<string,string>, pageSize: int, columns: string[]}
 */
function donation_widgets_results_markup() {
	$islands = donation_widgets_island_markup();
	return $islands['donors-search']['results'];
}

/**
 * A part of the results markup with its values in, in one pass, as results-markup.js fills it:
 * `{name}` from `$text`, escaped (esc_attr() writes what is safe in text and in an attribute's value
 * alike), `{{name}}` from `$markup`, markup made from other parts.
 *
 * @param string $part   The part's markup.
 * @param array  $text   Values by name, as text.
 * @param array  $markup Markup by name.
 * @return string
 */
function donation_widgets_fill_part( $part, array $text, array $markup = array() ) {
	$pairs = array();
	foreach ( $markup as $name => $value ) {
		$pairs[ '{{' . $name . '}}' ] = $value;
	}
	foreach ( $text as $name => $value ) {
		$pairs[ '{' . $name . '}' ] = esc_attr( (string) $value );
	}
	return strtr( $part, $pairs );
}

/**
 * The printed search's table: its first page and its pager, from the results markup, as results-markup.js's
 * printedTable() fills them; their buttons wait for the island.
 * Dates are written with the site's formats by wp_date(), as the island writes them from the same.
 *
 * @param array  $donations The route's donations, each field as text.
 * @param string $suffix    The copy's id suffix.
 * @param array  $texts     The search's texts.
 * @return string
 */
function donation_widgets_printed_table( array $donations, $suffix, array $texts ) {
	$parts   = donation_widgets_results_markup()['parts'];
	$headers = '';
	foreach ( donation_widgets_results_markup()['columns'] as $column ) {
		$headers .= donation_widgets_fill_part( $parts['header'], array( 'column' => $texts[ $column ] ) );
	}
	return donation_widgets_fill_part(
		$parts['table'],
		array(
			'tableLabel' => $texts['tableLabel'],
			'id'         => 'donors-in-your-area-table' . $suffix,
		),
		array(
			'headers' => $headers,
			'rows'    => donation_widgets_first_rows( $donations, $texts ),
			'pager'   => donation_widgets_printed_pager( count( $donations ), $texts ),
		)
	);
}

/**
 * The rows of the table's first page, from the results markup's `row` part: the island's own table and
 * Donation Manager's (includes/donation-manager/donation-manager-search.php) print the same.
 *
 * @param array $donations The route's donations, each field as text.
 * @param array $texts     The search's texts.
 * @return string
 */
function donation_widgets_first_rows( array $donations, array $texts ) {
	$markup = donation_widgets_results_markup();
	$parts  = $markup['parts'];
	$rows   = '';
	foreach ( array_slice( $donations, 0, $markup['pageSize'] ) as $donation ) {
		$number = $donation['number'] ?? '';
		$title  = $donation['title'] ?? '';
		$rows  .= donation_widgets_fill_part(
			$parts['row'],
			array(
				'showOnMap' => strtr(
					$texts['showOnMap'],
					array(
						'{number}' => $number,
						'{title}'  => $title,
					)
				),
				'number'    => $number,
				'title'     => $title,
				'zipcode'   => $donation['zipcode'] ?? '',
			),
			array( 'date' => donation_widgets_printed_date( $parts, $donation['date'] ?? '' ) )
		);
	}
	return $rows;
}

/**
 * The table's pager, from the results markup's `pager` part, when the donations fill more than a page.
 *
 * @param int   $total Donations found.
 * @param array $texts The search's texts.
 * @return string
 */
function donation_widgets_printed_pager( $total, array $texts ) {
	$markup = donation_widgets_results_markup();
	$size   = $markup['pageSize'];
	if ( $total <= $size ) {
		return '';
	}
	$count = array( '{count}' => number_format_i18n( $size ) );
	return donation_widgets_fill_part(
		$markup['parts']['pager'],
		array(
			'pagesLabel'   => $texts['pagesLabel'],
			'pageCount'    => strtr(
				$texts['pageCount'],
				array(
					'{first}' => number_format_i18n( 1 ),
					'{last}'  => number_format_i18n( $size ),
					'{total}' => number_format_i18n( $total ),
				)
			),
			'previousPage' => strtr( $texts['previousPage'], $count ),
			'nextPage'     => strtr( $texts['nextPage'], $count ),
		)
	);
}

/**
 * A route date the site's way in the date part (`<time datetime>`: the day in the site's date format,
 * the time after it in the time part, and in `data-short` the day with month and weekday names
 * abbreviated, which a narrow table shows instead), or the text as it is when it is no date. A site
 * whose date format is empty writes only the time, as its day. The route's dates are the site's wall
 * clock: written on a UTC clock, no zone shifts them.
 *
 * @param array  $parts The results markup's parts.
 * @param string $date  The route's date.
 * @return string
 */
function donation_widgets_printed_date( array $parts, $date ) {
	$utc    = new DateTimeZone( 'UTC' );
	$moment = preg_match( '/^(\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}(:\d{2})?$/', trim( $date ), $match ) ? date_create_immutable( trim( $date ), $utc ) : false;
	// PHP rolls 2026-02-31 over into March; the island reads it as no date (php-date.js), and so does the page.
	if ( ! $moment || $moment->format( 'Y-m-d' ) !== $match[1] ) {
		return esc_html( $date );
	}
	$write       = function ( $format ) use ( $moment, $utc ) {
		return '' === $format ? '' : wp_date( $format, $moment->getTimestamp(), $utc );
	};
	$date_format = (string) get_option( 'date_format' );
	$time_format = (string) get_option( 'time_format' );
	$day_format  = '' === $date_format ? $time_format : $date_format;
	$time        = '' === $date_format ? '' : $write( $time_format );
	return donation_widgets_fill_part(
		$parts['date'],
		array(
			'datetime' => $moment->format( 'Y-m-d\TH:i:s' ),
			'short'    => $write( donation_widgets_abbreviated_format( $day_format ) ),
			'day'      => $write( $day_format ),
		),
		array( 'time' => '' === $time ? '' : donation_widgets_fill_part( $parts['time'], array( 'time' => $time ) ) )
	);
}

/**
 * A PHP date format with its month and weekday names abbreviated (F to M, l to D), escapes kept, as the
 * island's php-date.js abbreviates it.
 *
 * @param string $format A date format.
 * @return string
 */
function donation_widgets_abbreviated_format( $format ) {
	$short = '';
	for ( $index = 0, $length = strlen( $format ); $index < $length; $index++ ) {
		$character = $format[ $index ];
		if ( '\\' === $character ) {
			$short .= $character . ( $index + 1 < $length ? $format[ ++$index ] : '' );
			continue;
		}
		$short .= 'F' === $character ? 'M' : ( 'l' === $character ? 'D' : $character );
	}
	return $short;
}
