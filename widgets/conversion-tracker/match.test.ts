import { DEFAULT_CONVERSIONS } from './analytics-defaults.ts';
import { findConversion, searchTerm } from './match.ts';

const thankYou = DEFAULT_CONVERSIONS[0] as (typeof DEFAULT_CONVERSIONS)[number];

describe('findConversion', () => {
  it.each([
    ['/thank-you/', '/thank-you/'],
    ['/thank-you', '/thank-you/'],
    ['/thank-you//', '/thank-you/'],
    ['/donate/thank-you/', '/thank-you/'],
    ['/blog/wp/thank-you', '/thank-you/'],
    ['/sign-up/sign-up-complete/', '/sign-up/sign-up-complete/'],
    ['/de/sign-up/sign-up-complete', '/sign-up/sign-up-complete/'],
    ['/no-thank-you/', undefined],
    ['/thank-you/receipt/', undefined],
    ['/sign-up-complete/', undefined],
    ['/sign-up/', undefined],
    ['/', undefined],
  ])('%s matches %s', (pathname, expected) => {
    expect(findConversion(pathname, DEFAULT_CONVERSIONS)?.path).toBe(expected);
  });

  it.each([
    ['/thank-you', '/thank-you/'],
    ['/thank-you/', '/thank-you'],
  ])('a configured path %s matches %s', (path, pathname) => {
    const conversions = [{ ...thankYou, path }];
    expect(findConversion(pathname, conversions)).toBe(conversions[0]);
  });

  it('a conversion on "/" matches the home page only, not every page', () => {
    const conversions = [{ ...thankYou, path: '/' }];
    expect(findConversion('/', conversions)).toBe(conversions[0]);
    expect(findConversion('/about/', conversions)).toBeUndefined();
  });
});

describe('searchTerm', () => {
  const params = ['q', 's', 'search', 'query', 'keyword'];
  it.each([
    ['?s=sofa', 'sofa'],
    ['?q=desk', 'desk'],
    ['?search=lamp', 'lamp'],
    ['?query=rug', 'rug'],
    ['?keyword=crib', 'crib'],
    ['?s=+two%20words+', 'two words'],
    ['?s=', ''],
    ['?s=%20%20', ''],
    ['?page=2', ''],
    ['', ''],
    ['?S=sofa', ''],
    ['?s=&q=desk', 'desk'],
    ['?keyword=crib&q=desk', 'desk'],
  ])('%j gives %j', (search, term) => {
    expect(searchTerm(search, params)).toBe(term);
  });

  it('reads only the configured parameters', () => {
    expect(searchTerm('?s=sofa&find=desk', ['find'])).toBe('desk');
  });
});
