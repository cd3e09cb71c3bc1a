/**
 * The plugin's side of the one reading of "the JSON an answer ends with", without a WordPress: the
 * printed search reads what the donations route printed (includes/search/search-route.php) exactly as the
 * island's REST client reads an answer (src/shared/json-tail.cases.json, which
 * src/shared/json-tail.test.ts runs against jsonTail).
 */
import cases from '../../src/shared/json-tail.cases.json' with { type: 'json' };
import { phpValue, runPhp } from './php-cli.ts';

const shared = cases as { case: string; output: string; json?: unknown }[];
/** The JSON text the PHP finds at the end of each case's output, or null, in one run of php-cli. */
let tails: (string | null)[] = [];
beforeAll(() => {
  tails = JSON.parse(
    runPhp(
      `echo json_encode( array_map( 'donation_widgets_json_tail', array_column( ${phpValue(shared)}, 'output' ) ) );`,
      {
        requires: ['search/search-route.php'],
      },
    ),
  );
});

test.each(shared.map((rule, index) => ({ ...rule, index })))('$case', (rule) => {
  const tail = tails[rule.index];
  expect(tail === null || tail === undefined ? undefined : { json: JSON.parse(tail) }).toEqual(
    'json' in rule ? { json: rule.json } : undefined,
  );
});
