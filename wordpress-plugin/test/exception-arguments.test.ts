/**
 * Nothing the plugin throws carries text to print unescaped: the rule of WPCS's
 * WordPress.Security.EscapeOutput.ExceptionNotEscaped, which Plugin Check reports as an error
 * (exception-arguments.mjs says what is checked and how it differs from the sniff).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unescapedExceptionArguments } from './exception-arguments.mjs';

const PLUGIN = path.join(import.meta.dirname, '../donation-widgets');

function pluginSources(): Record<string, string> {
  const files = readdirSync(PLUGIN, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.php'));
  return Object.fromEntries(files.map((file) => [file, readFileSync(path.join(PLUGIN, file), 'utf8')]));
}

test('no exception the plugin throws is handed a variable or an unescaped call', () => {
  const sources = pluginSources();
  expect(Object.keys(sources)).toContain('includes/search/search-route.php');
  expect(unescapedExceptionArguments(sources)).toEqual([]);
});

test('the check flags what the sniff flags and passes literals and escaped text', () => {
  const findings = unescapedExceptionArguments({
    'flagged.php': `<?php
      throw new Route_Ended( $message, $args );
      throw new \\RuntimeException( sprintf( 'No route %s', $name ), 500 );
      throw make_error( 'Failed: ' . $error->get_error_message() );`,
    'passed.php': `<?php
      throw new Route_Ended();
      throw $caught;
      throw new Exception( 'The route ended.', 3 );
      throw new Exception( esc_html( $message ) . ' (' . absint( $code ) . ')' );
      throw new Exception( \\esc_html__( 'Gone', 'donation-widgets' ), null );`,
  });
  expect(findings).toEqual([
    { file: 'flagged.php', line: 2, argument: '$message' },
    { file: 'flagged.php', line: 2, argument: '$args' },
    { file: 'flagged.php', line: 3, argument: "sprintf ( 'No route %s' , $name )" },
    { file: 'flagged.php', line: 4, argument: "'Failed: ' . $error -> get_error_message ( )" },
  ]);
});
