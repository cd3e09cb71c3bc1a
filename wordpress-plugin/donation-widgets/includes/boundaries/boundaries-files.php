<?php
/**
 * What a set of zip boundary files may hold: the names the settings screen's tool writes (the names of
 * `npm run boundaries`, src/shared/boundary-names.js, to which src/shared/boundary-names.cases.json
 * holds donation_widgets_boundary_kind()), each file's size, and its content checked against what its
 * name says. Nothing else is ever written, so an admin page that is not what it seems
 * cannot place a script or a page in the uploads folder.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The KML namespace, the only one a boundary file's elements may be in. */
const DONATION_WIDGETS_KML_NS = 'http://www.opengis.net/kml/2.2';

/**
 * What kind of boundary file a name is, and the zip or area it names.
 *
 * @param string $name A file name.
 * @return array{kind: string, code: string}|null index, bundle (code: the area) or kml (code: the zip); null for any other name.
 */
function donation_widgets_boundary_kind( $name ) {
	if ( 'zips.json' === $name ) {
		return array(
			'kind' => 'index',
			'code' => '',
		);
	}
	if ( preg_match( '/^zips([0-9]{3})\.json$/D', $name, $match ) ) {
		return array(
			'kind' => 'bundle',
			'code' => $match[1],
		);
	}
	if ( preg_match( '/^zip([0-9]{5})\.kml$/D', $name, $match ) ) {
		return array(
			'kind' => 'kml',
			'code' => $match[1],
		);
	}
	return null;
}

/**
 * The bounds of a set: bytes per file of each kind, files and bytes per set. The national Census file
 * makes about 34,400 files and 130 MB at the default tolerance; its largest bundle is a few hundred KB.
 *
 * @return array{index: int, bundle: int, kml: int, files: int, bytes: int}
 */
function donation_widgets_boundary_limits() {
	$limits = array(
		'index'  => 256 * KB_IN_BYTES,
		'bundle' => 8 * MB_IN_BYTES,
		'kml'    => 2 * MB_IN_BYTES,
		'files'  => 50000,
		'bytes'  => GB_IN_BYTES,
	);
	/**
	 * Filters the bounds of a set of zip boundary files made on the settings screen.
	 *
	 * @param array $limits Bytes per file (`index`, `bundle`, `kml`), files and bytes per set (`files`, `bytes`).
	 * @return array The bounds to apply.
	 */
	$filtered = apply_filters( 'donation_widgets_boundary_limits', $limits );
	return is_array( $filtered ) ? array_map( 'intval', array_merge( $limits, array_intersect_key( $filtered, $limits ) ) ) : $limits;
}

/**
 * A refusal that names the file.
 *
 * @param string $name   The file.
 * @param string $reason What is wrong with it, in words.
 * @param int    $status The HTTP status.
 * @return WP_Error
 */
function donation_widgets_boundary_refusal( $name, $reason, $status = 400 ) {
	/* translators: 1: a file's name, 2: what is wrong with it. */
	return new WP_Error( 'donation_widgets_boundary_refused', sprintf( __( '%1$s: %2$s', 'donation-widgets' ), $name, $reason ), array( 'status' => $status ) );
}

/**
 * Checks a whole file against what its name says it is, and gives what is to be stored: a JSON file as
 * sent, a KML file as the check read it (its tree written out again, in UTF-8).
 *
 * @param string $name    A name donation_widgets_boundary_kind() knows.
 * @param string $content The file.
 * @return string|WP_Error
 */
function donation_widgets_check_boundary( $name, $content ) {
	$kind = donation_widgets_boundary_kind( $name );
	if ( 'kml' === $kind['kind'] ) {
		$read = donation_widgets_read_kml( $kind['code'], $content );
		return is_string( $read ) ? donation_widgets_boundary_refusal( $name, $read ) : (string) $read->saveXML();
	}
	$needs = donation_widgets_json_decode_bytes( $content );
	$left  = donation_widgets_memory_left();
	if ( null !== $left && $needs > $left ) {
		/* translators: 1: a size such as 270 MB, 2: a size such as 80 MB. */
		return donation_widgets_boundary_refusal( $name, sprintf( __( 'checking it would take up to %1$s of memory, more than the %2$s PHP may still take on this server (its memory_limit). Make the set again with a larger --tolerance, or raise memory_limit.', 'donation-widgets' ), size_format( $needs ), size_format( max( 0, $left ) ) ), 413 );
	}
	$json   = json_decode( $content, true, 64 );
	$reason = 'index' === $kind['kind'] ? donation_widgets_index_problem( $json ) : donation_widgets_bundle_problem( $kind['code'], $json );
	return null === $reason ? $content : donation_widgets_boundary_refusal( $name, $reason );
}

/**
 * What makes a text not the index of bundles the tool writes, or null.
 *
 * @param mixed $index The decoded file.
 * @return string|null
 */
function donation_widgets_index_problem( $index ) {
	$expected = __( 'it is not the index of zip boundary bundles (format, object, precision and bundles, nothing else).', 'donation-widgets' );
	if ( ! is_array( $index ) || array( 'bundles', 'format', 'object', 'precision' ) !== donation_widgets_sorted_keys( $index )
		|| 1 !== $index['format'] || 'zips' !== $index['object'] || ! is_int( $index['precision'] ) || $index['precision'] < 3 || $index['precision'] > 8
		|| ! is_array( $index['bundles'] ) || ! $index['bundles'] ) {
		return $expected;
	}
	$seen = array();
	foreach ( $index['bundles'] as $name => $areas ) {
		$name = (string) $name;
		if ( ! preg_match( '/^[0-9]{3}$/D', $name ) || ! is_array( $areas ) || ! $areas || array_values( $areas ) !== $areas || $name !== $areas[0] ) {
			return $expected;
		}
		foreach ( $areas as $area ) {
			if ( ! is_string( $area ) || ! preg_match( '/^[0-9]{3}$/D', $area ) || isset( $seen[ $area ] ) || 0 !== strncmp( $area, $name, 2 ) ) {
				/* translators: %s: a zip area, three digits. */
				return sprintf( __( 'the area %s is listed wrongly or twice.', 'donation-widgets' ), is_scalar( $area ) ? (string) $area : '?' );
			}
			$seen[ $area ] = true;
		}
	}
	return null;
}

/**
 * What makes a text not a TopoJSON bundle of the zips of its area, or null: the object `zips` alone,
 * each geometry a polygon (or none) of one zip of the bundle's areas, every arc a list of positions.
 *
 * @param string $area    The bundle's name: its first area.
 * @param mixed  $topology The decoded file.
 * @return string|null
 */
function donation_widgets_bundle_problem( $area, $topology ) {
	$expected = __( 'it is not a TopoJSON bundle of zip outlines (a Topology whose only object is zips).', 'donation-widgets' );
	if ( ! is_array( $topology ) || ! in_array( donation_widgets_sorted_keys( $topology ), array( array( 'arcs', 'objects', 'type' ), array( 'arcs', 'bbox', 'objects', 'type' ) ), true )
		|| 'Topology' !== $topology['type'] || ! is_array( $topology['arcs'] ) || ! is_array( $topology['objects'] )
		|| array( 'zips' ) !== array_keys( $topology['objects'] ) || ! is_array( $topology['objects']['zips'] )
		|| ! isset( $topology['objects']['zips']['type'], $topology['objects']['zips']['geometries'] )
		|| 'GeometryCollection' !== $topology['objects']['zips']['type'] || ! is_array( $topology['objects']['zips']['geometries'] )
		|| ! $topology['objects']['zips']['geometries'] ) {
		return $expected;
	}
	foreach ( $topology['arcs'] as $arc ) {
		if ( ! is_array( $arc ) || count( $arc ) < 2 ) {
			return __( 'an arc of the topology is not a line of positions.', 'donation-widgets' );
		}
		foreach ( $arc as $position ) {
			if ( ! is_array( $position ) || array( 0, 1 ) !== array_keys( $position ) || ! donation_widgets_is_number( $position[0] ) || ! donation_widgets_is_number( $position[1] ) ) {
				return __( 'an arc of the topology is not a line of positions.', 'donation-widgets' );
			}
		}
	}
	$arcs = count( $topology['arcs'] );
	$zips = array();
	foreach ( $topology['objects']['zips']['geometries'] as $geometry ) {
		$zip = is_array( $geometry ) && isset( $geometry['properties']['zip'] ) ? $geometry['properties']['zip'] : null;
		if ( ! is_string( $zip ) || ! preg_match( '/^[0-9]{5}$/D', $zip ) || array( 'zip' ) !== array_keys( $geometry['properties'] ) ) {
			return __( 'a geometry does not name its zip (properties.zip, five digits, and nothing else).', 'donation-widgets' );
		}
		if ( isset( $zips[ $zip ] ) || 0 !== strncmp( $zip, $area, 2 ) || strcmp( substr( $zip, 0, 3 ), $area ) < 0 ) {
			/* translators: %s: a zip code. */
			return sprintf( __( 'the zip %s is twice in the bundle, or not of its areas.', 'donation-widgets' ), $zip );
		}
		$zips[ $zip ] = true;
		if ( ! donation_widgets_geometry_arcs_fit( $geometry, $arcs ) ) {
			/* translators: %s: a zip code. */
			return sprintf( __( 'the outline of %s is not a polygon of the topology\'s arcs.', 'donation-widgets' ), $zip );
		}
	}
	return null;
}

/**
 * Whether a TopoJSON geometry is a Polygon or MultiPolygon (or has no shape) whose rings are indices of
 * the topology's arcs (~i for an arc read backwards).
 *
 * @param array $geometry The geometry.
 * @param int   $arcs     How many arcs the topology has.
 * @return bool
 */
function donation_widgets_geometry_arcs_fit( $geometry, $arcs ) {
	$type = array_key_exists( 'type', $geometry ) ? $geometry['type'] : false;
	if ( null === $type ) {
		return ! isset( $geometry['arcs'] );
	}
	if ( ( 'Polygon' !== $type && 'MultiPolygon' !== $type ) || ! isset( $geometry['arcs'] ) || ! is_array( $geometry['arcs'] ) ) {
		return false;
	}
	$polygons = 'Polygon' === $type ? array( $geometry['arcs'] ) : $geometry['arcs'];
	foreach ( $polygons as $rings ) {
		if ( ! is_array( $rings ) || ! $rings ) {
			return false;
		}
		foreach ( $rings as $ring ) {
			if ( ! is_array( $ring ) || ! $ring ) {
				return false;
			}
			foreach ( $ring as $index ) {
				if ( ! is_int( $index ) || ( $index >= 0 ? $index : ~$index ) >= $arcs ) {
					return false;
				}
			}
		}
	}
	return true;
}

/**
 * Whether a decoded JSON value is a number.
 *
 * @param mixed $value The value.
 * @return bool
 */
function donation_widgets_is_number( $value ) {
	return is_int( $value ) || is_float( $value );
}

/**
 * A decoded JSON object's keys, sorted.
 *
 * @param array $json The object.
 * @return string[]
 */
function donation_widgets_sorted_keys( $json ) {
	$keys = array_map( 'strval', array_keys( $json ) );
	sort( $keys );
	return $keys;
}
