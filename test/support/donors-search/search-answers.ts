/**
 * Bodies shaped like the mock server's (and the WordPress plugin's) answers, for msw handlers in the
 * unit and component tests. See mock-server/wordpress/search-response.js and mock-server/wordpress/responses.js.
 */
import { HttpResponse, http } from 'msw';
import type { DonationItem, SearchSuccess } from '../../../mock-server/wordpress/search-response.js';

/** One donation as the route lists it: every field unknown, since the fault switches change them. */
export type RouteItem = DonationItem;

/** The route's answer to a search that found its zip code (`data` is absent only under a fault switch). */
export type RouteAnswer = SearchSuccess & Required<Pick<SearchSuccess, 'data'>>;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The `n`th donation of an answer, as the route lists it: numbered by its place (from 1), the title
 * already cut before the donor's name, coordinates to 3 decimals, in the route's order of fields.
 */
export const item = (n: number, zipcode = '10001', fields: Partial<RouteItem> = {}): RouteItem => ({
  title: `Donation ${n}`,
  date: `2025-03-${String((n % 28) + 1).padStart(2, '0')} 10:00:00`,
  zipcode,
  coordinates: { lat: round3(40.75 + n / 64), lng: round3(-73.99 - n / 64) },
  number: n,
  ...fields,
});

/** A successful search body; counts per zip are computed unless given. */
export function searchBody(
  zipcode: string,
  items: RouteItem[],
  counts?: Record<string, number> | [],
): RouteAnswer {
  const computed: Record<string, number> = {};
  for (const { zipcode: zip } of items) computed[String(zip)] = (computed[String(zip)] ?? 0) + 1;
  return {
    request: { zipcode, radius: '15', days: '30' },
    coordinates: { lat: 40.75, lng: -73.99 },
    donations_by_zipcode: counts ?? (items.length > 0 ? computed : []),
    data: { donations: items },
  };
}

export const wpErrorBody = (errors: Record<string, unknown>) => ({ errors, error_data: [] });

export const REST_NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

export const INVALID_NONCE = {
  code: 'rest_cookie_invalid_nonce',
  message: 'Cookie check failed',
  data: { status: 403 },
};

export const SEARCH_ROUTE = '/wp-json/donations/v1/search/:zipcode/:radius/:days';

/** The route as the mock server answers it for well-formed paths: donations for any zip but 00000. */
export const searchHandler = (
  items: (zipcode: string) => RouteItem[] = (zip) => [item(1, zip), item(2, zip)],
) =>
  http.get(SEARCH_ROUTE, ({ params }) => {
    const zipcode = String(params.zipcode);
    if (!/^\d{5}$/.test(zipcode)) return HttpResponse.json(REST_NO_ROUTE, { status: 404 });
    if (zipcode === '00000')
      return HttpResponse.json(wpErrorBody({ nozipcodes: [`No zip codes returned for ${zipcode}.`] }));
    return HttpResponse.json(searchBody(zipcode, items(zipcode)));
  });

/** A zip's boundary as the mock server's KML route serves it: one polygon placemark. */
export const kmlFor = (zip: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>${zip}</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>-74,40.7,0 -73.9,40.7,0 -73.9,40.8,0 -74,40.7,0</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Document></kml>`;

export const kmlHandler = () =>
  http.get('/zipcodes/:file', ({ params }) => {
    const zip = /^zip(\d{5})\.kml$/.exec(String(params.file))?.[1];
    if (!zip || zip === '99999') return new HttpResponse('Not Found', { status: 404 });
    return new HttpResponse(kmlFor(zip), {
      headers: { 'Content-Type': 'application/vnd.google-earth.kml+xml' },
    });
  });
