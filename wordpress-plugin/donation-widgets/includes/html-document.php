<?php
/**
 * Another plugin's markup read with PHP's DOM and written back, only when the round trip keeps it as it
 * was. libxml is not a browser: before 2.14 it ends a script at the first `</div>` inside it, it reads
 * bytes as windows-1252 unless told otherwise, and from 2.14 on it reads the old `<?xml encoding?>` hint
 * as a comment. The markup is told its encoding by a `<meta>` in a document of its own (which every
 * libxml reads), and read back token by token against what it was before anything is filled in: a
 * difference, invalid UTF-8 or a NUL means the markup is not read, and its owner's output stays as it is.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Markup read as a document, inside one wrapping element in the body, so that nothing (not even a
 * leading `<style>`) moves to the head; HTML5's elements, unknown to old libxml, are read without a word.
 * Null when the markup would not come back as it is (see the file's comment).
 *
 * @param string $html Markup.
 * @return DOMDocument|null
 */
function donation_widgets_html_document( $html ) {
	if ( ! donation_widgets_is_text( $html ) ) {
		return null;
	}
	$document = new DOMDocument();
	$errors   = libxml_use_internal_errors( true );
	// libxml's HTML_PARSE_RECOVER (no PHP constant names it): before 2.14, a script runs to its own end tag.
	$document->loadHTML( '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><div>' . $html . '</div></body></html>', 1 );
	libxml_clear_errors();
	libxml_use_internal_errors( $errors );
	$wrapper = ( new DOMXPath( $document ) )->query( '/html/body/div' )->item( 0 );
	if ( ! $wrapper || donation_widgets_markup_tokens( donation_widgets_html_fragment( $document ) ) !== donation_widgets_markup_tokens( $html ) ) {
		return null;
	}
	return $document;
}

/**
 * The wrapping element's content written back as markup.
 *
 * @param DOMDocument $document A document from donation_widgets_html_document().
 * @return string
 */
function donation_widgets_html_fragment( DOMDocument $document ) {
	$html = '';
	foreach ( ( new DOMXPath( $document ) )->query( '/html/body/div' )->item( 0 )->childNodes as $node ) {
		$html .= $document->saveHTML( $node );
	}
	return $html;
}

/**
 * Whether a string is UTF-8 without a NUL, which markup and the values put in it must be.
 *
 * @param string $text The string.
 * @return bool
 */
function donation_widgets_is_text( $text ) {
	return is_string( $text ) && false === strpos( $text, "\0" ) && 1 === preg_match( '//u', $text );
}

/**
 * What a browser reads in markup, as a list that two spellings of the same markup share: tag and
 * attribute names in lower case, attribute values and text with their character references read, a
 * valueless attribute as one whose value is its name, a self-closed element as opened and closed, and no
 * end tag for a void element. A script's or a style's text stays as it is, up to its end tag.
 *
 * @param string $html Markup.
 * @return array[]
 */
function donation_widgets_markup_tokens( $html ) {
	$void   = array( 'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr' );
	$raw    = array( 'script', 'style', 'textarea', 'title' );
	$tokens = array();
	$text   = '';
	$offset = 0;
	$length = strlen( $html );
	$add    = function ( array $token ) use ( &$tokens, &$text ) {
		if ( '' !== $text ) {
			$tokens[] = array( 'text', html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
			$text     = '';
		}
		$tokens[] = $token;
	};
	while ( $offset < $length ) {
		if ( preg_match( '~\G<!--(.*?)-->~s', $html, $match, 0, $offset ) ) {
			$add( array( 'comment', $match[1] ) );
		} elseif ( preg_match( '~\G</([a-zA-Z][^\s/>]*)\s*>~', $html, $match, 0, $offset ) ) {
			$name = strtolower( $match[1] );
			if ( ! in_array( $name, $void, true ) ) {
				$add( array( 'end', $name ) );
			}
		} elseif ( preg_match( '~\G<([a-zA-Z][^\s/>]*)((?:\s*[^\s"\'>/=]+(?:\s*=\s*(?:"[^"]*"|\'[^\']*\'|[^\s>]+))?|\s*/)*)\s*>~', $html, $match, 0, $offset ) ) {
			$name       = strtolower( $match[1] );
			$attributes = array();
			preg_match_all( '~([^\s"\'>/=]+)(?:\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+)))?~', $match[2], $pairs, PREG_SET_ORDER );
			foreach ( $pairs as $pair ) {
				$key   = strtolower( $pair[1] );
				$value = isset( $pair[2] ) ? $pair[2] . ( $pair[3] ?? '' ) . ( $pair[4] ?? '' ) : $key;
				// A browser keeps the first of a repeated attribute.
				$attributes[ $key ] = $attributes[ $key ] ?? html_entity_decode( $value, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
			}
			$add( array( 'start', $name, $attributes ) );
			if ( '/' === substr( rtrim( $match[2] ), -1 ) && ! in_array( $name, $void, true ) ) {
				$add( array( 'end', $name ) );
			} elseif ( in_array( $name, $raw, true ) ) {
				$end      = stripos( $html, '</' . $name, $offset + strlen( $match[0] ) );
				$end      = false === $end ? $length : $end;
				$tokens[] = array( 'raw', substr( $html, $offset + strlen( $match[0] ), $end - $offset - strlen( $match[0] ) ) );
				$offset   = $end;
				continue;
			}
		} else {
			preg_match( '~\G(?:[^<]+|<)~', $html, $match, 0, $offset );
			$text .= $match[0];
		}
		$offset += strlen( $match[0] );
	}
	$add( array( 'end', '' ) );
	return $tokens;
}
