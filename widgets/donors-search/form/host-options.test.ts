import { DEFAULT_OPTIONS, readSearchOptions } from './host-options.ts';

const host = (attributes: Record<string, string>) => {
  const element = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
};

const read = (attributes: Record<string, string>) => {
  const problems: string[] = [];
  const options = readSearchOptions(host(attributes), (error) => problems.push(error.message));
  return { options, problems };
};

describe('readSearchOptions', () => {
  test('no attributes give the original choices: 15/30/45/60 miles and 30/45/60/90 days', () => {
    expect(read({})).toEqual({ options: DEFAULT_OPTIONS, problems: [] });
    expect(DEFAULT_OPTIONS).toMatchObject({
      radiusOptions: ['15', '30', '45', '60'],
      daysOptions: ['30', '45', '60', '90'],
    });
  });

  test.each([
    [
      { 'data-radius-options': '5, 10,25', 'data-radius': '10' },
      { radiusOptions: ['5', '10', '25'], radius: '10' },
    ],
    [
      { 'data-days-options': '7,14', 'data-days': '14' },
      { daysOptions: ['7', '14'], days: '14' },
    ],
    [{ 'data-radius-options': '5,10' }, { radiusOptions: ['5', '10'], radius: '5' }],
    [{ 'data-zipcode': ' 10001 ' }, { zipcode: '10001' }],
    [{ 'data-locate': 'off' }, { locate: false }],
    [{ 'data-locate': ' on ' }, { locate: true }],
  ])('%j overrides %j', (attributes, expected) => {
    const { options, problems } = read(attributes);
    expect(options).toMatchObject(expected);
    expect(problems).toEqual([]);
  });

  test.each([
    [
      { 'data-radius-options': 'ten,20' },
      'data-radius-options must be a comma-separated list of whole numbers, got "ten,20"; using 15, 30, 45, 60.',
    ],
    [
      { 'data-radius-options': '' },
      'data-radius-options must be a comma-separated list of whole numbers, got ""; using 15, 30, 45, 60.',
    ],
    [{ 'data-days': '7' }, 'data-days must be one of 30, 45, 60, 90, got "7"; using 30.'],
    [{ 'data-locate': 'no' }, 'data-locate must be on or off, got "no"; using on.'],
    [{ 'data-radius': '<script>' }, 'data-radius must be one of 15, 30, 45, 60, got "<script>"; using 15.'],
  ])('a bad value %j is reported once and its default used', (attributes, problem) => {
    const { options, problems } = read(attributes);
    expect(problems).toEqual([problem]);
    expect(options).toMatchObject({ radius: DEFAULT_OPTIONS.radius, days: DEFAULT_OPTIONS.days });
  });
});
