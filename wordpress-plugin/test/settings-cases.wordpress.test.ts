/**
 * The plugin's side of the settings schema, on a real WordPress (its own schema functions check each
 * save): the settings screen saves exactly the values src/shared/settings.cases.json says, the values
 * src/shared/settings-schema.test.ts holds the bundle's page config readers to.
 */
import { beforeAll, expect, test } from 'vitest';
import cases from '../../src/shared/settings.cases.json' with { type: 'json' };
import { phpValue } from './php-cli.ts';
import { runPhp } from './wordpress-server.ts';
import { describeWordPress, suiteSite } from './wordpress-suite.ts';

type Case = [field: string, value: string | number, taken: boolean];

interface Verdict {
  saved: unknown;
  refused: boolean;
}

const wordpress = suiteSite();
const shared = cases as Case[];

describeWordPress('the settings take what the bundle takes', () => {
  const verdicts: Verdict[] = [];
  beforeAll(async () => {
    if (!wordpress) return;
    // Each value as the settings form sends it: text.
    const sent = shared.map(([field, value]) => [field, String(value)]);
    const answer = await runPhp(
      wordpress,
      `require_once ABSPATH . 'wp-admin/includes/template.php';
      $verdicts = array();
      foreach ( ${phpValue(sent)} as list( $field, $value ) ) {
        $GLOBALS['wp_settings_errors'] = array();
        $saved = call_user_func( donation_widgets_settings()[ $field ]['sanitize'], $value );
        $verdicts[] = array( 'saved' => $saved, 'refused' => array() !== get_settings_errors( $field ) );
      }
      echo wp_json_encode( $verdicts );`,
    );
    verdicts.push(...(JSON.parse(answer) as Verdict[]));
  });

  test.each(shared.map((entry, index) => [...entry, index] as const))(
    'the settings screen takes %s %j as the bundle does: %s',
    (_field, value, taken, index) => {
      const { saved, refused } = verdicts[index] ?? { saved: undefined, refused: undefined };
      expect(taken ? { saved, refused } : { refused }).toEqual(
        taken ? { saved: value, refused: false } : { refused: true },
      );
    },
  );
});

describeWordPress('a refused value outside the settings screen', () => {
  test('keeps the previous value where the Settings API is not loaded (a command line, another plugin), with no fatal error', async () => {
    if (!wordpress) return;
    // As `wp option update` or another plugin's update_option() would: wp-load.php alone, no wp-admin.
    const answer = await runPhp(
      wordpress,
      `$option = DONATION_WIDGETS_OPTION;
      $before  = get_option( $option );
      $values  = is_array( $before ) ? $before : array();
      update_option( $option, array_merge( $values, array( 'donation_widgets_map_provider' => 'leaflet' ) ) );
      update_option( $option, array_merge( $values, array( 'donation_widgets_map_provider' => 'bing' ) ) );
      $kept = donation_widgets_get( 'donation_widgets_map_provider' );
      update_option( $option, $before );
      echo wp_json_encode( array( 'loaded' => function_exists( 'add_settings_error' ), 'kept' => $kept ) );`,
    );
    expect(JSON.parse(answer)).toEqual({ loaded: false, kept: 'leaflet' });
  });
});
