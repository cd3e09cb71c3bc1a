<?php
/**
 * A zip's KML boundary file as the tool writes it (@placemarkio/tokml's output): one Placemark named after
 * the zip, its polygons, and nothing else. Checked element by element against that shape, so a file
 * that holds a script, a link, a style or an entity is refused whatever its name says. Only UTF-8 is
 * read, the kml element is all the document holds (no comment or processing instruction beside it),
 * and what is stored is the tree the check walked, written out again.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- the DOM's own property names.

/**
 * Each KML element a boundary file may hold, and the elements it may hold in turn; null for an element of
 * text alone.
 *
 * @return array<string, string[]|null>
 */
function donation_widgets_kml_grammar() {
	return array(
		'kml'             => array( 'Document' ),
		'Document'        => array( 'Placemark' ),
		'Placemark'       => array( 'name', 'ExtendedData', 'Polygon', 'MultiGeometry' ),
		'ExtendedData'    => array( 'Data' ),
		'Data'            => array( 'value' ),
		'MultiGeometry'   => array( 'Polygon' ),
		'Polygon'         => array( 'outerBoundaryIs', 'innerBoundaryIs' ),
		'outerBoundaryIs' => array( 'LinearRing' ),
		'innerBoundaryIs' => array( 'LinearRing' ),
		'LinearRing'      => array( 'coordinates' ),
		'name'            => null,
		'value'           => null,
		'coordinates'     => null,
	);
}

/**
 * The boundary file of `$zip` as a checked document, or what makes the text not one.
 *
 * @param string $zip     The zip the file's name names.
 * @param string $content The file.
 * @return DOMDocument|string
 */
function donation_widgets_read_kml( $zip, $content ) {
	if ( ! class_exists( 'DOMDocument' ) ) {
		return __( 'this server\'s PHP lacks its DOM extension (php-xml), which checks KML files.', 'donation-widgets' );
	}
	// UTF-16 (with or without its byte-order mark) holds NUL bytes wherever UTF-8 has ASCII, and would
	// hide a document type from the test below.
	if ( false !== strpos( $content, "\0" ) || ! preg_match( '//u', $content ) ) {
		return __( 'it is not UTF-8 text.', 'donation-widgets' );
	}
	// libxml reads "UTF-8" and "UTF8", in any case, as UTF-8 itself and hands any other name to iconv,
	// which turns UTF-7's `+ADw-` into `<` and reads Latin-1 as something else than the tool wrote: a
	// declared encoding is refused unless it is one of those two, before anything is parsed.
	$encoding = donation_widgets_kml_declared_encoding( $content );
	if ( null !== $encoding && ! donation_widgets_kml_is_utf8_name( $encoding ) ) {
		/* translators: %s: the name of an encoding a file declares, such as UTF-16. */
		return sprintf( __( 'it declares the encoding %s; a boundary file is UTF-8.', 'donation-widgets' ), $encoding );
	}
	// No document type: no entities to expand, nothing fetched.
	if ( false !== stripos( $content, '<!DOCTYPE' ) || false !== stripos( $content, '<!ENTITY' ) ) {
		return __( 'it declares a document type; a boundary file has none.', 'donation-widgets' );
	}
	if ( '' === trim( $content ) ) {
		return __( 'it is not XML.', 'donation-widgets' );
	}
	$previous = libxml_use_internal_errors( true );
	$document = new DOMDocument();
	$parsed   = $document->loadXML( $content, LIBXML_NONET );
	libxml_clear_errors();
	libxml_use_internal_errors( $previous );
	if ( ! $parsed || ! $document->documentElement ) {
		return __( 'it is not XML.', 'donation-widgets' );
	}
	if ( null !== $document->xmlEncoding && ! donation_widgets_kml_is_utf8_name( $document->xmlEncoding ) ) {
		return __( 'it is not UTF-8 text.', 'donation-widgets' );
	}
	if ( 1 !== $document->childNodes->length ) {
		return __( 'it holds something beside its kml element (a comment or a processing instruction), which a boundary file does not.', 'donation-widgets' );
	}
	$root = $document->documentElement;
	if ( 'kml' !== $root->localName || DONATION_WIDGETS_KML_NS !== $root->namespaceURI ) {
		return __( 'it is not KML (a kml element in the KML 2.2 namespace).', 'donation-widgets' );
	}
	$problem = donation_widgets_kml_element_problem( $root, donation_widgets_kml_grammar() );
	if ( null !== $problem ) {
		return $problem;
	}
	$placemarks = $document->getElementsByTagNameNS( DONATION_WIDGETS_KML_NS, 'Placemark' );
	$polygons   = $document->getElementsByTagNameNS( DONATION_WIDGETS_KML_NS, 'Polygon' );
	$names      = 1 === $placemarks->length ? donation_widgets_kml_children( $placemarks->item( 0 ), 'name' ) : array();
	$named      = 1 === count( $names ) && $names[0]->textContent === $zip;
	if ( ! $named || 0 === $polygons->length ) {
		/* translators: %s: a zip code. */
		return sprintf( __( 'it does not hold one Placemark named %s with its outline.', 'donation-widgets' ), $zip );
	}
	foreach ( $document->getElementsByTagNameNS( DONATION_WIDGETS_KML_NS, 'Data' ) as $data ) {
		if ( 'zipcode' !== $data->getAttribute( 'name' ) || trim( $data->textContent ) !== $zip ) {
			/* translators: %s: a zip code. */
			return sprintf( __( 'its data names another zip than %s.', 'donation-widgets' ), $zip );
		}
	}
	foreach ( $document->getElementsByTagNameNS( DONATION_WIDGETS_KML_NS, 'coordinates' ) as $coordinates ) {
		if ( ! preg_match( '/^[\s0-9.,eE+-]+$/D', $coordinates->textContent ) ) {
			return __( 'its coordinates are not numbers.', 'donation-widgets' );
		}
	}
	return $document;
}

/**
 * What in an element breaks the grammar, or null: a child element it may not hold, an attribute other
 * than a Data element's name, text outside the text elements, or anything but elements and text.
 *
 * @param DOMElement $element The element, itself allowed.
 * @param array      $grammar donation_widgets_kml_grammar().
 * @return string|null
 */
function donation_widgets_kml_element_problem( $element, $grammar ) {
	foreach ( $element->attributes as $attribute ) {
		if ( 'Data' !== $element->localName || 'name' !== $attribute->nodeName ) {
			/* translators: 1: an attribute's name, 2: an element's name. */
			return sprintf( __( 'it holds the attribute %1$s on %2$s, which a boundary file does not.', 'donation-widgets' ), $attribute->nodeName, $element->localName );
		}
	}
	$allowed = $grammar[ $element->localName ];
	foreach ( $element->childNodes as $child ) {
		if ( XML_TEXT_NODE === $child->nodeType && ( null === $allowed || '' === trim( $child->nodeValue ) ) ) {
			continue;
		}
		if ( XML_ELEMENT_NODE !== $child->nodeType || null === $allowed || DONATION_WIDGETS_KML_NS !== $child->namespaceURI || ! in_array( $child->localName, $allowed, true ) ) {
			/* translators: 1: what was found (an element's name, or "text"), 2: the element it is in. */
			return sprintf( __( 'it holds %1$s inside %2$s, which a boundary file does not.', 'donation-widgets' ), XML_ELEMENT_NODE === $child->nodeType ? $child->nodeName : __( 'other content', 'donation-widgets' ), $element->localName );
		}
		$problem = donation_widgets_kml_element_problem( $child, $grammar );
		if ( null !== $problem ) {
			return $problem;
		}
	}
	return null;
}

/**
 * An element's child elements of one name.
 *
 * @param DOMElement $element The element.
 * @param string     $name    The children's local name.
 * @return DOMElement[]
 */
function donation_widgets_kml_children( $element, $name ) {
	$found = array();
	foreach ( $element->childNodes as $child ) {
		if ( XML_ELEMENT_NODE === $child->nodeType && $name === $child->localName ) {
			$found[] = $child;
		}
	}
	return $found;
}

/**
 * The encoding an XML declaration at the start of a file names (after a byte-order mark, if any), or
 * null when there is none. Only a name as XML spells one is taken: what else stands there makes the
 * file no XML at all, which the parser says.
 *
 * @param string $content The file.
 * @return string|null
 */
function donation_widgets_kml_declared_encoding( $content ) {
	$declared = preg_match( '/^(?:\xEF\xBB\xBF)?<\?xml\s[^>]*?\bencoding\s*=\s*(["\'])([A-Za-z][A-Za-z0-9._-]*)\1/', $content, $match );
	return 1 === $declared ? $match[2] : null;
}

/**
 * Whether libxml reads an encoding's name as UTF-8 itself, without iconv.
 *
 * @param string $name The name.
 * @return bool
 */
function donation_widgets_kml_is_utf8_name( $name ) {
	return 1 === preg_match( '/^utf-?8$/iD', $name );
}
