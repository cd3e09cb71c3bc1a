/**
 * The bound on what decoding a JSON boundary file takes, without a WordPress: for each shape a file can
 * take, the bound counted from the text is at least what json_decode() takes at its peak, so a file
 * that passes it cannot run PHP out of memory while it is decoded. The WordPress suite (boundaries-screen) sees the refusal under a low memory_limit.
 */
import { runPhp } from './php-cli.ts';

/**
 * Each shape as a PHP expression of about 1 MB of JSON: what a text takes grows with its arrays, objects
 * and elements, so the bound that holds here holds at the 8 MB a bundle may have (where the nested arrays
 * take some 850 MB, more than a shared machine should spend on a test).
 */
const SHAPES: Record<string, string> = {
  'nested one-element arrays': `'[' . str_repeat( str_repeat( '[', 60 ) . '0' . str_repeat( ']', 60 ) . ',', 8500 ) . '0]'`,
  'one-element arrays': `'[' . str_repeat( '[0],', 250000 ) . '0]'`,
  'a dense bundle of arcs': `'{"type":"Topology","arcs":[' . str_repeat( '[' . implode( ',', array_fill( 0, 30, '[12,-3]' ) ) . '],', 4250 ) . '[[0,0],[1,1]]],"objects":{}}'`,
  'empty arrays': `'[' . str_repeat( '[],', 340000 ) . '0]'`,
  'one-key objects': `'[' . str_repeat( '{"a":0},', 125000 ) . '0]'`,
  'objects of many long keys': `'[' . str_repeat( '{"ab":0,"cd":1,"ef":2,"gh":3,"ij":4,"kl":5,"mn":6,"op":7,"qr":8},', 15000 ) . '0]'`,
  'short strings': `'[' . str_repeat( '"ab",', 200000 ) . '0]'`,
  'long strings': `'[' . str_repeat( '"' . str_repeat( 'x', 100 ) . '",', 10000 ) . '0]'`,
};

test.each(Object.keys(SHAPES))('the bound counted from the text holds what decoding %s takes', (shape) => {
  const measured = JSON.parse(
    runPhp(
      `$text = ${SHAPES[shape]};
      memory_reset_peak_usage();
      $before = memory_get_usage();
      $json = json_decode( $text, true, 64 );
      echo json_encode( array( 'decoded' => null !== $json, 'size' => strlen( $text ), 'peak' => memory_get_peak_usage() - $before, 'bound' => donation_widgets_json_decode_bytes( $text ) ) );`,
      { requires: ['boundaries/boundaries-memory.php'] },
    ),
  );
  expect(measured.decoded).toBe(true);
  expect(measured.size).toBeGreaterThan(900 * 1024);
  expect(measured.size).toBeLessThan(1100 * 1024);
  expect(measured.bound).toBeGreaterThanOrEqual(measured.peak);
});
