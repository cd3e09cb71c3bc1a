/** A position on the map, in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * One donation as the island shows it. Every field the visitor reads is plain text (the server's
 * values are untrusted), and `position` is absent when the server sent `coordinates: false` or nothing
 * usable: the donation still gets its table row, just no marker.
 */
export interface Donation {
  number: string;
  title: string;
  zipcode: string;
  date: string;
  position?: LatLng;
}

/** What a successful search found. */
export interface SearchResults {
  /** The centre of the searched zip code. */
  center: LatLng;
  donations: readonly Donation[];
  /**
   * Donations per zip code: the server's `donations_by_zipcode`, completed with a count computed from
   * the donations for any zip it left out.
   */
  countsByZip: ReadonlyMap<string, number>;
}

/** What the visitor asked for, exactly as the request path and the results alert use it. */
export interface SearchQuery {
  zipcode: string;
  radius: string;
  days: string;
}
