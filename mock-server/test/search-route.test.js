import { distance } from 'geokdbush';
import { describe, expect, it } from 'vitest';
import { buildDonationIndex } from '../data/donation-index.js';
import { parseWordPressDate } from '../data/wordpress-date.js';
import { KM_PER_MILE, zipTable } from '../data/zip-table.js';
import { isSearchSuccess, shapeOf } from '../wordpress/response-shapes.js';
import { searchResponseBody } from '../wordpress/search-response.js';
import { mockServerForThisFile, NOW } from './helpers.js';

const mock = mockServerForThisFile();
const search = (/** @type {string} */ path, /** @type {RequestInit} */ init = {}) =>
  mock.request(`/wp-json/donations/v1/search/${path}`, init);

const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

/** A donation as the answer and the stored record both tell it: date, zip and title up to its first " - ". */
const key = (/** @type {any} */ d) => `${d.date}|${d.zipcode}|${String(d.title).split(' - ')[0]}`;

/** What the answer must be: every donation whose zip centroid is within the radius, in the last `days` days. */
function expectedKeys(
  /** @type {string} */ zipcode,
  /** @type {number} */ miles,
  /** @type {number} */ days,
) {
  const centre = zipTable.rowOf(zipcode);
  const cutoff = NOW - Math.min(days, 90) * 86_400_000;
  return mock.server.db.donations
    .filter((/** @type {any} */ d) => {
      const row = zipTable.rowOf(d.zipcode);
      const km = distance(zipTable.lng[centre], zipTable.lat[centre], zipTable.lng[row], zipTable.lat[row]);
      return km <= miles * KM_PER_MILE && parseWordPressDate(d.date) >= cutoff;
    })
    .map(key)
    .sort();
}

/** Three decimals at most, as PHP's round($value, 3) leaves a coordinate. */
const threeDecimals = (/** @type {number} */ value) =>
  Number.isFinite(value) && /^-?\d+(\.\d{1,3})?$/.test(String(value));

describe('GET /wp-json/donations/v1/search/{zipcode}/{radius}/{days}', () => {
  it('answers a search in the documented shape, as UTF-8 JSON', async () => {
    const { status, headers, json } = await search('10001/15/30');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(isSearchSuccess(json)).toBe(true);
    expect(json.request).toEqual({ zipcode: '10001', radius: '15', days: '30' });
    // The zip table's 40.7484, -73.9967, rounded as the original rounds it.
    expect(json.coordinates).toEqual({ lat: 40.748, lng: -73.997 });
    expect(json.data.donations.length).toBeGreaterThan(50);
    const [first] = json.data.donations;
    expect(Object.keys(first)).toEqual(['title', 'date', 'zipcode', 'coordinates', 'number']);
    expect(first.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('returns exactly the donations within the radius (haversine from the zip centroid) and the days', async () => {
    for (const [zipcode, miles, days] of /** @type {const} */ ([
      ['10001', 15, 30],
      ['90012', 5, 60],
      ['60601', 45, 90],
      ['77002', 1, 7],
    ])) {
      const { json } = await search(`${zipcode}/${miles}/${days}`);
      const found = json.data.donations.map(key).sort();
      expect(found, `${zipcode}/${miles}/${days}`).toEqual(expectedKeys(zipcode, miles, days));
    }
  });

  it('counts the donations of every zip in donations_by_zipcode, and lists the newest first', async () => {
    const { json } = await search('30303/30/45');
    /** @type {Record<string, number>} */
    const counts = {};
    for (const d of json.data.donations) counts[d.zipcode] = (counts[d.zipcode] ?? 0) + 1;
    expect(json.donations_by_zipcode).toEqual(counts);
    const dates = json.data.donations.map((/** @type {any} */ d) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('numbers the donations 1…N in the order found, newest first, whatever the records carry', async () => {
    const { json } = await search('60601/30/90');
    const { donations } = json.data;
    expect(donations.length).toBeGreaterThan(1000);
    expect(donations.map((/** @type {any} */ d) => d.number)).toEqual(
      donations.map((/** @type {unknown} */ _, /** @type {number} */ i) => i + 1),
    );
  });

  it('answers each title up to its first " - ": no donor name, and a priority donation reads PRIORITY', async () => {
    const stored = mock.server.db.donations.map((/** @type {any} */ d) => d.title);
    // The demo data is filed as the original files it: "<items> - <first> <last>", some with "PRIORITY - " before.
    expect(stored.every((/** @type {string} */ t) => / - \S+ \S+$/.test(t))).toBe(true);
    expect(stored.filter((/** @type {string} */ t) => t.startsWith('PRIORITY - ')).length).toBeGreaterThan(
      100,
    );
    const titles = (await search('60601/30/90')).json.data.donations.map((/** @type {any} */ d) => d.title);
    expect(titles.filter((/** @type {string} */ t) => t.includes(' - '))).toEqual([]);
    expect(titles).toContain('PRIORITY');
    expect(titles.filter((/** @type {string} */ t) => t !== 'PRIORITY').length).toBeGreaterThan(1000);
  });

  it("rounds the searched zip's coordinates and every donation's to 3 decimals, as the original does", async () => {
    const { json } = await search('30303/30/45');
    expect([json.coordinates.lat, json.coordinates.lng].every(threeDecimals)).toBe(true);
    const coordinates = json.data.donations.flatMap((/** @type {any} */ d) => [
      d.coordinates.lat,
      d.coordinates.lng,
    ]);
    expect(coordinates.length).toBeGreaterThan(100);
    expect(coordinates.filter((/** @type {number} */ c) => !threeDecimals(c))).toEqual([]);
    // Rounded, not dropped: the donations are still spread over their zips.
    const points = new Set(
      json.data.donations.map((/** @type {any} */ d) => `${d.coordinates.lat},${d.coordinates.lng}`),
    );
    expect(points.size).toBeGreaterThan(
      new Set(json.data.donations.map((/** @type {any} */ d) => d.zipcode)).size,
    );
  });

  it('searches days that are not a number as 90, and echoes them as asked', () => {
    const index = buildDonationIndex(mock.server.db.donations);
    const asked = (/** @type {string} */ days) =>
      /** @type {any} */ (searchResponseBody(index, { zipcode: '10001', radius: '10', days }, NOW));
    const ninety = asked('90');
    for (const days of ['abc', '', '1e9']) {
      const body = asked(days);
      expect(body.request.days).toBe(days);
      expect(body.data.donations).toEqual(ninety.data.donations);
    }
    expect(asked('0').data.donations).toEqual([]);
  });

  it('treats days above 90 as 90', async () => {
    const ninety = await search('10001/10/90');
    const ninetyNine = await search('10001/10/99');
    expect(ninetyNine.json.data.donations).toEqual(ninety.json.data.donations);
    expect(ninetyNine.json.request.days).toBe('99');
    expect(ninety.json.data.donations.length).toBeGreaterThan(
      (await search('10001/10/60')).json.data.donations.length,
    );
  });

  it('answers an unknown zip with the WP_Error shape, HTTP 200', async () => {
    for (const zipcode of ['00000', '99999']) {
      const { status, headers, text } = await search(`${zipcode}/15/30`);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(text).toBe(
        `{"errors":{"nozipcodes":["No zip codes returned for ${zipcode}."]},"error_data":[]}`,
      );
    }
  });

  it('answers a known zip without donations in range with an empty list, and [] counts as PHP does', async () => {
    const { json } = await search('99950/1/30');
    expect(json.data.donations).toEqual([]);
    expect(json.donations_by_zipcode).toEqual([]);
  });

  it('tolerates a query string, a trailing slash and a differently cased namespace, as WordPress does', async () => {
    for (const path of ['10001/15/30?_locale=user', '10001/15/30/', '10001/15/30/?_locale=user&x[]=1']) {
      const { status, json } = await search(path);
      expect(shapeOf(status, json), path).toBe('success');
    }
    const upper = await mock.request('/wp-json/Donations/V1/Search/10001/15/30');
    expect(upper.status).toBe(200);
  });

  it.each([
    ['a 4-digit zip', '1000/15/30'],
    ['a 6-digit zip', '100011/15/30'],
    ['letters', 'abcde/15/30'],
    ['a 3-digit radius', '10001/150/30'],
    ['a 3-digit days', '10001/15/300'],
    ['an empty segment', '10001//30'],
    ['a missing segment', '10001/15'],
    ['an extra segment', '10001/15/30/1'],
    ['a URL-encoded digit', '1000%31/15/30'],
    ['an encoded slash', '10001%2F15/30'],
    ['a negative radius', '10001/-1/30'],
    ['a decimal', '10001/1.5/30'],
  ])('answers %s with 404 rest_no_route', async (_name, path) => {
    const { status, headers, json } = await search(path);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(json).toEqual(NO_ROUTE);
  });

  it('answers other methods and every other /wp-json/ path with rest_no_route', async () => {
    expect((await search('10001/15/30', { method: 'POST' })).json).toEqual(NO_ROUTE);
    expect((await search('10001/15/30', { method: 'DELETE' })).status).toBe(404);
    for (const path of ['/wp-json/', '/wp-json', '/wp-json/wp/v2/posts', '/wp-json/donations/v1/search']) {
      const { status, json } = await mock.request(path);
      expect([path, status, json]).toEqual([path, 404, NO_ROUTE]);
    }
  });
});

describe('the donations collection', () => {
  it('is a json-server resource whose new donations appear in the next search', async () => {
    const before = (await search('59001/5/30')).json;
    const posted = await mock.request('/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'Piano bench - Pat Doe',
        zipcode: '59001',
        date: '2025-06-15 10:30:00',
        coordinates: { lat: 45.5, lng: -109.5 },
      }),
    });
    expect(posted.status).toBe(201);
    const after = (await search('59001/5/30')).json;
    expect(before.data.donations).toEqual([]);
    expect(before.donations_by_zipcode).toEqual([]);
    expect(after.data.donations).toEqual([
      {
        title: 'Piano bench',
        date: '2025-06-15 10:30:00',
        zipcode: '59001',
        coordinates: { lat: 45.5, lng: -109.5 },
        number: 1,
      },
    ]);
    expect(after.donations_by_zipcode).toEqual({ 59001: 1 });
  });

  it("answers a donation stored without coordinates at its zip's centroid, and cuts every title as the original", async () => {
    const post = (/** @type {object} */ body) =>
      mock.request('/donations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ zipcode: '59003', ...body }),
      });
    await post({ title: 'PRIORITY - Sofa, Dresser - Pat Doe', date: '2025-06-15 09:00:00' });
    await post({
      title: 'Sofa - bed - Pat Doe',
      date: '2025-06-14 09:00:00',
      // Halves away from zero, even where the multiplication lands just under the half (32002.4999…).
      coordinates: { lat: 32.0025, lng: -108.0005 },
    });
    await post({ title: 'Lamp', date: '2025-06-13 09:00:00', coordinates: false });
    await post({ title: ' - Pat Doe', date: '2025-06-12 09:00:00' });
    // The zip table's 45.5827, -106.2797, rounded.
    const centroid = { lat: 45.583, lng: -106.28 };
    const { json } = await search('59003/0/30');
    expect(json.data.donations.map((/** @type {any} */ d) => [d.number, d.title, d.coordinates])).toEqual([
      [1, 'PRIORITY', centroid],
      [2, 'Sofa', { lat: 32.003, lng: -108.001 }],
      [3, 'Lamp', centroid],
      [4, '', centroid],
    ]);
  });

  it('follows edits and deletions', async () => {
    const { json: created } = await mock.request('/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Lamp', zipcode: '59002', date: '2025-06-14 09:00:00' }),
    });
    const found = async () =>
      (await search('59002/1/30')).json.data.donations.map((/** @type {any} */ d) => d.title);
    expect(await found()).toEqual(['Lamp']);
    await mock.request(`/donations/${created.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Two lamps' }),
    });
    expect(await found()).toEqual(['Two lamps']);
    await mock.request(`/donations/${created.id}`, { method: 'DELETE' });
    expect(await found()).toEqual([]);
  });

  it('keeps answering when a client POSTs a donation without a usable zip or date', async () => {
    for (const body of [
      {},
      { zipcode: 10001 },
      { zipcode: '10001', date: 'yesterday' },
      { zipcode: '<b>' },
    ]) {
      const { status } = await mock.request('/donations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(status).toBe(201);
    }
    expect(shapeOf(200, (await search('10001/15/30')).json)).toBe('success');
  });

  it('answers a JSON body that does not parse with 400, not a crash', async () => {
    const { status } = await mock.request('/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":',
    });
    expect(status).toBe(400);
  });
});
