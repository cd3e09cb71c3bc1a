/**
 * A ZIP+4 searched as its five-digit zip, one rule in the island and the demo (searched-zip.js) and in
 * the plugin's printed search (donation_widgets_searched_zip()).
 */
import { searchedZip } from '../../widgets/donors-search/search/searched-zip.js';
import { phpValue, runPhp } from './php-cli.ts';

const CASES: [typed: string, searched: string][] = [
  ['60601-1234', '60601'],
  ['60601', '60601'],
  ['60601-123', '60601-123'],
  ['60601 1234', '60601 1234'],
  ['606011234', '606011234'],
  ['60601-1234\n', '60601-1234\n'],
  ['abcde-1234', 'abcde-1234'],
  ['1234', '1234'],
  ['', ''],
];

test.each(CASES)('the island and the demo search %j as %j', (typed, searched) => {
  expect(searchedZip(typed)).toBe(searched);
});

test('the plugin searches each as the island does', () => {
  const searched = runPhp(
    `echo json_encode( array_map( 'donation_widgets_searched_zip', ${phpValue(CASES.map(([typed]) => typed))} ) );`,
    { requires: ['search/printed-search.php'] },
  );
  expect(JSON.parse(searched)).toEqual(CASES.map(([, zip]) => zip));
});
