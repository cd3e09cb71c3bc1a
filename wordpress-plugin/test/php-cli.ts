/**
 * The plugin's PHP run in php-cli without a WordPress, for the checks that need none (translations, the
 * printed search's shared cases, and each rule the PHP shares with the bundle through a `*.cases.json` of
 * src/shared/): the WordPress functions those files call are stood in
 * for, each as WordPress answers on an English site, translations (`__()`, `_n()` and their gettext
 * filters) answering from `translations`, options from `options`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The plugin's includes/ folder. */
export const INCLUDES = path.join(import.meta.dirname, '../donation-widgets/includes');

export interface PhpOptions {
  /** Translations by English text; English otherwise. */
  translations?: Record<string, string>;
  /** What get_option() answers, by option name (false for any other). */
  options?: Record<string, unknown>;
  /** The plugin's folder (DONATION_WIDGETS_DIR): where markup/ is read from. */
  pluginDir?: string;
  /** Files of includes/ required before `code`, by name. */
  requires?: string[];
  /** More WordPress functions stood in for (PHP), for a file that calls one the others do not. */
  stubs?: string;
}

/** Runs `code` (PHP statements) with the stand-ins above and the `requires`; what it echoes. */
export function runPhp(
  code: string,
  {
    translations = {},
    options = {},
    pluginDir = path.dirname(INCLUDES),
    requires = [],
    stubs = '',
  }: PhpOptions = {},
): string {
  const json = (value: unknown) => JSON.stringify(JSON.stringify(value));
  const program = `<?php
    define( 'ABSPATH', '/' );
    define( 'DONATION_WIDGETS_DIR', ${JSON.stringify(`${pluginDir}/`)} );
    $translations = json_decode( ${json(translations)}, true );
    $options = json_decode( ${json(options)}, true );
    $filters = array();
    function add_filter( $name, $filter ) { global $filters; $filters[ $name ] = $filter; }
    function remove_filter( $name ) { global $filters; unset( $filters[ $name ] ); }
    function __( $text ) {
      global $translations, $filters;
      $translated = $translations[ $text ] ?? $text;
      $filter = $filters['gettext_donation-widgets'] ?? null;
      return $filter ? $filter( $translated, $text ) : $translated;
    }
    function _n( $single, $plural, $count ) {
      global $translations, $filters;
      $text = 1 === $count ? $single : $plural;
      $translated = $translations[ $text ] ?? $text;
      $filter = $filters['ngettext_donation-widgets'] ?? null;
      return $filter ? $filter( $translated, $single, $plural, $count ) : $translated;
    }
    function esc_html( $text ) { return htmlspecialchars( $text, ENT_QUOTES ); }
    function esc_attr( $text ) { return htmlspecialchars( $text, ENT_QUOTES ); }
    function get_option( $name ) { global $options; return $options[ $name ] ?? false; }
    // An English site's: thousands with a comma, no decimals.
    function number_format_i18n( $number ) { return number_format( $number ); }
    // An English site's: PHP's own names of months and weekdays.
    function wp_date( $format, $timestamp, $zone ) {
      return ( new DateTimeImmutable( '@' . $timestamp ) )->setTimezone( $zone )->format( $format );
    }
    ${stubs}
    ${requires.map((file) => `require ${JSON.stringify(path.join(INCLUDES, file))};`).join('\n')}
    ${code}`;
  return execFileSync('php', ['-d', 'display_errors=stderr'], { input: program, encoding: 'utf8' });
}

/**
 * `value` as a PHP expression (arrays for objects and lists), whatever characters its strings hold: a
 * `$` or a quote is never read as PHP.
 */
export const phpValue = (value: unknown): string =>
  `json_decode( base64_decode( '${Buffer.from(JSON.stringify(value)).toString('base64')}' ), true )`;

/**
 * WordPress's REST dispatch inside a page, for the file that asks the donations route
 * (includes/search/search-route.php): the route answers as Donation Manager's does, through wp_send_json(),
 * with `$route_answer` (`status`, `text`: its body as printed). Each function follows the branch WordPress
 * takes there: wp_die() while the capture says it answers Ajax (its die handler), status_header() through
 * its filter.
 */
export const ROUTE_STUBS = `
  class WP_REST_Request { public function __construct( $method, $route ) {} }
  class WP_REST_Server {}
  function rest_get_server() { static $server = null; return $server ??= new WP_REST_Server(); }
  function status_header( $code ) {
    global $filters;
    $filter = $filters['status_header'] ?? null;
    if ( $filter ) { $filter( 'HTTP/1.1 ' . $code, $code ); }
  }
  function wp_die( $message = '', $title = '', $args = array() ) {
    global $filters;
    $handler = $filters['wp_die_ajax_handler']( '_ajax_wp_die_handler' );
    $handler( $message, $title, $args );
  }
  function rest_do_request( $request ) {
    global $route_answer;
    status_header( $route_answer['status'] );
    echo $route_answer['text'];
    wp_die( '', '', array( 'response' => null ) );
  }
  function wp_json_encode( $data, $flags = 0 ) { return json_encode( $data, $flags ); }
  function wp_unslash( $value ) { return is_array( $value ) ? array_map( 'wp_unslash', $value ) : stripslashes( $value ); }
  // WordPress's steps for a value without octets of invalid UTF-8: tags, line breaks and tabs, percent octets, spaces.
  function sanitize_text_field( $text ) {
    $text = preg_replace( '/[\\r\\n\\t ]+/', ' ', strip_tags( $text ) );
    return trim( preg_replace( '/ +/', ' ', preg_replace( '/%[a-f0-9]{2}/i', '', $text ) ) );
  }`;
