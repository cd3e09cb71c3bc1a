/**
 * The plugin's side of translatable texts, without a WordPress: the .pot is current, the English the
 * PHP prints is the English the islands carry, and the printed markup's texts are replaced as text.
 * The PHP runs in php-cli with WordPress's translation functions stood in for.
 */
import { readFileSync } from 'node:fs';
import { SEARCH_TEXT_DEFAULTS } from '../../widgets/donors-search/english-texts.js';
import { LOCKED_LABEL } from '../../widgets/submit-lock/buttons.ts';
import { makePot, POT_FILE } from '../build/make-pot.mjs';
import { textsOf } from '../build/markup-texts-php.mjs';
import { runPhp } from './php-cli.ts';

/** Runs `code` after translations.php, with __() and _n() answering from `translations` (English otherwise). */
const php = (code: string, translations: Record<string, string> = {}): string =>
  runPhp(code, { translations, requires: ['translations.php'] });

test('the committed .pot holds every translatable string of the plugin as it is now (npm run pot)', () => {
  expect(readFileSync(POT_FILE, 'utf8')).toBe(makePot());
});

test('the English the plugin prints is, key for key, the English the islands carry', () => {
  const texts = JSON.parse(php('echo json_encode( donation_widgets_texts(), JSON_FORCE_OBJECT );'));
  expect(texts).toEqual({
    'donors-search': JSON.parse(JSON.stringify(SEARCH_TEXT_DEFAULTS)),
    'submit-lock': { busy: LOCKED_LABEL },
  });
});

test('an English site prints no texts; a translated one prints only what its language words otherwise', () => {
  expect(php('echo json_encode( donation_widgets_translated_texts() );')).toBe('[]');
  const printed = JSON.parse(
    php('echo json_encode( donation_widgets_translated_texts() );', {
      Search: 'Chercher',
      'Found {count} donation within {radius} miles of {zipcode} in the last {days} days.':
        '{count} don trouvé à {radius} milles de {zipcode}.',
    }),
  );
  expect(printed).toEqual({
    'donors-search': {
      search: 'Chercher',
      found: {
        0: SEARCH_TEXT_DEFAULTS.found[0],
        1: '{count} don trouvé à {radius} milles de {zipcode}.',
        2: SEARCH_TEXT_DEFAULTS.found[2],
      },
    },
  });
});

describe('the printed markup’s texts', () => {
  const markup =
    '<p class="a">\n  <strong>Fish &amp; chips</strong> aren’t <em>served</em> "cold".\n</p><img alt="A &quot;truck&quot;" src="t.jpg">';
  /** markup/texts.php's entries for `markup`, as PHP. */
  const entries = `array(
    array( 'Fish &amp; chips', 'Fish & chips', __( 'Fish & chips' ), '' ),
    array( ' "cold".\n', '"cold".', __( '"cold".' ), '' ),
    array( 'A &quot;truck&quot;', 'A "truck"', __( 'A "truck"' ), 'alt' ) )`;

  it('are found in any markup, text nodes and worded attributes, as a translator reads them and as the markup holds them', () => {
    expect(textsOf(`${markup}<style>p{}</style>%%content%%`)).toEqual([
      { raw: 'Fish &amp; chips', text: 'Fish & chips' },
      { raw: ' aren’t ', text: 'aren’t' },
      { raw: 'served', text: 'served' },
      { raw: ' "cold".\n', text: '"cold".' },
      { raw: 'A &quot;truck&quot;', text: 'A "truck"', attribute: 'alt' },
    ]);
  });

  it('are replaced by their translation as text, keeping the whitespace around them', () => {
    const translated = php(
      `echo donation_widgets_translate_markup_with( ${entries}, ${JSON.stringify(markup)} );`,
      { 'Fish & chips': 'Poisson <frit>', '"cold".': '« froids ».', 'A "truck"': 'Un "camion"' },
    );
    expect(translated).toBe(
      '<p class="a">\n  <strong>Poisson &lt;frit&gt;</strong> aren’t <em>served</em> « froids ».\n</p><img alt="Un &quot;camion&quot;" src="t.jpg">',
    );
  });

  it('are left byte for byte when nothing is translated', () => {
    const same = php(`echo donation_widgets_translate_markup_with( ${entries}, ${JSON.stringify(markup)} );`);
    expect(same).toBe(markup);
  });
});
