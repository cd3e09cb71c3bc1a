/**
 * The plugin's side of the one rule for the address's parameters the printed search reads or carries
 * (includes/search/printed-search.php, donation_widgets_address_parameters(), on the island's markup and
 * Donation Manager's form alike), without a WordPress: PHP reads each case's query string into `$_GET`
 * itself, slashed as WordPress slashes it. The demo's reading runs the same cases
 * (mock-server/test/address-parameters.test.js).
 */
import cases from '../../mock-server/demo/address-parameters.cases.json' with { type: 'json' };
import { phpValue, runPhp } from './php-cli.ts';

const shared = cases as { case: string; query: string; parameters: [string, string][] }[];
/** The parameters PHP reads from each case's query string, in one run of php-cli (a byte that is no UTF-8 as U+FFFD). */
let read: [string, string][][] = [];
beforeAll(() => {
  read = JSON.parse(
    runPhp(
      `echo json_encode( array_map( function ( $query ) {
        parse_str( $query, $_GET );
        $_GET = add_magic_quotes( $_GET );
        $read = array();
        foreach ( donation_widgets_address_parameters() as $name => $value ) {
          $read[] = array( (string) $name, $value );
        }
        return $read;
      }, array_column( ${phpValue(shared)}, 'query' ) ), JSON_INVALID_UTF8_SUBSTITUTE );`,
      {
        requires: ['search/printed-search.php'],
        stubs: `
          function add_magic_quotes( $value ) { return is_array( $value ) ? array_map( 'add_magic_quotes', $value ) : addslashes( $value ); }
          function wp_unslash( $value ) { return is_array( $value ) ? array_map( 'wp_unslash', $value ) : stripslashes( $value ); }`,
      },
    ),
  );
});

test.each(shared.map((rule, index) => ({ ...rule, index })))('$case', (rule) => {
  expect(read[rule.index]).toEqual(rule.parameters);
});
