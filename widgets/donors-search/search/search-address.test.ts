import { addressWith, queryInAddress, sameQuery } from './search-address.ts';

const FIRST = { zipcode: 'zipcode', radius: 'radius', days: 'days' };
const SECOND = { zipcode: 'zipcode-2', radius: 'radius-2', days: 'days-2' };
const DEFAULTS = { zipcode: '', radius: '15', days: '30' };

describe('a search in the page’s address', () => {
  test('is read per copy, trimmed and otherwise as written; a missing radius or days takes the form’s', () => {
    const url = 'https://example.org/p/?zipcode=%2060601%20&radius=30&days=90&zipcode-2=abc';
    expect(queryInAddress(url, FIRST, DEFAULTS)).toEqual({ zipcode: '60601', radius: '30', days: '90' });
    expect(queryInAddress(url, SECOND, DEFAULTS)).toEqual({ zipcode: 'abc', radius: '15', days: '30' });
    expect(queryInAddress('https://example.org/?p=12', FIRST, DEFAULTS)).toBeUndefined();
  });

  test('is written under the copy’s names, keeping every other parameter and the fragment', () => {
    const url = addressWith('https://example.org/?p=12&zipcode=1#results', SECOND, {
      zipcode: '10001',
      radius: '15',
      days: '30',
    });
    expect(url).toBe('https://example.org/?p=12&zipcode=1&zipcode-2=10001&radius-2=15&days-2=30#results');
  });

  test('two searches are the same when they ask the same', () => {
    expect(sameQuery({ ...DEFAULTS }, { ...DEFAULTS })).toBe(true);
    expect(sameQuery(DEFAULTS, { ...DEFAULTS, days: '90' })).toBe(false);
    expect(sameQuery(undefined, DEFAULTS)).toBe(false);
  });
});
