<?php
/**
 * The donors search's table as the page prints it for a search in its address (see
 * includes/search-results.php): the first page of rows and the pager, in the island's own markup.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Rows of the table's first page, as the island pages it. */
const DONATION_WIDGETS_PAGE_SIZE = 100;

/**
 * The table's first page and its pager, in the island's markup; their buttons wait for the island.
 * Dates are written by donation_widgets_printed_date(), as the island writes them.
 *
 * @param array  $donations The route's donations.
 * @param string $suffix    The copy's id suffix.
 * @param array  $texts     The search's texts.
 * @return string
 */
function donation_widgets_first_page( array $donations, $suffix, array $texts ) {
	$text    = function ( $value ) {
		return is_string( $value ) || is_int( $value ) || is_float( $value ) ? (string) $value : '';
	};
	$utc     = new DateTimeZone( 'UTC' );
	$rows    = '';
	foreach ( array_slice( $donations, 0, DONATION_WIDGETS_PAGE_SIZE ) as $donation ) {
		$donation = is_array( $donation ) ? $donation : array();
		$number   = $text( $donation['number'] ?? '' );
		$title    = $text( $donation['title'] ?? '' );
		$date     = $text( $donation['date'] ?? '' );
		$moment   = preg_match( '/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/', $date ) ? date_create_immutable( $date, $utc ) : false;
		$when     = $moment ? donation_widgets_printed_date( $moment ) : esc_html( $date );
		$rows    .= sprintf(
			'<tr><td><button type="button" class="donors-row-show" aria-label="%s" disabled>%s</button></td><td>%s</td><td>%s</td><td>%s</td></tr>',
			esc_attr( strtr( $texts['showOnMap'], array( '{number}' => $number, '{title}' => $title ) ) ),
			esc_html( $number ),
			esc_html( $title ),
			esc_html( $text( $donation['zipcode'] ?? '' ) ),
			$when
		);
	}
	$headers = '';
	foreach ( array( 'columnNumber', 'columnTitle', 'columnZipcode', 'columnDate' ) as $column ) {
		$headers .= sprintf( '<th scope="col"><button type="button" class="donors-sort" disabled>%s</button></th>', esc_html( $texts[ $column ] ) );
	}
	$total = count( $donations );
	$pager = '';
	if ( $total > DONATION_WIDGETS_PAGE_SIZE ) {
		$count = array( '{count}' => number_format_i18n( DONATION_WIDGETS_PAGE_SIZE ) );
		$pager = sprintf(
			'<nav class="donors-table-pages" aria-label="%s"><p aria-live="polite">%s</p><button type="button" aria-disabled="true" disabled>%s</button><button type="button" aria-disabled="false" disabled>%s</button></nav>',
			esc_attr( $texts['pagesLabel'] ),
			esc_html(
				strtr(
					$texts['pageCount'],
					array(
						'{first}' => number_format_i18n( 1 ),
						'{last}'  => number_format_i18n( DONATION_WIDGETS_PAGE_SIZE ),
						'{total}' => number_format_i18n( $total ),
					)
				)
			),
			esc_html( strtr( $texts['previousPage'], $count ) ),
			esc_html( strtr( $texts['nextPage'], $count ) )
		);
	}
	return sprintf(
		'<section class="donors-table-box" aria-label="%1$s" tabindex="0"><table id="%2$s" class="donors-search-table"><caption>%3$s</caption><thead><tr>%4$s</tr></thead><tbody>%5$s</tbody></table></section>%6$s',
		esc_attr( $texts['tableLabel'] ),
		esc_attr( 'donors-in-your-area-table' . $suffix ),
		esc_html( $texts['tableLabel'] ),
		$headers,
		$rows,
		$pager
	);
}

/**
 * A route date in the island's markup: `<time datetime>` holding the day in the site's date format and,
 * after it, the time in the site's time format, each in a span of its own, and in `data-short` the day
 * with its month and weekday names abbreviated, which a narrow table shows instead, hiding the spans
 * from sight (not from screen readers). A site whose date format is empty shows only the time. The
 * route's dates are the site's wall clock: written on a UTC clock, no time zone shifts them.
 *
 * @param DateTimeImmutable $moment The route's date, read on a UTC clock.
 * @return string
 */
function donation_widgets_printed_date( DateTimeImmutable $moment ) {
	$utc   = new DateTimeZone( 'UTC' );
	$part  = function ( $format ) use ( $moment, $utc ) {
		return '' === $format ? '' : wp_date( $format, $moment->getTimestamp(), $utc );
	};
	$date  = (string) get_option( 'date_format' );
	$time  = (string) get_option( 'time_format' );
	$day   = '' === $date ? $time : $date;
	$after = '' === $date ? '' : $part( $time );
	return sprintf(
		'<time datetime="%s" data-short="%s"><span class="donors-date-day">%s</span>%s</time>',
		esc_attr( $moment->format( 'Y-m-d\TH:i:s' ) ),
		esc_attr( $part( donation_widgets_abbreviated_format( $day ) ) ),
		esc_html( $part( $day ) ),
		'' === $after ? '' : '<span class="donors-date-time"> ' . esc_html( $after ) . '</span>'
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
