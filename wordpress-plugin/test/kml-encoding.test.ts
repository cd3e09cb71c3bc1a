/**
 * A KML boundary file that declares an encoding other than UTF-8 is refused in words before libxml reads
 * it, without a WordPress: libxml would otherwise hand the bytes to iconv (UTF-7 turns `+ADw-` into `<`).
 * The WordPress suite (boundaries-abuse) checks the same through the upload's own check.
 */
import { phpValue, runPhp } from './php-cli.ts';

const KML = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>44001</name><Polygon><outerBoundaryIs><LinearRing><coordinates>-82,41 -82.1,41 -82.1,41.1 -82,41</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>
`;

/** What the KML check says of each file: '' when it reads it, its refusal otherwise. */
function verdicts(files: Record<string, string>): Record<string, string> {
  const program = `$verdicts = array();
    foreach ( ${phpValue(files)} as $what => $content ) {
      $read = donation_widgets_read_kml( '44001', $content );
      $verdicts[ $what ] = is_string( $read ) ? $read : '';
    }
    echo json_encode( $verdicts );`;
  const stubs = `const DONATION_WIDGETS_KML_NS = 'http://www.opengis.net/kml/2.2';`;
  return JSON.parse(runPhp(program, { requires: ['boundaries/boundaries-kml.php'], stubs }));
}

test('a declaration of UTF-8, in any case and with or without its hyphen, is read', () => {
  const names = ['UTF-8', 'utf-8', 'Utf8', 'UTF8'];
  expect(verdicts(Object.fromEntries(names.map((name) => [name, KML(name)])))).toEqual(
    Object.fromEntries(names.map((name) => [name, ''])),
  );
});

test('a declaration of any other encoding is refused before it is parsed, naming the encoding', () => {
  const names = ['UTF-7', 'ISO-8859-1', 'US-ASCII', 'utf_8', 'UTF-16', 'windows-1252'];
  expect(verdicts(Object.fromEntries(names.map((name) => [name, KML(name)])))).toEqual(
    Object.fromEntries(
      names.map((name) => [name, `it declares the encoding ${name}; a boundary file is UTF-8.`]),
    ),
  );
});

test('a declaration in single quotes with spaces around its equals sign is read the same way', () => {
  const file = KML('UTF-7').replace('encoding="UTF-7"', "encoding = 'UTF-7'");
  expect(verdicts({ file })).toEqual({ file: 'it declares the encoding UTF-7; a boundary file is UTF-8.' });
});
