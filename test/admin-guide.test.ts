/**
 * docs/admin.md is for an admin who is not a developer: short enough to read through, naming every field
 * of the settings screen as the screen words it, with no developer matter (that lives in developing.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const guide = read('docs/admin.md');
const PLUGIN = 'wordpress-plugin/donation-widgets/includes/';

/** The most an admin is asked to read. */
const MOST_WORDS = 2500;

/** Each string a PHP file passes to `__()` right after `key =>` (a field's label, a checkbox's words). */
const phpStrings = (file: string, key: string) =>
  [
    ...read(file).matchAll(
      new RegExp(`'${key}'\\s*=>\\s*__\\(\\s*(?:'((?:[^'\\\\]|\\\\.)*)'|"([^"]*)")`, 'g'),
    ),
  ].map(([, single, double]) => (single ?? double ?? '').replace(/\\'/g, "'"));

/** Each string a screen prints with esc_html_e() or esc_html__() that names a control. */
const screenWords = (file: string, words: string[]) => {
  const source = read(file);
  for (const text of words) if (!source.includes(text)) throw new Error(`${file} no longer says "${text}"`);
  return words;
};

const FIELDS = [
  ...phpStrings(`${PLUGIN}settings/settings.php`, 'label'),
  ...phpStrings(`${PLUGIN}consent/consent-settings.php`, 'label'),
  ...phpStrings(`${PLUGIN}settings/settings-page.php`, 'box'),
  ...screenWords(`${PLUGIN}settings/settings-page.php`, ['Report site searches', 'Place an island']),
  ...screenWords(`${PLUGIN}boundaries/boundaries-screen.php`, [
    'The downloaded file',
    'Only these zips (optional)',
    'Make and publish the files',
  ]),
  ...screenWords(`${PLUGIN}donation-manager/donation-manager-admin.php`, [
    "Retire Donation Manager's donors search script, its Google Maps script and its scripts.js",
  ]),
];

describe('the admin guide', () => {
  it(`is at most ${MOST_WORDS} words`, () => {
    expect(guide.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(MOST_WORDS);
  });

  it.each(FIELDS)('names the settings screen’s "%s" as the screen words it', (field) => {
    expect(FIELDS.length).toBeGreaterThan(15);
    expect(guide).toContain(field);
  });

  it('leaves developer matter to developing.md: no test files, filters, page config keys or npm scripts but the one that builds the zip', () => {
    const developerMatter = [
      /\.test\.ts\b/,
      /\bdonation_widgets_[a-z_]+\b/,
      /`(?:maps|analytics)\.[a-zA-Z]+`/,
      /npm run (?!plugin\b)[a-z]/,
      /add_filter|apply_filters/,
    ];
    expect(developerMatter.filter((pattern) => pattern.test(guide)).map(String)).toEqual([]);
  });

  it('says where the zip comes from: a release, made by the release steps in developing.md', () => {
    expect(guide).toContain('(developing.md#release-steps)');
    expect(read('docs/developing.md')).toMatch(/### Release steps\n[\s\S]*npm run plugin/);
  });
});
