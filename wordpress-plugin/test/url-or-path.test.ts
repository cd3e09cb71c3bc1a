/**
 * The plugin's side of the one "URL or a path" rule, without a WordPress: the settings' check and the
 * islands' attribute check take exactly the values the bundle's readers take
 * (src/shared/url-or-path.cases.json, which src/shared/url-or-path.test.ts runs against the readers).
 */
import cases from '../../src/shared/url-or-path.cases.json' with { type: 'json' };
import { phpValue, runPhp } from './php-cli.ts';

interface Verdict {
  /** Whether the settings' check takes it. */
  taken: boolean;
  /** What the island render says is wrong with it as a `url` attribute, '' when nothing is. */
  url: string;
  /** The same as an `image` attribute. */
  image: string;
}

/** The PHP's verdicts on the values, in one run of php-cli. */
function verdicts(values: string[]): Verdict[] {
  const program = `$verdicts = array();
      foreach ( ${phpValue(values)} as $value ) {
        $verdicts[] = array(
          'taken' => donation_widgets_is_url_or_path( $value ),
          'url'   => donation_widgets_value_problem( 'url', $value ),
          'image' => donation_widgets_value_problem( 'image', $value ),
        );
      }
      echo json_encode( $verdicts );`;
  return JSON.parse(runPhp(program, { requires: ['url-or-path.php', 'island-render.php'] }));
}

const shared = cases as [string, boolean][];
const answers = new Map<string, Verdict>();
beforeAll(() => {
  const values = shared.map(([value]) => value);
  for (const [index, verdict] of verdicts(values).entries()) answers.set(values[index] as string, verdict);
});

test.each(shared)('the settings take %j as the bundle does: %s', (value, taken) => {
  expect(answers.get(value)?.taken).toBe(taken);
});

// The render trims what an author wrote and lets an empty value mean the default, so the cases it is
// held to are those without spaces around them.
test.each(shared.filter(([value]) => value.trim() === value))(
  'a block or shortcode setting %j is refused unless the bundle takes it (taken: %s)',
  (value, taken) => {
    const fine = taken || value === '';
    const { url, image } = answers.get(value) ?? { url: '?', image: '?' };
    expect({ url: url === '', image: image === '' }).toEqual({ url: fine, image: fine });
  },
);
