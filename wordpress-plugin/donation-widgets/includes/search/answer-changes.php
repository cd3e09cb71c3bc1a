<?php
/**
 * Which changes a donors search can see, and the zip codes each touches (docs/how-it-works.md#search-answers-kept-and-compressed).
 *
 * Donation Manager's search reads the donation posts (published, dated within the days) whose pickup
 * code's slug is a zip within the radius and whose `organization` is the default organization, and shows
 * the pickup code's name. So a donation's post (saved, trashed, restored, deleted), its pickup codes (the
 * old ones and the new: slug and name), its `organization`, and a pickup code's own slug or name each
 * change the answers that cover those zips; the default organization, and the plugin's settings that
 * decide how answers are made and how long they live, change every answer. Each is recorded once the
 * database holds it, never before: a search that reads the database in between is then stale, never kept.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The options every answer reads: Donation Manager's default organization, as ACF stores its options page. */
const DONATION_WIDGETS_GLOBAL_OPTIONS = array( 'options_default_organization', 'options_default_transportation_department' );

/** The plugin's settings whose change changes every answer. */
const DONATION_WIDGETS_GLOBAL_SETTINGS = array( 'donation_widgets_fast_search', 'donation_widgets_answers_life' );

/**
 * The slugs and names of pickup codes, by term taxonomy id or by the post that has them, read from the
 * database (the term caches may be another node's, or not yet cleared).
 *
 * @param int[]    $tt_ids  Term taxonomy ids.
 * @param int|null $post_id Or the post whose pickup codes to read.
 * @return string[]
 */
function donation_widgets_pickup_zips( array $tt_ids, $post_id = null ) {
	global $wpdb;
	$from = "FROM {$wpdb->terms} t INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id";
	if ( null !== $post_id ) {
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names only.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT t.slug, t.name $from INNER JOIN {$wpdb->term_relationships} tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tr.object_id = %d AND tt.taxonomy = 'pickup_code'", $post_id ) );
	} else {
		$tt_ids = array_filter( array_map( 'intval', $tt_ids ) );
		if ( ! $tt_ids ) {
			return array();
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names, and one placeholder per id.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT t.slug, t.name $from WHERE tt.taxonomy = 'pickup_code' AND tt.term_taxonomy_id IN (" . implode( ', ', array_fill( 0, count( $tt_ids ), '%d' ) ) . ')', array_values( $tt_ids ) ) );
	}
	$zips = array();
	foreach ( (array) $rows as $row ) {
		$zips[] = (string) $row->slug;
		$zips[] = (string) $row->name;
	}
	return array_values( array_unique( $zips ) );
}

/**
 * A donation's post saved, its status changed, trashed, restored or deleted: every write of a post ends
 * in clean_post_cache(). A deleted donation's pickup codes went before (see the relationships below).
 *
 * @param int          $post_id The post.
 * @param WP_Post|null $post    The post.
 */
function donation_widgets_post_changed( $post_id, $post = null ) {
	$type = $post instanceof WP_Post ? $post->post_type : get_post_type( $post_id );
	if ( 'donation' === $type ) {
		donation_widgets_answers_changed( donation_widgets_pickup_zips( array(), (int) $post_id ) );
	}
}

/**
 * A donation given other pickup codes: the old ones and the new.
 *
 * @param int    $object_id  The object.
 * @param array  $terms      The terms asked for.
 * @param array  $tt_ids     The term taxonomy ids it has now.
 * @param string $taxonomy   The taxonomy.
 * @param bool   $append     Whether they were added to the old.
 * @param array  $old_tt_ids The term taxonomy ids it had.
 */
function donation_widgets_pickup_codes_set( $object_id, $terms, $tt_ids, $taxonomy, $append = false, $old_tt_ids = array() ) {
	$now    = array_map( 'intval', (array) $tt_ids );
	$before = array_map( 'intval', (array) $old_tt_ids );
	sort( $now );
	sort( $before );
	if ( 'pickup_code' === $taxonomy && $now !== $before ) {
		donation_widgets_answers_changed( donation_widgets_pickup_zips( array_merge( $now, $before ) ) );
	}
}

/**
 * Pickup codes taken off a donation (one removed, or all of a post being deleted).
 *
 * @param int    $object_id The object.
 * @param array  $tt_ids    The term taxonomy ids removed.
 * @param string $taxonomy  The taxonomy.
 */
function donation_widgets_pickup_codes_removed( $object_id, $tt_ids, $taxonomy ) {
	if ( 'pickup_code' === $taxonomy ) {
		donation_widgets_answers_changed( donation_widgets_pickup_zips( (array) $tt_ids ) );
	}
}

/**
 * A term's slug and name as the database holds them (WordPress clears its cached copy only after `edited_terms`).
 *
 * @param int $term_id The term.
 * @return string[]
 */
function donation_widgets_term_names( $term_id ) {
	global $wpdb;
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- past the term cache, as the docblock says.
	$row = $wpdb->get_row( $wpdb->prepare( "SELECT slug, name FROM {$wpdb->terms} WHERE term_id = %d", $term_id ) );
	return $row ? array( (string) $row->slug, (string) $row->name ) : array();
}

/**
 * A pickup code about to be renamed: its slug and name before, for the change after.
 *
 * @param int    $term_id  The term.
 * @param string $taxonomy The taxonomy.
 */
function donation_widgets_pickup_code_editing( $term_id, $taxonomy ) {
	global $donation_widgets_pickup_code_before;
	if ( 'pickup_code' === $taxonomy ) {
		$donation_widgets_pickup_code_before[ (int) $term_id ] = donation_widgets_term_names( (int) $term_id );
	}
}

/**
 * A pickup code renamed: the donations that have it move from its old slug's answers to its new one's.
 *
 * @param int    $term_id  The term.
 * @param string $taxonomy The taxonomy.
 */
function donation_widgets_pickup_code_edited( $term_id, $taxonomy ) {
	global $donation_widgets_pickup_code_before;
	if ( 'pickup_code' === $taxonomy ) {
		donation_widgets_answers_changed( array_merge( $donation_widgets_pickup_code_before[ (int) $term_id ] ?? array(), donation_widgets_term_names( (int) $term_id ) ) );
	}
}

/**
 * A donation's `organization` added, updated or deleted: the search keeps only the default organization's.
 *
 * @param int|int[] $meta_ids  The meta row(s).
 * @param int       $object_id The post.
 * @param string    $meta_key  The key.
 */
function donation_widgets_organization_changed( $meta_ids, $object_id, $meta_key ) {
	if ( 'organization' === $meta_key ) {
		donation_widgets_post_changed( $object_id );
	}
}

/**
 * An option every answer reads, added or updated: Donation Manager's default organization, or
 * one of the plugin's settings that decide how answers are made and how long they live.
 *
 * @param string $option    The option.
 * @param mixed  $old_value Its value before (or the value added).
 * @param mixed  $value     Its value now, when updated.
 */
function donation_widgets_option_changed( $option, $old_value = null, $value = null ) {
	if ( in_array( $option, DONATION_WIDGETS_GLOBAL_OPTIONS, true ) ) {
		donation_widgets_answers_changed( null );
	} elseif ( DONATION_WIDGETS_OPTION === $option ) {
		foreach ( DONATION_WIDGETS_GLOBAL_SETTINGS as $setting ) {
			if ( ( is_array( $old_value ) ? $old_value[ $setting ] ?? null : null ) !== ( is_array( $value ) ? $value[ $setting ] ?? null : null ) ) {
				donation_widgets_answers_changed( null );
				return;
			}
		}
	}
}

/**
 * An option every answer reads deleted, or the plugin's settings (every field back to its default).
 *
 * @param string $option The option.
 */
function donation_widgets_option_deleted( $option ) {
	if ( DONATION_WIDGETS_OPTION === $option || in_array( $option, DONATION_WIDGETS_GLOBAL_OPTIONS, true ) ) {
		donation_widgets_answers_changed( null );
	}
}

/** Listens for the changes above. */
function donation_widgets_listen_for_answer_changes() {
	add_action( 'clean_post_cache', 'donation_widgets_post_changed', 10, 2 );
	add_action( 'set_object_terms', 'donation_widgets_pickup_codes_set', 10, 6 );
	add_action( 'deleted_term_relationships', 'donation_widgets_pickup_codes_removed', 10, 3 );
	add_action( 'edit_terms', 'donation_widgets_pickup_code_editing', 10, 2 );
	add_action( 'edited_terms', 'donation_widgets_pickup_code_edited', 10, 2 );
	foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
		add_action( $hook, 'donation_widgets_organization_changed', 10, 3 );
	}
	add_action( 'added_option', 'donation_widgets_option_changed', 10, 2 );
	add_action( 'updated_option', 'donation_widgets_option_changed', 10, 3 );
	add_action( 'deleted_option', 'donation_widgets_option_deleted' );
}
