/**
 * Generated sites for the proof that the plugin answers Donation Manager's search as Donation Manager does
 * (donation-manager-route.wordpress.test.ts): a zip table with several rows for some zips (different city
 * names), pickup codes whose names are not always their slugs, donations of random titles, ages, statuses,
 * organizations and one or more pickup codes, a default organization set or not, and searches that read
 * their parameters from the query string too (days over 90 or not a number, a zip that cannot be one),
 * on sites where a `pre_get_posts` hook narrows the donations query or none does.
 */
import fc from 'fast-check';

export interface Search {
  path: [string, string, string];
  query: Record<string, string>;
}

export interface Site {
  rows: [zip: string, city: string, lat: string, lng: string][];
  /** slug, name */
  terms: [string, string][];
  /** 0 no default organization, 1 an organization without its transportation department, 2 both set. */
  org: 0 | 1 | 2;
  donations: { title: string; age: number; status: string; org: number; terms: number[] }[];
  searches: Search[];
  /** A site whose `pre_get_posts` hook narrows every donations query: it leaves out the first donation. */
  narrow?: boolean;
}

const DAY = 86_400;
// Zips around one centre (some within a few miles of each other, some far), one with a leading zero, which
// Donation Manager's table (a number column) keeps without it.
const ZIPS = ['60601', '60602', '60611', '60657', '60430', '61820', '10001', '02134'];
const CITIES = ['Chicago', 'Evanston', 'Oak Park', 'Zion', 'Berwyn', 'Cicero', 'Aurora'];

const coordinate = (base: number) =>
  fc.integer({ min: -3_000_000, max: 3_000_000 }).map((offset) => (base + offset / 10_000_000).toFixed(7));

// Mostly around the centre; now and then a state away, or near the pole, where the plugin's scan reads the
// zip table differently (its band of latitude) and must still find what Donation Manager's finds.
const row = fc.record({
  zip: fc.constantFrom(...ZIPS),
  lat: fc.oneof(
    { weight: 8, arbitrary: coordinate(41.8) },
    { weight: 1, arbitrary: coordinate(40.7) },
    { weight: 1, arbitrary: coordinate(89.5) },
  ),
  lng: fc.oneof({ weight: 8, arbitrary: coordinate(-87.6) }, { weight: 1, arbitrary: coordinate(-74) }),
});

/** A pickup code's name: mostly its zip, sometimes not (another zip, words, a zip in words). */
const termName = (slug: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(slug) },
    { weight: 1, arbitrary: fc.constantFrom(...ZIPS) },
    { weight: 1, arbitrary: fc.constantFrom('Chicago 60601', 'Loop', '6060', '99999') },
  );

const title = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('Sofa', 'PRIORITY', '<b>oak</b>', 'Désolé "x"', ''),
    ),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .chain((parts) => fc.constantFrom(' - ', ' -', '-', ' – ').map((glue) => parts.join(glue)));

/** A query parameter over the path's, now and then. */
const parameter = (values: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...values) },
  );

const search: fc.Arbitrary<Search> = fc
  .record({
    zip: fc.constantFrom(...ZIPS, '99999'),
    radius: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 10, max: 40 })).map(String),
    days: fc.integer({ min: 0, max: 99 }).map(String),
    qZip: parameter(['abc', '1234', 'x60601x', '60611', '99999']),
    qRadius: parameter(['abc', '150', '5']),
    qDays: parameter(['500', 'abc', '1e1', '91', '7.5']),
  })
  .map(({ zip, radius, days, qZip, qRadius, qDays }) => ({
    path: [zip, radius, days] as [string, string, string],
    query: {
      ...(qZip !== undefined && { zipcode: qZip }),
      ...(qRadius !== undefined && { radius: qRadius }),
      ...(qDays !== undefined && { days: qDays }),
    },
  }));

/** One generated site. Ages draw from a few fixed values at times, so that some donations share a second. */
export const site: fc.Arbitrary<Site> = fc
  .record({
    // Most zips in the table (a few missing from it), some twice or more.
    rows: fc
      .tuple(
        fc
          .subarray(ZIPS, { minLength: ZIPS.length - 2 })
          .chain((zips) => fc.tuple(...zips.map((zip) => row.map((r) => ({ ...r, zip }))))),
        fc.array(row, { maxLength: 6 }),
      )
      .map(([each, more]) => [...each, ...more]),
    cities: fc.shuffledSubarray(CITIES, { minLength: CITIES.length, maxLength: CITIES.length }),
    extraTerms: fc.constantFrom(ZIPS, ZIPS.slice(0, 5)),
    org: fc.constantFrom(0 as const, 1 as const, 2 as const, 2 as const, 2 as const, 2 as const, 2 as const),
    searches: fc.array(search, { minLength: 1, maxLength: 3 }),
    narrow: fc.constantFrom(false, false, false, true),
  })
  .chain(({ rows, cities, extraTerms, org, searches, narrow }) =>
    fc
      .tuple(...extraTerms.map((slug) => termName(slug).map((name) => [slug, name] as [string, string])))
      .chain((terms) =>
        fc
          .array(
            fc.record({
              title,
              age: fc.oneof(
                { weight: 5, arbitrary: fc.integer({ min: 1, max: 120 * DAY }) },
                { weight: 1, arbitrary: fc.constantFrom(3600, 5 * DAY) },
              ),
              status: fc.constantFrom('publish', 'publish', 'publish', 'draft'),
              org: fc.constantFrom(0, 0, 0, 0, 0, 1, -1),
              terms: fc.uniqueArray(fc.nat({ max: terms.length - 1 }), { minLength: 1, maxLength: 2 }),
            }),
            { maxLength: 25 },
          )
          .map((donations) => ({
            // Each zip's rows under different city names, so the first by city name is one row.
            rows: rows.map(
              ({ zip, lat, lng }, index) =>
                [
                  zip,
                  cities[rows.slice(0, index).filter((r) => r.zip === zip).length % cities.length],
                  lat,
                  lng,
                ] as [string, string, string, string],
            ),
            terms,
            org,
            donations,
            searches,
            narrow,
          })),
      ),
  );

interface Donation {
  title: unknown;
  date: string;
  zipcode: unknown;
  coordinates: unknown;
  number: number;
}

/**
 * Whether two answers are the same, allowing only what the database decides: donations filed in the same
 * second in any order (each keeps its number by place). Without such ties, the bytes must be the same.
 */
export function sameAnswer(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  let a: { data?: { donations?: Donation[] }; donations_by_zipcode?: unknown };
  let b: typeof a;
  try {
    a = JSON.parse(expected);
    b = JSON.parse(actual);
  } catch {
    return false;
  }
  const donations = a?.data?.donations;
  if (!Array.isArray(donations) || new Set(donations.map((d) => d.date)).size === donations.length)
    return false;
  const normal = (answer: typeof a) => {
    const runs: string[][] = [];
    answer.data?.donations?.forEach((d, place) => {
      const line = JSON.stringify({ ...d, number: d.number === place + 1 });
      if (place > 0 && answer.data?.donations?.[place - 1]?.date === d.date)
        runs[runs.length - 1]?.push(line);
      else runs.push([line]);
    });
    const counts = Object.entries((answer.donations_by_zipcode ?? {}) as object).sort(([x], [y]) =>
      x.localeCompare(y),
    );
    return JSON.stringify({ ...answer, donations_by_zipcode: counts, data: runs.map((run) => run.sort()) });
  };
  return normal(a) === normal(b);
}
