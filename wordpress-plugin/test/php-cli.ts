/**
 * The plugin's PHP run in php-cli, without a WordPress: how the tests hold a rule the PHP shares with
 * the bundle (a `*.cases.json` of src/shared/) to the same verdicts.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const INCLUDES = path.join(import.meta.dirname, '../donation-widgets/includes');

/** WordPress's translation function, answering in English, which most of the included files call. */
export const ENGLISH = 'function __( $text ) { return $text; }';

/**
 * What `code` prints, run after `includes` (files of the plugin's includes/ folder) are required, with
 * `ABSPATH` defined and the WordPress functions they call stood in for by `stubs` (PHP). A notice or a
 * warning goes to stderr, where vitest shows it.
 */
export function php(
  code: string,
  { includes = [], stubs = ENGLISH }: { includes?: string[]; stubs?: string } = {},
) {
  const program = `<?php
    define( 'ABSPATH', '/' );
    ${stubs}
    ${includes.map((file) => `require ${JSON.stringify(path.join(INCLUDES, file))};`).join('\n')}
    ${code}`;
  return execFileSync('php', ['-d', 'display_errors=stderr'], { input: program, encoding: 'utf8' });
}

/**
 * `value` as a PHP expression (arrays for objects and lists), whatever characters its strings hold: a
 * `$` or a quote is never read as PHP.
 */
export const phpValue = (value: unknown): string =>
  `json_decode( base64_decode( '${Buffer.from(JSON.stringify(value)).toString('base64')}' ), true )`;
