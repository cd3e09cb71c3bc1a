import { pathSegment, searchPath } from './search-request.ts';

describe('searchPath puts each value in one path segment, whatever it holds', () => {
  test.each([
    [{ zipcode: '10001', radius: '15', days: '30' }, 'donations/v1/search/10001/15/30'],
    [{ zipcode: '00000', radius: '60', days: '90' }, 'donations/v1/search/00000/60/90'],
    [{ zipcode: '../../users', radius: '15', days: '30' }, 'donations/v1/search/..%2F..%2Fusers/15/30'],
    [{ zipcode: '1?x=1#y', radius: '15', days: '30' }, 'donations/v1/search/1%3Fx%3D1%23y/15/30'],
    [{ zipcode: '', radius: '15', days: '30' }, 'donations/v1/search//15/30'],
    [{ zipcode: '..', radius: '.', days: '30' }, 'donations/v1/search/%252E%252E/%252E/30'],
    [{ zipcode: '10 001', radius: '15', days: '30' }, 'donations/v1/search/10%20001/15/30'],
  ])('%j → %s', (query, path) => {
    expect(searchPath(query)).toBe(path);
  });

  test.each(['..', '.', '%2e', '%2E%2e', '...'])(
    'the segment %j never resolves as a dot segment',
    (value) => {
      const url = new URL(`https://example.test/wp-json/donations/v1/search/${pathSegment(value)}/15/30`);
      expect(url.pathname.split('/')).toHaveLength(8);
    },
  );
});
