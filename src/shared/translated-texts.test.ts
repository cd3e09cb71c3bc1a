import { parseTestSection } from '../../test/island-context.ts';
import { pluralText } from './plural.ts';
import { fillText, templateParts, textsSection } from './translated-texts.ts';

const DEFAULTS = {
  working: 'Working...',
  found: 'Found {count} donations near {zipcode}.',
  donations: { 0: '{count} donations', 1: '{count} donation', 2: '{count} donations' },
};
const parse = textsSection('donors-search', DEFAULTS);

describe('an island’s texts from the page config', () => {
  it('are the English defaults when the config has no texts', () => {
    expect(parseTestSection(parse, {})).toEqual({ config: DEFAULTS, problems: [] });
  });

  it('take the site’s translations, placeholders in any order', () => {
    const { config, problems } = parseTestSection(parse, {
      texts: {
        'donors-search': {
          working: 'Un instant…',
          found: '{zipcode} : {count} dons.',
          donations: { 1: '{count} don', 2: '{count} dons' },
        },
        'submit-lock': { busy: 'ignored here' },
      },
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      working: 'Un instant…',
      found: '{zipcode} : {count} dons.',
      donations: { 1: '{count} don', 2: '{count} dons' },
    });
  });

  it('report each bad value once, naming its key, and keep its default', () => {
    const { config, problems } = parseTestSection(parse, {
      texts: {
        'donors-search': {
          working: 42,
          found: 'Found {count} donations.',
          donations: { one: '{count} don' },
          unknown: 'is ignored',
        },
      },
    });
    expect(config).toEqual(DEFAULTS);
    expect(problems).toEqual([
      'texts.donors-search.working: a string',
      'texts.donors-search.found: a string with the placeholders {count},{zipcode}',
      'texts.donors-search.donations: an object of counts to a string with the placeholders {count}',
    ]);
  });

  it('report a texts section or island entry that is not an object', () => {
    expect(parseTestSection(parse, { texts: 'fr' }).problems).toEqual(['texts: an object']);
    expect(parseTestSection(parse, { texts: { 'donors-search': [] } }).problems).toEqual([
      'texts.donors-search: an object',
    ]);
  });
});

describe('placeholders', () => {
  it('are filled as text, even a value that looks like markup or a placeholder', () => {
    expect(fillText('ERROR: {message} {advice}', { message: '<b>{advice}</b>', advice: 'Again.' })).toBe(
      'ERROR: <b>{advice}</b> Again.',
    );
  });

  it('split a template into text and names, for values that are elements', () => {
    expect(templateParts('Found {count} donations within {radius} miles.')).toEqual([
      'Found ',
      { name: 'count' },
      ' donations within ',
      { name: 'radius' },
      ' miles.',
    ]);
    expect(templateParts('{count}')).toEqual([{ name: 'count' }]);
  });
});

describe('plural texts', () => {
  it('pick English’s one and other forms', () => {
    expect(pluralText(DEFAULTS.donations, 1, 'en-US')).toBe('{count} donation');
    expect(pluralText(DEFAULTS.donations, 0, 'en-US')).toBe('{count} donations');
    expect(pluralText(DEFAULTS.donations, 4212, 'en-US')).toBe('{count} donations');
  });

  it('pick the form WordPress gave a count of the same category, a missing count taking the one before', () => {
    // Polish: 1 one, 2–4 and 22–24 few, 0, 5–21 many; the plugin sent only the counts where the form changes.
    const polish = {
      0: '{count} darowizn',
      1: '{count} darowizna',
      2: '{count} darowizny',
      5: '{count} darowizn',
    };
    expect(pluralText(polish, 1, 'pl-PL')).toBe('{count} darowizna');
    expect(pluralText(polish, 23, 'pl-PL')).toBe('{count} darowizny');
    expect(pluralText(polish, 12, 'pl-PL')).toBe('{count} darowizn');
    expect(pluralText(polish, 125, 'pl-PL')).toBe('{count} darowizn');
  });

  it('give a count the form of the nearest smaller sample when its own was left out as unchanged', () => {
    // Arabic: 3–10 are "few"; forms the plugin sent for 0, 1 and 2 only mean 3 onwards read as 2.
    expect(pluralText({ 0: 'zero {count}', 1: 'one {count}', 2: 'two {count}' }, 5, 'ar')).toBe(
      'two {count}',
    );
  });

  it('read a lang that is no language tag as English', () => {
    expect(pluralText(DEFAULTS.donations, 1, 'not a tag!')).toBe('{count} donation');
  });
});
