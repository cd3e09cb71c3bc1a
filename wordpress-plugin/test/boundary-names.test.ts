/**
 * The names of a set of zip boundary files, the plugin's side, without a WordPress: the settings
 * screen's tool stores exactly the names of the layout (src/shared/boundary-names.cases.json, which
 * src/shared/boundary-names.test.ts holds the bundle's names to), and an index written as the layout
 * says passes the plugin's check.
 */
import cases from '../../src/shared/boundary-names.cases.json' with { type: 'json' };
import { BUNDLE_FORMAT, BUNDLE_OBJECT } from '../../src/shared/boundary-names.js';
import { phpValue, runPhp } from './php-cli.ts';

/** Prints what `code` echoes, after boundaries-files.php. */
const php = (code: string) => runPhp(code, { requires: ['boundaries/boundaries-files.php'] });

const shared = cases as [string, string | null, string][];
const kinds = new Map<string, unknown>();
beforeAll(() => {
  const names = shared.map(([name]) => name);
  const read = JSON.parse(
    php(`echo json_encode( array_map( 'donation_widgets_boundary_kind', ${phpValue(names)} ) );`),
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
  expect(php(`var_export( donation_widgets_index_problem( ${phpValue(index)} ) );`)).toBe('NULL');
});
