import { fillText } from '../../../src/shared/translated-texts.ts';
import type { LatLng, SearchQuery, SearchResults } from '../search/donation.ts';

/**
 * One donation marker, titled with its zip code and labelled 1: it stands for one donation, and choosing
 * it lists that one (the zip's count would promise more than it opens where some of the zip's donations
 * have no coordinates); donations at one place draw as a cluster with their count.
 */
export interface MarkerSpec {
  position: LatLng;
  /** The donation's zip code, which groups markers by the boundary they fall in. */
  zip: string;
  /** What the marker shows on hover. */
  title: string;
  label: string;
  /** The donation's place in the search's donations, which the table uses too. */
  index: number;
}

/** Everything the map draws for one search, computed before any map code is loaded. */
export interface MapPicture {
  center: LatLng;
  /** Title of the centre marker. */
  centerTitle: string;
  markers: readonly MarkerSpec[];
  /** The radius searched, in miles: the first view shows all of it. */
  radiusMiles: number;
  /** Zip codes whose boundary files exist by name: the searched one first, then each zip with donations. */
  boundaryZips: readonly string[];
}

/** Boundary files are named `zip{5 digits}.kml`; any other key could only ever miss. */
const BOUNDARY_ZIP = /^\d{5}$/;

/**
 * What to draw for a result set: a centre marker on the searched zip code, one marker per donation
 * that has coordinates, and the boundaries of the searched zip and of every zip that has donations.
 */
export function mapPicture(
  query: SearchQuery,
  results: SearchResults,
  centerTitle = 'Searched zip code {zipcode}',
): MapPicture {
  const markers: MarkerSpec[] = [];
  results.donations.forEach(({ position, zipcode }, index) => {
    if (!position) return;
    markers.push({
      position,
      zip: zipcode,
      title: zipcode,
      label: '1',
      index,
    });
  });
  const zips = new Set([query.zipcode, ...results.countsByZip.keys()]);
  return {
    center: results.center,
    centerTitle: fillText(centerTitle, { zipcode: query.zipcode }),
    markers,
    radiusMiles: Number(query.radius),
    boundaryZips: [...zips].filter((zip) => BOUNDARY_ZIP.test(zip)),
  };
}
