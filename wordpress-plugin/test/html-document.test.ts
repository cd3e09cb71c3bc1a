/**
 * Another plugin's markup read with PHP's DOM (includes/html-document.php), without a WordPress: it comes
 * back as it was, byte for byte where libxml writes it the same way, whatever characters, scripts and
 * foreign elements it holds; markup the round trip would change, invalid UTF-8 or a NUL is not read at
 * all (the document is null), so that its owner's output is printed as it is.
 */
import { phpValue, runPhp } from './php-cli.ts';

/** Each markup's round trip: the markup written back, or null where it is not read. */
const roundTrips = (markups: string[]): (string | null)[] =>
  JSON.parse(
    runPhp(
      `echo json_encode( array_map( function ( $html ) {
        $document = donation_widgets_html_document( base64_decode( $html ) );
        return $document ? base64_encode( donation_widgets_html_fragment( $document ) ) : null;
      }, ${phpValue(markups.map((markup) => Buffer.from(markup, 'latin1').toString('base64')))} ) );`,
      { requires: ['html-document.php'] },
    ),
  ).map((back: string | null) => (back === null ? null : Buffer.from(back, 'base64').toString('latin1')));

/** UTF-8 text as the bytes PHP gets, one character per byte, so that invalid bytes can be written too. */
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

test('non-ASCII and emoji text, in text and attributes, come back as the same UTF-8 bytes', () => {
  const markup = bytes('<h2 title="Près de chez vous 🎉">Dons près de chez vous 🎉 — 寄付</h2>');
  expect(roundTrips([markup])).toEqual([markup]);
});

test('a script holding "</div>" comes back whole, and so does what follows it', () => {
  const markup = '<script>window.dmMarkup = "</div>"; go();</script><form id="donors-in-your-area"></form>';
  expect(roundTrips([markup])).toEqual([markup]);
});

test('an SVG and a template come back as a browser reads them', () => {
  expect(
    roundTrips(
      [
        '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
        '<template><p>Modèle</p></template>',
      ].map(bytes),
    ),
  ).toEqual([
    // Names in lower case and the self-closed circle closed, which is how a browser reads it in an SVG.
    '<svg viewbox="0 0 10 10"><circle cx="5" cy="5" r="4"></circle></svg>',
    bytes('<template><p>Modèle</p></template>'),
  ]);
});

test("Donation Manager's own markup comes back as it was", () => {
  const markup = bytes(
    '<label for="radius">Radius</label><br /><select name="radius" id="radius"><option value="15" selected="selected">15 miles</option></select><input type="number" name="zipcode" id="zipcode" class="form-control" />',
  );
  expect(roundTrips([markup])).toEqual([
    '<label for="radius">Radius</label><br><select name="radius" id="radius"><option value="15" selected>15 miles</option></select><input type="number" name="zipcode" id="zipcode" class="form-control">',
  ]);
});

test('invalid UTF-8, a NUL and markup the round trip would change are not read', () => {
  expect(
    roundTrips([
      '<p>Caf\xe9</p>',
      `${bytes('<p>Dons ')}\xff\xfe${bytes(' près</p>')}`,
      '<p>a\0b</p>',
      // libxml closes the paragraph before the div and drops the stray end tag: not what was printed.
      '<p>a<div>b</div></p>',
    ]),
  ).toEqual([null, null, null, null]);
});

test('an emoji title put into a document is written as its UTF-8 bytes', () => {
  const written = runPhp(
    `$document = donation_widgets_html_document( '<table><tbody></tbody></table>' );
    $cell = $document->getElementsByTagName( 'tbody' )->item( 0 )->appendChild( $document->createElement( 'tr' ) )->appendChild( $document->createElement( 'td' ) );
    $cell->appendChild( $document->createTextNode( ${phpValue('Sofa 🛋️ & chaise <b>')} ) );
    echo donation_widgets_html_fragment( $document );`,
    { requires: ['html-document.php'] },
  );
  expect(written).toBe('<table><tbody><tr><td>Sofa 🛋️ &amp; chaise &lt;b&gt;</td></tr></tbody></table>');
});
