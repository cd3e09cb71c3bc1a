import type { Donation, SearchResults } from '../search/donation.ts';
import { mapPicture } from './map-picture.ts';

const donation = (zipcode: string, position?: { lat: number; lng: number }): Donation => ({
  number: '1',
  title: 't',
  zipcode,
  date: 'd',
  ...(position && { position }),
});
const query = { zipcode: '10001', radius: '15', days: '30' };

describe('mapPicture', () => {
  const here = { lat: 40.7, lng: -74 };
  const results: SearchResults = {
    center: { lat: 40.75, lng: -73.99 },
    donations: [donation('10001', here), donation('10002'), donation('10002', here), donation('<b>', here)],
    countsByZip: new Map([
      ['10001', 1],
      ['10002', 2],
      ['10003', 5],
      ['<b>', 1],
    ]),
  };

  test('one marker per donation with coordinates, keyed and titled with its zip, labelled 1 (what it lists when chosen, whatever the zip’s count), naming its row', () => {
    expect(mapPicture(query, results).markers).toEqual([
      { position: here, zip: '10001', title: '10001', label: '1', index: 0 },
      { position: here, zip: '10002', title: '10002', label: '1', index: 2 },
      { position: here, zip: '<b>', title: '<b>', label: '1', index: 3 },
    ]);
  });

  test('centred on the searched zip with a titled centre marker', () => {
    expect(mapPicture(query, results)).toMatchObject({
      center: results.center,
      centerTitle: 'Searched zip code 10001',
      radiusMiles: 15,
    });
  });

  test('boundaries for the searched zip, then each zip with donations, once each and only real zip codes', () => {
    expect(mapPicture(query, results).boundaryZips).toEqual(['10001', '10002', '10003']);
  });
});
