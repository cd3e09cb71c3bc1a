/**
 * The names of a set of zip boundary files, the plugin's side, without a WordPress: the settings
 * screen's tool stores exactly the names of the layout (src/shared/boundary-names.cases.json, which
 * src/shared/boundary-names.test.ts holds the bundle's names to), and an index written as the layout
 * says passes the plugin's check.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import cases from '../../src/shared/boundary-names.cases.json' with { type: 'json' };
import { BUNDLE_FORMAT, BUNDLE_OBJECT } from '../../src/shared/boundary-names.js';

const FILES_PHP = path.join(import.meta.dirname, '../donation-widgets/includes/boundaries-files.php');

/** Prints what `code` echoes, after boundaries-files.php, with WordPress's __() stood in for. */
function php(code: string): string {
  const program = `<?php
    define( 'ABSPATH', '/' );
    function __( $text ) { return $text; }
    require ${JSON.stringify(FILES_PHP)};
    ${code}`;
  return execFileSync('php', ['-d', 'display_errors=stderr'], { input: program, encoding: 'utf8' });
}

const shared = cases as [string, string | null, string][];
const kinds = new Map<string, unknown>();
beforeAll(() => {
  const names = shared.map(([name]) => name);
  const read = JSON.parse(
    php(
      `echo json_encode( array_map( 'donation_widgets_boundary_kind', json_decode( ${JSON.stringify(JSON.stringify(names))}, true ) ) );`,
    ),
  ) as unknown[];
  for (const [index, kind] of read.entries()) kinds.set(names[index] as string, kind);
});

test.each(shared)('the plugin reads %j as %s %s', (name, kind, code) => {
  expect(kinds.get(name)).toEqual(kind ? { kind, code } : null);
});

test('an index with the format and object of the layout passes the plugin’s check', () => {
  const index = {
    format: BUNDLE_FORMAT,
    object: BUNDLE_OBJECT,
    precision: 5,
    bundles: { 100: ['100', '101'] },
  };
  expect(
    php(
      `var_export( donation_widgets_index_problem( json_decode( ${JSON.stringify(JSON.stringify(index))}, true ) ) );`,
    ),
  ).toBe('NULL');
});
